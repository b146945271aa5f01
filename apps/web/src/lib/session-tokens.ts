import type { QueryKey } from '@tanstack/react-query';
import type { Admin, User } from '@shop/contracts';
import { queryClient } from './query-client';
import { readToken, removeToken, writeToken, type SessionKind } from './storage-keys';

export const SESSION_QUERY = 'session';

/**
 * The query key of a session's profile (lib/sessions), by its kind and token: another token is another account.
 * Without a token, the key of every profile of that kind.
 */
export const sessionKey = (kind: SessionKind, ...token: [(string | null)?]): QueryKey => [
  SESSION_QUERY,
  kind,
  ...token,
];

/**
 * A session's token: client state, kept in this browser's storage and here. The account it belongs to is server
 * state, the profile query of lib/sessions; this store seeds it at sign-in and drops it with the token. Apart from
 * lib/sessions so that the API client can read tokens without importing the query that calls it.
 */
export interface SessionStore<P> {
  readonly kind: SessionKind;
  getState(): { token: string | null };
  subscribe(listener: () => void): () => void;
  /** Re-reads the token from storage (startup, another tab). */
  hydrate(): void;
  /** Keeps the token in localStorage with `remember`, otherwise in this tab's sessionStorage. */
  signIn(token: string, profile: P, remember?: boolean): void;
  clear(): void;
}

function createSessionStore<P>(kind: SessionKind): SessionStore<P> {
  let state = { token: readToken(kind) };
  const listeners = new Set<() => void>();
  const set = (token: string | null, profile?: P) => {
    const changed = token !== state.token;
    // A profile read with another token is another account's.
    if (changed) queryClient.removeQueries({ queryKey: sessionKey(kind) });
    if (profile) queryClient.setQueryData(sessionKey(kind, token), profile);
    if (!changed) return;
    state = { token };
    listeners.forEach((l) => l());
  };
  return {
    kind,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    hydrate: () => set(readToken(kind)),
    signIn(token, profile, remember = false) {
      writeToken(kind, token, remember);
      set(token, profile);
    },
    clear() {
      removeToken(kind);
      set(null);
    },
  };
}

export const customerSession = createSessionStore<User>('customer');
export const adminSession = createSessionStore<Admin>('admin');

export function sessionStore(kind: SessionKind): SessionStore<User> | SessionStore<Admin> {
  return kind === 'admin' ? adminSession : customerSession;
}
