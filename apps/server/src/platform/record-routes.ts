import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { idParam } from '@shop/contracts';
import { errors } from './http';

type App = FastifyInstance | ReturnType<FastifyInstance['withTypeProvider']>;
type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
type ErrorCode = Parameters<typeof errors>[number];

interface RecordRoute<K extends string, B extends z.ZodType | undefined> {
  method: 'GET' | 'PUT' | 'POST';
  url: string;
  guard: Guard;
  tags: readonly string[];
  /** The answer's schema: `{ [key]: record }`. */
  answer: z.ZodType;
  key: K;
  body?: B;
  /** 200, or 201 where the route creates the record. */
  status?: 200 | 201;
  errors: readonly ErrorCode[];
}

type BodyOf<B> = B extends z.ZodType ? z.infer<B> : undefined;

/**
 * A route on one record named by `:id` that answers `{ [key]: record }`: the guard, the schema (id param, optional
 * body, answer and error codes for the OpenAPI document) and the status, so each route only says what it runs.
 */
export function recordRoute<K extends string, B extends z.ZodType | undefined = undefined>(
  app: App,
  route: RecordRoute<K, B>,
  run: (id: number, body: BodyOf<B>, request: FastifyRequest) => Promise<unknown>,
) {
  const status = route.status ?? 200;
  (app as FastifyInstance).withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: route.url,
    onRequest: route.guard,
    schema: {
      tags: [...route.tags],
      params: idParam,
      ...(route.body ? { body: route.body } : {}),
      response: { [status]: route.answer, ...errors(...route.errors) },
    },
    handler: async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParam>;
      const record = await run(id, request.body as BodyOf<B>, request);
      return reply.code(status).send({ [route.key]: record });
    },
  });
}
