import { ADMIN_MESSAGES, CUSTOMER_MESSAGES, SERVER_MESSAGES } from '@shop/contracts';
import { failureMessage, isApiError } from '../../../lib/api-error';

export interface Failure {
  message: string;
  title?: string;
}

/** Login (storefront spec section 8): 401, 403, 422 worded by status; 429 says how long to wait; anything else is unexpected. */
export function loginFailure(error: unknown): Failure {
  if (isApiError(error)) {
    if (error.status === 429) return { message: error.message || SERVER_MESSAGES.rateLimited };
    if (error.status === 401) return { message: CUSTOMER_MESSAGES.loginInvalid };
    if (error.status === 403) return { message: CUSTOMER_MESSAGES.accountInactive };
    if (error.status === 422) {
      return { message: error.firstError() ?? error.message, title: CUSTOMER_MESSAGES.validationTitle };
    }
  }
  return { message: failureMessage(error, CUSTOMER_MESSAGES.unexpected) };
}

/** Register: validation (422) and a taken e-mail (409, with errors.email) show their first message. */
export function registerFailure(error: unknown): Failure {
  if (isApiError(error) && (error.status === 422 || error.status === 409)) {
    return { message: error.firstError() ?? error.message, title: CUSTOMER_MESSAGES.validationTitle };
  }
  return { message: failureMessage(error, CUSTOMER_MESSAGES.unexpected) };
}

/**
 * Forgot-password: a 422 is the e-mail's first error (`onEmail`: said under the field); any other failure is the
 * request's, not the e-mail's (no connection, too many requests, 'Something went wrong...').
 */
export function forgotPasswordFailure(error: unknown): Failure & { onEmail: boolean } {
  if (isApiError(error) && error.status === 422) {
    return { message: error.firstError('email') ?? error.firstError() ?? error.message, onEmail: true };
  }
  return { message: failureMessage(error, CUSTOMER_MESSAGES.forgotFailed), onEmail: false };
}

/** Reset: 422 shows each field's first error; anything else the server's message. */
export function resetPasswordFailure(error: unknown): Failure & { fields: Record<string, string> } {
  if (isApiError(error) && error.status === 422) {
    const fields = error.firstErrors();
    return { message: Object.values(fields).join('\n') || error.message, fields };
  }
  const message = isApiError(error) && error.message ? error.message : CUSTOMER_MESSAGES.resetFailed;
  return { message, fields: {} };
}

export function adminLoginFailure(error: unknown): Failure {
  return { message: (isApiError(error) && error.message) || ADMIN_MESSAGES.loginFailed };
}
