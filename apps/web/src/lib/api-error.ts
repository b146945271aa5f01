import { UPLOAD_RATE_MESSAGE } from '@shop/contracts';
import type { SessionKind } from './storage-keys';

export type FieldErrors = Record<string, string[]>;

/**
 * A failed API call: the server's `{ message, errors? }` answer, or status 0 when no answer came.
 * `message` is the server's own text ('' when it gave none), so call sites can fall back to their wording; a 429
 * always says how long to wait (from Retry-After when the server's text does not), and a status 0 says whether the
 * browser is offline or the network failed (see `failureMessage`).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
    /** Which session's token the request carried, so a 401 ends that session and no other. */
    readonly sessionKind: SessionKind | null = null,
  ) {
    super(message);
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** The first message of one field, or of the first field with errors. */
  firstError(field?: string): string | undefined {
    if (field) return this.errors[field]?.[0];
    for (const messages of Object.values(this.errors)) if (messages[0]) return messages[0];
    return undefined;
  }

  /** The first message of every field that has one. */
  firstErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [field, messages] of Object.entries(this.errors)) if (messages[0]) out[field] = messages[0];
    return out;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * What to tell the user about a failure the call site words itself: a refusal for too many attempts (how long to
 * wait) and a request that never reached the server (offline, network) keep the client's words, which say what to
 * do; any other failure is the call site's text.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && (error.status === 429 || error.status === 0) && error.message)
    return error.message;
  return fallback;
}

/**
 * For a failure the screen names ('Failed to load products.', 'Failed to delete user.'): with no answer from the
 * server, the client's reason follows the screen's words ('... Network error. Please check your connection.'), so
 * two parts of a page that failed together still say which is which; otherwise as `failureMessage`.
 */
export function failureWithReason(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status === 0 && error.message) return `${fallback} ${error.message}`;
  return failureMessage(error, fallback);
}

// Refusals of an upload whose text says why: too large or no space left for the customer (413), a type the
// route does not take (415), the shop's disk nearly full (507), too much uploaded lately (429 with the upload
// rate's own text; other 429s keep the caller's wording).
const UPLOAD_REFUSALS = new Set([413, 415, 507]);

/** The server's reason for refusing an upload, to show instead of a generic failure; undefined otherwise. */
export function uploadRefusal(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.status === 429) return error.message === UPLOAD_RATE_MESSAGE ? error.message : undefined;
  if (!UPLOAD_REFUSALS.has(error.status)) return undefined;
  return error.firstError() ?? (error.message || undefined);
}
