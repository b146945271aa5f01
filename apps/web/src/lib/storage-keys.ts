import { STORAGE_KEYS } from '@shop/contracts';

export type SessionKind = 'customer' | 'admin';

const TOKEN_KEYS: Record<SessionKind, string> = {
  customer: STORAGE_KEYS.customerToken,
  admin: STORAGE_KEYS.adminToken,
};

/** sessionStorage: a toast that must survive the full reload after login or register. */
export const FLASH_TOAST_KEY = 'flash_toast';
/** localStorage: whether the admin sidebar is collapsed. */
export const ADMIN_SIDEBAR_COLLAPSED_KEY = 'admin_sidebar_collapsed';

export function tokenStorageKey(kind: SessionKind): string {
  return TOKEN_KEYS[kind];
}

/**
 * Where a session's token is kept: with "Remember me" in localStorage (it outlives the browser, like the 30-day
 * session); without it in sessionStorage, so closing the browser signs out on a shared computer. Same key in
 * both; readers look in both (this tab's sessionStorage first).
 */
function stores(): Storage[] {
  const found: Storage[] = [];
  // Storage can throw (private mode, disabled storage); a missing token then simply means a guest.
  try {
    found.push(sessionStorage);
  } catch {
    // no sessionStorage
  }
  try {
    found.push(localStorage);
  } catch {
    // no localStorage
  }
  return found;
}

export function readToken(kind: SessionKind): string | null {
  for (const store of stores()) {
    try {
      const token = store.getItem(TOKEN_KEYS[kind]);
      if (token) return token;
    } catch {
      // unreadable: try the other one
    }
  }
  return null;
}

export function writeToken(kind: SessionKind, token: string, remember: boolean): void {
  removeToken(kind);
  try {
    (remember ? localStorage : sessionStorage).setItem(TOKEN_KEYS[kind], token);
  } catch {
    // The session then lasts only as long as this page's memory.
  }
}

export function removeToken(kind: SessionKind): void {
  for (const store of stores()) {
    try {
      store.removeItem(TOKEN_KEYS[kind]);
    } catch {
      // Nothing stored, nothing to remove.
    }
  }
}

export function readPreference(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writePreference(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // A preference that cannot be saved is only forgotten on reload.
  }
}
