import type { SessionKind } from './storage-keys';

export type FieldErrors = Record<string, string[]>;

/**
 * A failed API call: the server's `{ message, errors? }` answer, or status 0 when no answer came.
 * `message` is the server's own text ('' when it gave none), so call sites can fall back to their wording.
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
