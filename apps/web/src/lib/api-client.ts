import { RATE_LIMIT_MESSAGES, REQUEST_FAILURE_MESSAGES } from '@shop/contracts';
import { ApiError, type FieldErrors } from './api-error';
import { handleApiError } from './api-error-handling';
import { adminSession, customerSession } from './session-tokens';
import type { SessionKind } from './storage-keys';

/** Which session token a call carries; 'auto' decides from the path. */
export type TokenChoice = 'auto' | SessionKind | 'none';

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Null and undefined values are left out. */
  query?: Record<string, QueryValue | QueryValue[]>;
  signal?: AbortSignal;
  token?: TokenChoice;
  /**
   * Failures the call site shows itself, so the global message is not shown as well: true for all,
   * or a predicate, e.g. `(e) => e.status !== 401` to keep the global session-expiry handling.
   */
  callerHandles?: boolean | ((error: ApiError) => boolean);
}

/** Calls that must never carry a session token: they create or recover one. */
const TOKENLESS_PATHS = new Set([
  '/api/login',
  '/api/register',
  '/api/forgot-password',
  '/api/reset-password',
  '/api/admin/login',
]);

/** Calls both areas make (chat): the customer token when there is one, otherwise the admin token. */
export const SHARED_PATH_PREFIXES = ['/api/conversations', '/api/messages', '/api/search-users'];

function startsWithSegment(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);
}

export function chooseSession(path: string, choice: TokenChoice = 'auto'): SessionKind | null {
  const bare = path.split('?')[0] ?? path;
  if (choice === 'none' || TOKENLESS_PATHS.has(bare)) return null;
  if (choice !== 'auto') return choice;
  if (startsWithSegment(bare, '/api/admin')) return 'admin';
  if (SHARED_PATH_PREFIXES.some((p) => startsWithSegment(bare, p))) {
    if (customerSession.getState().token) return 'customer';
    return adminSession.getState().token ? 'admin' : null;
  }
  return 'customer';
}

function tokenOf(kind: SessionKind | null): string | null {
  if (kind === 'customer') return customerSession.getState().token;
  if (kind === 'admin') return adminSession.getState().token;
  return null;
}

function withQuery(path: string, query: ApiRequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== null && v !== undefined) params.append(key, String(v));
    }
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Seconds to wait from a Retry-After header (seconds, or an HTTP date); undefined when there is none. */
function retryAfterSeconds(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : undefined;
}

/**
 * A 429 in words: the server's own text when it says how long to wait, otherwise how long from its Retry-After
 * ('Too many attempts. Please try again in 2 minutes.'), or, without one, to try again later.
 */
function rateLimitMessage(message: string, retryAfter: string | null): string {
  if (message && message !== RATE_LIMIT_MESSAGES.rateLimited) return message;
  const seconds = retryAfterSeconds(retryAfter);
  return seconds === undefined
    ? RATE_LIMIT_MESSAGES.rateLimited
    : RATE_LIMIT_MESSAGES.tooManyAttempts(Math.ceil(seconds / 60));
}

function errorFrom(response: Response, body: unknown, kind: SessionKind | null): ApiError {
  const shape = (typeof body === 'object' && body !== null ? body : {}) as {
    message?: unknown;
    errors?: unknown;
  };
  let message = typeof shape.message === 'string' ? shape.message : '';
  if (response.status === 429) message = rateLimitMessage(message, response.headers.get('Retry-After'));
  const errors: FieldErrors = {};
  if (typeof shape.errors === 'object' && shape.errors !== null) {
    for (const [field, value] of Object.entries(shape.errors)) {
      const list = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string');
      if (list.length) errors[field] = list;
    }
  }
  return new ApiError(response.status, message, errors, kind);
}

/** A request that got no answer: the browser knows when it is offline; otherwise the network failed. */
function unreachableMessage(): string {
  return typeof navigator !== 'undefined' && navigator.onLine === false
    ? REQUEST_FAILURE_MESSAGES.offline
    : REQUEST_FAILURE_MESSAGES.networkError;
}

function callerHandles(option: ApiRequestOptions['callerHandles'], error: ApiError): boolean {
  return typeof option === 'function' ? option(error) : option === true;
}

/**
 * The options of a call whose screen words its own failures, all but a 401, which keeps the global session-expiry
 * handling (the session ends and the area's login opens): `api.get(path, { signal, ...OWN_ERRORS })`.
 */
export const OWN_ERRORS = {
  callerHandles: (error: ApiError) => error.status !== 401,
} satisfies ApiRequestOptions;

/** The web app's one way to call the API. Resolves with the parsed answer or rejects with an ApiError. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const kind = chooseSession(path, options.token);
  const token = tokenOf(kind);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    // A cancelled request (a query made obsolete) is nobody's failure.
    if (options.signal?.aborted) throw cause;
    const error = new ApiError(0, unreachableMessage(), {}, token ? kind : null);
    if (!callerHandles(options.callerHandles, error)) handleApiError(error);
    throw error;
  }

  const parsed = await readBody(response);
  if (response.ok) return parsed as T;
  const error = errorFrom(response, parsed, token ? kind : null);
  if (!callerHandles(options.callerHandles, error)) handleApiError(error);
  throw error;
}

type BodylessOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: BodylessOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
