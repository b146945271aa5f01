import { afterEach, describe, expect, it } from 'vitest';
import { customerSession, adminSession } from './sessions';
import { readToken, removeToken, writeToken } from './storage-keys';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('session token storage', () => {
  it('keeps a remembered token in localStorage, and another in this tab’s sessionStorage only', () => {
    writeToken('customer', 'remembered', true);
    expect(localStorage.getItem('auth_token')).toBe('remembered');
    expect(sessionStorage.getItem('auth_token')).toBeNull();

    writeToken('customer', 'for-this-browser-session', false);
    expect(sessionStorage.getItem('auth_token')).toBe('for-this-browser-session');
    // The older remembered token goes: one session per area.
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(readToken('customer')).toBe('for-this-browser-session');
  });

  it('reads the token from either storage and removes it from both', () => {
    sessionStorage.setItem('admin_auth_token', 'a');
    expect(readToken('admin')).toBe('a');
    localStorage.setItem('auth_token', 'c');
    expect(readToken('customer')).toBe('c');
    sessionStorage.setItem('auth_token', 'c2');
    removeToken('customer');
    removeToken('admin');
    expect(readToken('customer')).toBeNull();
    expect(readToken('admin')).toBeNull();
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });

  it('a session store signs in per remember me, hydrates from sessionStorage and clears both', () => {
    customerSession.signIn('t1', { id: 1 } as never, false);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(sessionStorage.getItem('auth_token')).toBe('t1');
    customerSession.clear();
    expect(sessionStorage.getItem('auth_token')).toBeNull();

    sessionStorage.setItem('admin_auth_token', 't2');
    adminSession.hydrate();
    expect(adminSession.getState().token).toBe('t2');
    adminSession.signIn('t3', { id: 2 } as never, true);
    expect(localStorage.getItem('admin_auth_token')).toBe('t3');
    expect(sessionStorage.getItem('admin_auth_token')).toBeNull();
    adminSession.clear();
  });
});
