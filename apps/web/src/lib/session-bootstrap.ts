import { CUSTOMER_MESSAGES, type Admin, type User } from '@shop/contracts';
import { apiRequest } from './api-client';
import { failureMessage, isApiError } from './api-error';
import { adminSession, customerSession } from './sessions';
import { tokenStorageKey } from './storage-keys';

// A hanging server must not keep the page blank: after this the visitor browses as a guest (the customer area
// says the shop could not be reached).
const PROFILE_TIMEOUT_MS = 10_000;

/**
 * Reads the signed-in customer's account. A 401 or 403 ends the session; any other failure (no answer, a timeout, a
 * 5xx) keeps the token to be read again later, and answers why, in the words the rest of the app uses.
 */
export async function loadCustomerProfile(): Promise<{ unreachable: string } | undefined> {
  const { token } = customerSession.getState();
  if (!token) return undefined;
  try {
    const { data } = await apiRequest<{ data: User }>('/api/user', {
      token: 'customer',
      callerHandles: true,
      signal: AbortSignal.timeout(PROFILE_TIMEOUT_MS),
    });
    if (customerSession.getState().token === token) customerSession.setProfile(data);
    return undefined;
  } catch (error) {
    // 401: the session ended; 403: the account was deactivated. Either way every call would now fail.
    if (isApiError(error) && (error.status === 401 || error.status === 403)) {
      customerSession.clear();
      return undefined;
    }
    console.warn('Could not load the signed-in customer', error);
    return { unreachable: failureMessage(error, CUSTOMER_MESSAGES.serverError) };
  }
}

/** Any failure ends the admin session (admin spec: "Failing to fetch the admin profile clears the session"). */
export async function loadAdminProfile(): Promise<void> {
  const { token } = adminSession.getState();
  if (!token) return;
  try {
    const { admin } = await apiRequest<{ admin: Admin }>('/api/admin/profile', {
      token: 'admin',
      callerHandles: true,
      signal: AbortSignal.timeout(PROFILE_TIMEOUT_MS),
    });
    if (adminSession.getState().token === token) adminSession.setProfile(admin);
  } catch {
    adminSession.clear();
  }
}

let listening = false;

/** Startup: both sessions are known before the first render, so route guards can decide at once. */
export async function initSessions(): Promise<void> {
  customerSession.hydrate();
  adminSession.hydrate();
  await Promise.all([loadCustomerProfile(), loadAdminProfile()]);
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    // Logging in or out in another tab changes the shared storage; follow it instead of using a dead token.
    window.addEventListener('storage', (event) => {
      if (event.key === tokenStorageKey('customer') || event.key === null) {
        customerSession.hydrate();
        void loadCustomerProfile();
      }
      if (event.key === tokenStorageKey('admin') || event.key === null) {
        adminSession.hydrate();
        void loadAdminProfile();
      }
    });
  }
}
