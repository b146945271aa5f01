import { CUSTOMER_MESSAGES } from '@shop/contracts';
import { apiRequest } from './api-client';
import { navigateTo } from './navigation';
import { queryClient } from './query-client';
import { SESSION_QUERY, sessionStore } from './session-tokens';
import type { SessionKind } from './storage-keys';
import { toast } from './toast';

const leaving = new Set<SessionKind>();

/** Ends the session on the server and here, then goes to the area's login page. */
async function signOut(kind: SessionKind, path: string, login: string, message?: string): Promise<void> {
  if (leaving.has(kind)) return;
  leaving.add(kind);
  try {
    // The local session ends whatever the server answers: an expired token is already logged out.
    await apiRequest(path, { method: 'POST', token: kind, callerHandles: true }).catch(() => undefined);
    // Cleared before navigating, so the guest-only login page lets the visitor in.
    sessionStore(kind).clear();
    if (message) toast.success(message);
    await navigateTo(login);
    // What the account that left had cached goes; the other area's session (its profile query) stays signed in.
    queryClient.getMutationCache().clear();
    queryClient.removeQueries({ predicate: ({ queryKey }) => queryKey[0] !== SESSION_QUERY });
  } finally {
    leaving.delete(kind);
  }
}

export const logOutCustomer = () => signOut('customer', '/api/logout', '/login', CUSTOMER_MESSAGES.loggedOut);

export const signOutAdmin = () => signOut('admin', '/api/admin/logout', '/admin/login');
