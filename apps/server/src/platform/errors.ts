import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONFLICT_MESSAGE, SERVER_MESSAGES, shopRefusal } from '@shop/contracts';
import { loggableError } from './log-redaction';

// Every refusal a schema does not word itself is said in the shop's words ('The title must be a string.'), never
// zod's ('Invalid input: expected string, received number'): for every route, upload form and socket event.
z.config({ customError: shopRefusal });

export type FieldErrors = Record<string, string[]>;

/** The one error type of the server; the error handler turns it into the D2 JSON shape. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: FieldErrors,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string = SERVER_MESSAGES.malformed) => new AppError(400, message);
export const unauthenticated = (message: string = SERVER_MESSAGES.unauthenticated) =>
  new AppError(401, message);
export const forbidden = (message: string = SERVER_MESSAGES.forbidden) => new AppError(403, message);
export const notFound = (message: string = SERVER_MESSAGES.notFound) => new AppError(404, message);
export const conflict = (message: string, errors?: FieldErrors) => new AppError(409, message, errors);
export const tooLarge = (message: string = SERVER_MESSAGES.tooLarge) => new AppError(413, message);
export const unsupportedType = (message: string = SERVER_MESSAGES.unsupportedType, errors?: FieldErrors) =>
  new AppError(415, message, errors);
export const validationFailed = (errors: FieldErrors, message?: string) =>
  new AppError(422, message ?? Object.values(errors)[0]?.[0] ?? SERVER_MESSAGES.validation, errors);
export const fieldError = (field: string, message: string) => validationFailed({ [field]: [message] });
/** A 429 saying how long to wait, in its Retry-After header (seconds) and its message (whole minutes). */
export function rateLimited(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(429, SERVER_MESSAGES.tooManyAttempts(Math.ceil(seconds / 60)), undefined, {
    'Retry-After': String(seconds),
  });
}

/**
 * Turns zod issues (instancePath '/a/0/b') into the `errors` map keyed by dotted field names; a field lists each
 * text once (two failed checks that say the same words are one message to the user).
 */
export function issuesToFieldErrors(issues: { instancePath?: string; message?: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
    const message = issue.message ?? 'Invalid value.';
    const field = (errors[key] ??= []);
    if (!field.includes(message)) field.push(message);
  }
  return errors;
}

const PG_UNAVAILABLE = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
]);

/** The SQLSTATE of the PostgreSQL error in the error's chain of causes (drizzle wraps it), if there is one. */
function postgresCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * A PostgreSQL refusal of the request's data that no check of the route caught: a value the column cannot hold
 * (class 22: 422) or one a constraint refuses, a duplicate or a row referred to that is gone (23505, 23503: 409).
 */
function dataRefusal(err: unknown): { status: 409 | 422; message: string } | undefined {
  const code = postgresCode(err);
  if (!code) return undefined;
  if (code.startsWith('22')) return { status: 422, message: SERVER_MESSAGES.validation };
  if (code === '23505' || code === '23503') return { status: 409, message: CONFLICT_MESSAGE };
  return undefined;
}

function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown };
  if (e?.code && PG_UNAVAILABLE.has(e.code)) return true;
  if (
    typeof e?.message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect/i.test(e.message)
  )
    return true;
  return e?.cause ? isDatabaseUnavailable(e.cause) : false;
}

const MULTIPART_LIMITS = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
]);

/** A limit of the multipart parser was passed (file size, number of files, parts or fields): a 413. */
export function isMultipartLimitError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && MULTIPART_LIMITS.has(code);
}

/**
 * Refusals of the router, which never reach the error handler: a path whose percent-encoding is broken (400; a
 * page's path never is, see escapeBrokenPageUrl in web-app.ts) and a path parameter longer than the router takes
 * (404, like every invalid path parameter).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    void reply.code(404).send({ message: SERVER_MESSAGES.notFound });
  else if (error.code === 'FST_ERR_BAD_URL')
    void reply.code(400).send({ message: SERVER_MESSAGES.malformed });
  else void reply.code(500).send({ message: SERVER_MESSAGES.serverError });
}

// How long a connection refused mid-body stays open for its client to read the answer.
const REFUSED_BODY_GRACE_MS = 2_000;

/**
 * An answer sent before the request's body arrived whole (an oversized upload refused on the way): the rest of
 * the body is never read. The request stays paused, so the client's sending stalls; the connection is ended once
 * the answer is out and dropped a moment later. Not dropped at once: a reset reaching a client that is still
 * sending makes it lose the answer it has not read yet.
 */
function closeWithoutReading(request: FastifyRequest, reply: FastifyReply): void {
  const socket = request.raw.socket;
  reply.raw.once('finish', () => {
    request.raw.pause();
    socket.pause();
    socket.end();
    setTimeout(() => socket.destroy(), REFUSED_BODY_GRACE_MS).unref();
  });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (request.raw.complete === false) closeWithoutReading(request, reply);
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed id in the path names no resource that exists.
      if (error.validationContext === 'params')
        return reply.code(404).send({ message: SERVER_MESSAGES.notFound });
      const errors = issuesToFieldErrors(error.validation);
      return reply
        .code(422)
        .send({ message: Object.values(errors)[0]?.[0] ?? SERVER_MESSAGES.validation, errors });
    }
    const refusal = error.statusCode === undefined ? dataRefusal(error) : undefined;
    if (refusal) {
      request.log.warn({ err: loggableError(error) }, 'request refused by the database');
      return reply.code(refusal.status).send({ message: refusal.message });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || isMultipartLimitError(error)) {
      return reply.code(413).send({ message: SERVER_MESSAGES.tooLarge });
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
      error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE'
    ) {
      return reply.code(415).send({ message: 'Unsupported content type.' });
    }
    if (status === 429) {
      return reply.code(429).send({ message: SERVER_MESSAGES.rateLimited });
    }
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ message: status === 404 ? SERVER_MESSAGES.notFound : SERVER_MESSAGES.malformed });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: loggableError(error) }, 'database unavailable');
      return reply.code(503).header('Retry-After', '5').send({ message: SERVER_MESSAGES.unavailable });
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.code(500).send({ message: SERVER_MESSAGES.serverError });
  });
}
