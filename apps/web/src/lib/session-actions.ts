import { CUSTOMER_MESSAGES } from '@shop/contracts';
import { apiRequest } from './api-client';
import { navigateTo } from './navigation';
import { queryClient } from './query-client';
import { adminSession, customerSession } from './sessions';
import { toast } from './toast';

let loggingOut = false;

/** Ends the customer session on the server and here, then goes to the login page. */
export async function logOutCustomer(): Promise<void> {
  if (loggingOut) return;
  loggingOut = true;
  try {
    // The local session ends whatever the server answers: an expired token is already logged out.
    await apiRequest('/api/logout', { method: 'POST', token: 'customer', callerHandles: true }).catch(
      () => undefined,
    );
    // Cleared before navigating, so the guest-only login page lets the visitor in.
    customerSession.clear();
    toast.success(CUSTOMER_MESSAGES.loggedOut);
    await navigateTo('/login');
    queryClient.clear();
  } finally {
    loggingOut = false;
  }
}

let signingOut = false;

export async function signOutAdmin(): Promise<void> {
  if (signingOut) return;
  signingOut = true;
  try {
    await apiRequest('/api/admin/logout', { method: 'POST', token: 'admin', callerHandles: true }).catch(
      () => undefined,
    );
    adminSession.clear();
    await navigateTo('/admin/login');
    queryClient.clear();
  } finally {
    signingOut = false;
  }
}
