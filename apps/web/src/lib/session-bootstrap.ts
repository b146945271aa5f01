import { CUSTOMER_MESSAGES, type Admin, type User } from '@shop/contracts';
import { apiRequest } from './api-client';
import { failureMessage, isApiError } from './api-error';
import { adminSession, customerSession } from './sessions';
import { tokenStorageKey } from './storage-keys';

// A hanging server must not keep the page blank: after this the visitor browses as a guest.
const PROFILE_TIMEOUT_MS = 10_000;

/**
 * What reading the signed-in customer found: signed in (or no token to read), signed out (the server refused the
 * token), or unreachable: no answer, or not a usable one, so the token stays and is read again later (`message`
 * says why, in the words the rest of the app uses).
 */
export type CustomerProfileLoad =
  { state: 'signed-in' | 'signed-out' } | { state: 'unreachable'; message: string };

export async function loadCustomerProfile(): Promise<CustomerProfileLoad> {
  const { token } = customerSession.getState();
  if (!token) return { state: 'signed-out' };
  try {
    const { data } = await apiRequest<{ data: User }>('/api/user', {
      token: 'customer',
      callerHandles: true,
      signal: AbortSignal.timeout(PROFILE_TIMEOUT_MS),
    });
    if (customerSession.getState().token === token) customerSession.setProfile(data);
    return { state: 'signed-in' };
  } catch (error) {
    // 401: the session ended; 403: the account was deactivated. Either way every call would now fail.
    if (isApiError(error) && (error.status === 401 || error.status === 403)) {
      customerSession.clear();
      return { state: 'signed-out' };
    }
    console.warn('Could not load the signed-in customer', error);
    return { state: 'unreachable', message: failureMessage(error, CUSTOMER_MESSAGES.serverError) };
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
