/**
 * The texts any page may show, whatever it asked: a request that failed as such (storefront spec section 8,
 * "Global") and a rate limit's refusal. The web app's first load carries this module and not messages.ts, whose
 * catalogues (CUSTOMER_MESSAGES, SIGN_IN_MESSAGES, SERVER_MESSAGES, UPLOAD_MESSAGES) spread or name these texts
 * under their own keys.
 */

export const REQUEST_FAILURE_MESSAGES = {
  unexpected: 'An unexpected error occurred. Please try again later.',
  sessionExpired: 'Session expired. Please log in again.',
  forbidden: 'You do not have permission to perform this action.',
  serverError: 'Server error. Please try again later.',
  networkError: 'Network error. Please check your connection.',
  offline: 'You are offline. Check your connection and try again.',
} as const;

/** A guest at a page that needs an account (a bookmark, a shared link, Back after logging out). */
export const LOGIN_REQUIRED_MESSAGE = 'Please log in to continue.';

export const RATE_LIMIT_MESSAGES = {
  rateLimited: 'Too many attempts. Please try again later.',
  /** A 429 that says how long to wait (its Retry-After, in whole minutes). */
  tooManyAttempts: (minutes: number) =>
    `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
} as const;

/** Too much uploaded lately: the upload rate's 429, which the upload forms show as it is. */
export const UPLOAD_RATE_MESSAGE = 'You have uploaded a lot in a short time. Please try again later.';
