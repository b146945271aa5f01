import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Admin, User } from '@shop/contracts';
import { apiRequest } from './api-client';
import { queryClient } from './query-client';
import { sessionKey, sessionStore } from './session-tokens';
import type { SessionKind } from './storage-keys';

// The token stores, for the app; the API client imports them from their own module (a cycle otherwise).
export { adminSession, customerSession, sessionKey, sessionStore } from './session-tokens';

// A hanging server must not keep the page blank: after this the visitor browses as a guest (the customer area
// says the shop could not be reached).
const PROFILE_TIMEOUT_MS = 10_000;

interface Profiles {
  customer: User;
  admin: Admin;
}
/** Each session's account: the role it must have, and where and under which name the API answers it. */
const ACCOUNTS = {
  customer: ['user', '/api/user', 'data'],
  admin: ['admin', '/api/admin/profile', 'admin'],
} as const;

/**
 * The signed-in account is server state: one query per session, keyed by its kind and token, in the app's one
 * cache, outside React too (the route guards ask it before anything renders; the server renderer's caches never
 * hold a session). Sign-in seeds it (lib/session-tokens); a screen that changes the account writes it
 * (`setQueryData(profileQuery(kind, token).queryKey, account)`) or invalidates it (`sessionKey(kind)`).
 *
 * The account may change elsewhere (its e-mail verified on another device, the profile edited in another tab): it
 * is read again each time the window is back in focus, not each time a screen that shows it mounts, nor when a
 * token arrives with the account the sign-in or startup has just read. Its failures are the caller's
 * (lib/session-bootstrap words them at startup), but a 401 while the account is on screen, which ends the session
 * like any other call's (session expired, to the login).
 */
export const profileQuery = <K extends SessionKind>(kind: K, token: string | null) =>
  queryOptions<Profiles[K]>({
    queryKey: sessionKey(kind, token),
    queryFn: token
      ? async () => {
          const [, path, field] = ACCOUNTS[kind];
          const answer = await apiRequest<Record<string, Profiles[K]>>(path, {
            token: kind,
            callerHandles: (error) => error.status !== 401 || !loadedProfile(kind),
            signal: AbortSignal.timeout(PROFILE_TIMEOUT_MS),
          });
          return answer[field]!;
        }
      : skipToken,
    staleTime: Infinity,
    refetchOnWindowFocus: 'always',
  });

/** The account read for the session's token, whichever kind it is; undefined while none is. */
export function loadedProfile<K extends SessionKind>(kind: K): Profiles[K] | undefined {
  const { token } = sessionStore(kind).getState();
  return token ? queryClient.getQueryData(sessionKey(kind, token)) : undefined;
}

/** The session's account if it is of the area's kind (an admin is not a customer), otherwise null. */
const ofKind = <K extends SessionKind>(kind: K, account: Profiles[K] | undefined) =>
  account?.role_type === ACCOUNTS[kind][0] ? account : null;

/** A signed-in customer: a token and its loaded account, a user's. */
export const signedInCustomer = () => ofKind('customer', loadedProfile('customer'));
export const signedInAdmin = () => ofKind('admin', loadedProfile('admin'));

// The server renders every page for a guest (sessions live in this browser's storage), so hydration starts from
// the guest's state (no token, so no profile) and React then re-renders with the signed-in one.
const guestToken = () => null;

function useSignedIn<K extends SessionKind>(kind: K): Profiles[K] | null {
  const store = sessionStore(kind);
  const token = useSyncExternalStore(store.subscribe, () => store.getState().token, guestToken);
  const { data } = useQuery(profileQuery(kind, token), queryClient);
  return token ? ofKind(kind, data) : null;
}

export const useCustomer = () => useSignedIn('customer');
export const useAdmin = () => useSignedIn('admin');
