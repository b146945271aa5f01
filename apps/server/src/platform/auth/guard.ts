import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_MESSAGES, USER_STATUS } from '@shop/contracts';
import type { Db } from '../../db/connection';
import { AppError, forbidden, unauthenticated } from '../errors';
import { resolveSession, type AuthContext } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Routes that never look at a bearer token (login, register, password reset). */
    skipAuth?: boolean;
    /** Answers no cache may keep though no session is sent (they carry a token or a password's outcome). */
    noStore?: boolean;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** Resolves the bearer token of every request into `request.auth` (null for guests). */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest('auth', null);
  const authenticate = async (request: FastifyRequest, token: string) => {
    request.auth = await resolveSession(opts.db, token);
    // A token that was sent but is unknown or expired is an error even on public routes,
    // so the client clears it instead of silently browsing as a guest.
    if (!request.auth) throw unauthenticated();
    if (request.auth.user.status !== USER_STATUS.active)
      throw new AppError(403, SERVER_MESSAGES.accountInactive);
  };
  // Callback hooks: a guest's request (most of the storefront's) passes them without a promise. They return
  // nothing: Fastify takes a hook that returns a promise (as `done()` may) for an async one and goes on twice.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = bearerToken(request.headers.authorization);
    if (!token || request.routeOptions.config?.skipAuth) done();
    else authenticate(request, token).then(() => done(), done);
  });
  // An answer that depends on a session (or was asked with one, even if refused) is kept by no cache, shared or
  // the browser's own: a shared computer's back button or a proxy never shows one person's data to the next.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      (request.auth || request.headers.authorization || request.routeOptions.config?.noStore) &&
      !String(reply.getHeader('cache-control') ?? '').includes('no-store')
    )
      reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
});

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Any signed-in session, customer or admin (chat, /api/user). */
export const requireSession: Guard = async (request) => {
  if (!request.auth) throw unauthenticated();
};

/** The customer area: a customer session of a user account. */
export const requireCustomer: Guard = async (request) => {
  if (!request.auth) throw unauthenticated();
  if (request.auth.audience !== 'customer' || request.auth.user.role !== 'user') throw forbidden();
};

/** The back-office: an admin session of an admin account. */
export const requireAdmin: Guard = async (request) => {
  if (!request.auth) throw unauthenticated();
  if (request.auth.audience !== 'admin' || request.auth.user.role !== 'admin') throw forbidden();
};

export function currentAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
