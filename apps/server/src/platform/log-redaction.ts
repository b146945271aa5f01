import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Mailed links carry single-use secrets in their query (`token=`, also inside a sign-in's encoded `next=`): logs
 * keep the path, never the value.
 */
export function redactUrlSecrets(url: string): string {
  return url.replace(/((?:[?&]|%3F|%26)token(?:=|%3D))[^&#]*/gi, '$1[redacted]');
}

/** Fastify's request log line (method, url, host, address), with the url's secrets redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrlSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The server's logger as deployed (main.ts): JSON lines at `level`, without credentials, tokens or query values. */
export function serverLoggerOptions(
  level: string,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    // Every logged `err` without a failed query's parameters, also one a log call passed as it was caught.
    serializers: { req: requestLogSerializer, err: loggableError },
  };
}

/**
 * An error as the logs keep it, in the shape of pino's own error serializer (its causes' messages and stacks
 * appended after `: ` and `caused by: `) but without a failed query's parameters or a PostgreSQL error's row
 * values (its `detail`). `code` and the constraint, table and column names are the error's own or, when it has
 * none (drizzle's wrapper), its nearest cause's: the PostgreSQL error's SQLSTATE.
 */
export type LoggedError = {
  type: string;
  message: string;
  /** Empty for a thrown value that is not an Error. */
  stack: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  errors?: LoggedError[];
};

// drizzle-orm's DrizzleQueryError says `Failed query: <sql>\nparams: <values>`: the values are user data and
// secrets (a reset link's token in a mail body, a password hash).
const PARAMS_MARK = '\nparams:';
// How many causes are followed, and how many of an AggregateError's errors are kept.
const MAX_CAUSES = 4;
const MAX_ERRORS = 5;
// The answers of loggableError, returned as they are when they come again (a logger's `err` serializer).
const serialized = new WeakSet<object>();
const PG_FIELDS = ['constraint', 'table', 'column'] as const;

/** A PostgreSQL data exception (class 22) quotes the value it refused: `invalid input syntax for type uuid: "..."`. */
function withoutValues(message: unknown, code: unknown): string {
  const whole = typeof message === 'string' ? message : String(message ?? '');
  const cut = whole.indexOf(PARAMS_MARK);
  const text = cut < 0 ? whole : whole.slice(0, cut);
  if (typeof code !== 'string' || !code.startsWith('22')) return text;
  return text.replace(/"(?:[^"]|"")*"/g, '"[redacted]"').replace(/: 0x[0-9a-f ]+$/i, ': [redacted]');
}

/** The stack's frames ("\n    at ..."), without its first line(s), which repeat the unredacted message. */
function framesOf(err: Error): string {
  const stack = typeof err.stack === 'string' ? err.stack : '';
  const message = typeof err.message === 'string' ? err.message : '';
  const at = message ? stack.indexOf(message) : -1;
  const rest = at < 0 ? stack : stack.slice(at + message.length);
  const frames = rest.search(/\n\s+at /);
  return frames < 0 ? '' : rest.slice(frames);
}

const stringField = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : undefined;

type ErrorFields = Error & { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown };

/** drizzle's DrizzleQueryError keeps the name 'Error' and pg's DatabaseError is named 'error': their classes say more. */
function typeOf(err: Error): string {
  const className = (err.constructor as { name?: unknown } | undefined)?.name;
  return typeof className === 'string' && className && className !== 'Error'
    ? className
    : err.name || 'Error';
}

/**
 * A caught error ready for the log (`log.error({ err: loggableError(err) }, ...)`) or a command's stderr. Every
 * caught error the server logs goes through it; main.ts also makes it the logger's `err` serializer. Its answer is
 * left as it is when it is serialized again (by pino's error serializer too: it has no prototype, hence no class
 * name for pino to put in `type`, and no `cause`).
 */
export function loggableError(err: unknown): LoggedError {
  if (err && typeof err === 'object' && serialized.has(err)) return err as LoggedError;
  const logged = Object.create(null) as LoggedError;
  serialized.add(logged);
  if (!(err instanceof Error)) {
    const e = err as { code?: unknown; message?: unknown } | null;
    const code = stringField(e?.code);
    logged.type = err === null ? 'null' : typeof err;
    logged.message = withoutValues(typeof e?.message === 'string' ? e.message : err, code);
    logged.stack = '';
    if (code) logged.code = code;
    return logged;
  }
  const messages: string[] = [];
  const stacks: string[] = [];
  logged.type = typeOf(err);
  let e: ErrorFields | undefined = err;
  for (let depth = 0; e && depth <= MAX_CAUSES; depth++) {
    const message = withoutValues(e.message, e.code);
    messages.push(message);
    stacks.push(`${typeOf(e)}: ${message}${framesOf(e)}`);
    const code = stringField(e.code);
    if (code && !logged.code) {
      logged.code = code;
      for (const key of PG_FIELDS) {
        const value = stringField(e[key]);
        if (value) logged[key] = value;
      }
    }
    const cause: unknown = e.cause;
    e = cause instanceof Error && cause !== e ? cause : undefined;
  }
  logged.message = messages.join(': ');
  logged.stack = stacks.join('\ncaused by: ');
  const inner = (err as { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner.length)
    logged.errors = inner.slice(0, MAX_ERRORS).map((one) => loggableError(one));
  return logged;
}

/** One line for a command's stderr: the error's message, its causes' and its code (no parameters, no stack). */
export function errorSummary(err: unknown): string {
  const logged = loggableError(err);
  return logged.code ? `${logged.message} (${logged.code})` : logged.message;
}
