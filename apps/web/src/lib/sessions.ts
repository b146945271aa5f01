import { useSyncExternalStore } from 'react';
import type { Admin, User } from '@shop/contracts';
import { readToken, removeToken, writeToken, type SessionKind } from './storage-keys';

export interface SessionState<P> {
  token: string | null;
  /** Loaded from the server; a token without a profile is not (yet) a signed-in session. */
  profile: P | null;
}

export interface SessionStore<P> {
  readonly kind: SessionKind;
  getState(): SessionState<P>;
  subscribe(listener: () => void): () => void;
  /** Re-reads the token from storage (startup, another tab), dropping a profile that no longer matches. */
  hydrate(): void;
  /** Keeps the token in localStorage with `remember`, otherwise in this tab's sessionStorage. */
  signIn(token: string, profile: P, remember?: boolean): void;
  setProfile(profile: P): void;
  clear(): void;
}

function createSessionStore<P>(kind: SessionKind): SessionStore<P> {
  let state: SessionState<P> = { token: readToken(kind), profile: null };
  const listeners = new Set<() => void>();
  const set = (next: SessionState<P>) => {
    state = next;
    listeners.forEach((l) => l());
  };
  return {
    kind,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    hydrate() {
      const token = readToken(kind);
      if (token !== state.token) set({ token, profile: null });
    },
    signIn(token, profile, remember = false) {
      writeToken(kind, token, remember);
      set({ token, profile });
    },
    setProfile(profile) {
      set({ ...state, profile });
    },
    clear() {
      removeToken(kind);
      if (state.token !== null || state.profile !== null) set({ token: null, profile: null });
    },
  };
}

export const customerSession = createSessionStore<User>('customer');
export const adminSession = createSessionStore<Admin>('admin');

export function sessionStore(kind: SessionKind): SessionStore<User> | SessionStore<Admin> {
  return kind === 'admin' ? adminSession : customerSession;
}

/** A signed-in customer: a token and a loaded profile of a user account (an admin is not a customer). */
export function signedInCustomer(state: SessionState<User> = customerSession.getState()): User | null {
  return state.token && state.profile?.role_type === 'user' ? state.profile : null;
}

export function signedInAdmin(state: SessionState<Admin> = adminSession.getState()): Admin | null {
  return state.token && state.profile?.role_type === 'admin' ? state.profile : null;
}

// The server renders every page for a guest (sessions live in this browser's storage), so hydration starts from
// the guest's state and React then re-renders with the signed-in one.
const GUEST: SessionState<never> = { token: null, profile: null };
const guestSnapshot = () => GUEST;

export function useCustomer(): User | null {
  const state = useSyncExternalStore(customerSession.subscribe, customerSession.getState, guestSnapshot);
  return signedInCustomer(state);
}

export function useAdmin(): Admin | null {
  const state = useSyncExternalStore(adminSession.subscribe, adminSession.getState, guestSnapshot);
  return signedInAdmin(state);
}
