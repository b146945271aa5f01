import type { FastifyRequest } from 'fastify';
import { errorResponse } from '@shop/contracts';
import type { AppContext } from '../context';

/** The options every module plugin receives. */
export interface ModuleOptions {
  ctx: AppContext;
}

/** Error answers a route may give, for its schema (and so its OpenAPI entry). */
export function errors(...codes: (400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503 | 507)[]) {
  return Object.fromEntries(codes.map((c) => [c, errorResponse])) as Record<number, typeof errorResponse>;
}

export function requestMeta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
