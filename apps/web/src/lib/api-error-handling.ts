import { CUSTOMER_MESSAGES } from '@shop/contracts';
import type { ApiError } from './api-error';
import { navigateTo } from './navigation';
import { sessionStore } from './sessions';
import { toast } from './toast';

/**
 * The one place where HTTP statuses become the texts the user reads (storefront spec section 8, "Global").
 * Call sites that own a failure's wording (login, forms) handle it themselves and never get here.
 */
export function globalErrorMessage(error: ApiError): string {
  switch (error.status) {
    case 0:
      return CUSTOMER_MESSAGES.networkError;
    case 401:
      return CUSTOMER_MESSAGES.sessionExpired;
    case 403:
      return CUSTOMER_MESSAGES.forbidden;
    case 500:
      return CUSTOMER_MESSAGES.serverError;
    default:
      return (
        error.message || (error.status > 500 ? CUSTOMER_MESSAGES.serverError : CUSTOMER_MESSAGES.unexpected)
      );
  }
}

function inAdminArea(): boolean {
  return typeof window !== 'undefined' && window.location.pathname.startsWith('/admin');
}

/** Shows the global message of a failed call; a 401 also ends the session it used and sends to its login. */
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
  toast.error(CUSTOMER_MESSAGES.sessionExpired);
  void navigateTo(admin ? '/admin/login' : '/login');
}
