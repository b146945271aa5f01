import { LOGIN_REQUIRED_MESSAGE, REQUEST_FAILURE_MESSAGES } from '@shop/contracts';
import type { ApiError } from './api-error';
import { navigateTo, SESSION_ENDED } from './navigation';
import { currentPath, loginPath } from './return-path';
import { sessionStore } from './session-tokens';
import { toast } from './toast';

/**
 * The one place where HTTP statuses become the texts the user reads (storefront spec section 8, "Global").
 * Call sites that own a failure's wording (login, forms) handle it themselves and never get here.
 */
export function globalErrorMessage(error: ApiError): string {
  switch (error.status) {
    case 0:
      // Offline or a network failure, as the client worded it.
      return error.message || REQUEST_FAILURE_MESSAGES.networkError;
    case 401:
      return REQUEST_FAILURE_MESSAGES.sessionExpired;
    case 403:
      return REQUEST_FAILURE_MESSAGES.forbidden;
    case 500:
      return REQUEST_FAILURE_MESSAGES.serverError;
    default:
      return (
        error.message ||
        (error.status > 500 ? REQUEST_FAILURE_MESSAGES.serverError : REQUEST_FAILURE_MESSAGES.unexpected)
      );
  }
}

function inAdminArea(): boolean {
  return typeof window !== 'undefined' && window.location.pathname.startsWith('/admin');
}

/**
 * Shows the global message of a failed call. A 401 also ends the session it used and sends to its area's login,
 * which comes back to this page afterwards; 'Session expired' only when there was a session to expire (a guest who
 * reaches a page that needs an account is asked to log in).
 */
export function handleApiError(error: ApiError): void {
  if (error.status !== 401) {
    toast.error(globalErrorMessage(error));
    return;
  }
  const kind = error.sessionKind;
  if (kind) {
    const store = sessionStore(kind);
    // Parallel calls with the same dead token all answer 401; the first one has already done the work.
    if (store.getState().token === null) return;
    store.clear();
  }
  // A call made without any token (a guest) ends no session, but the visitor still needs to log in.
  const admin = kind ? kind === 'admin' : inAdminArea();
  if (kind) toast.error(REQUEST_FAILURE_MESSAGES.sessionExpired);
  else toast.info(LOGIN_REQUIRED_MESSAGE);
  // Screens with unsaved changes let this navigation pass: the session is already gone.
  void navigateTo(loginPath(admin ? 'admin' : 'customer', currentPath()), { state: SESSION_ENDED });
}
