import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers helmet would set, worked out once from its options. They do not depend on the request,
 * so building helmet's middleware per request (as the Fastify wrapper does) would only repeat the same work.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let error: unknown;
  let done = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    error = err;
    done = true;
  });
  if (error || !done)
    throw new Error('helmet did not produce static headers for these options', { cause: error });
  return headers;
}

/**
 * The headers of an API answer, which is JSON and never a document (OWASP's REST Security set): opened as a page
 * it may load nothing and be framed by no one, its type is not sniffed, and another site cannot read it in a
 * no-CORS request. The page-only headers (the pages' CSP, referrer, opener and DNS prefetch policies) say
 * nothing to a JSON reader. HSTS is kept where the pages have it.
 */
export function apiSecurityHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const hsts = documentHeaders['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
}

/** The API's answers (JSON); the OpenAPI viewer under /api/docs is a page. */
const isApiPath = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Sets the security headers on every answer: routes, static files, 404s and errors alike; an API answer gets
 * the API's set (`apiSecurityHeaders`), every other answer helmet's.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const documentHeaders = securityHeaders(options);
  const apiHeaders = apiSecurityHeaders(documentHeaders);
  app.addHook('onRequest', (request, reply, next) => {
    reply.headers(isApiPath(request.url) ? apiHeaders : documentHeaders);
    next();
  });
});
