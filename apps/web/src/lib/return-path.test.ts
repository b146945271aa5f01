import { describe, expect, it } from 'vitest';
import { loginPath, safeReturnPath, withReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of this site', () => {
    expect(safeReturnPath('/claim-design?token=abc')).toBe('/claim-design?token=abc');
    expect(safeReturnPath('/products?favorites=true')).toBe('/products?favorites=true');
  });
  it.each([
    null,
    '',
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    // The browser drops tabs and line breaks from a URL: each of these is '//evil.example' to it.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example/admin',
    '\t//evil.example',
    // Dot segments the browser resolves to '//evil.example'.
    '/.//evil.example/phish',
    '/%2e//evil.example',
    '/a/..//evil.example',
    '/./\\evil.example',
    '/admin/..//evil.example/admin',
  ])('refuses %s', (next) => {
    expect(safeReturnPath(next)).toBeNull();
    expect(safeReturnPath(next, 'admin')).toBeNull();
  });
  it('never returns to a sign-in screen', () => {
    for (const path of [
      '/login',
      '/login?next=/x',
      '/register',
      '/forgot-password',
      '/reset-password?token=a',
    ])
      expect(safeReturnPath(path), path).toBeNull();
    expect(safeReturnPath('/admin/login', 'admin')).toBeNull();
    expect(safeReturnPath('/logins-of-the-week')).toBe('/logins-of-the-week');
  });
  it('keeps each area to its own pages', () => {
    expect(safeReturnPath('/admin/users?page=2', 'admin')).toBe('/admin/users?page=2');
    expect(safeReturnPath('/admin', 'admin')).toBe('/admin');
    expect(safeReturnPath('/user/design-status', 'admin')).toBeNull();
    expect(safeReturnPath('/admin/users')).toBeNull();
    expect(safeReturnPath('/administration')).toBe('/administration');
  });
  it('answers the path the browser would go to', () => {
    expect(safeReturnPath('/products?q=a b')).toBe('/products?q=a%20b');
    expect(safeReturnPath('/user/../admin/users', 'admin')).toBe('/admin/users');
    expect(safeReturnPath('/user/../admin/users')).toBeNull();
    expect(safeReturnPath('/x/../login')).toBeNull();
  });
  it('round-trips through withReturnPath', () => {
    const url = new URL(withReturnPath('/login', '/claim-design?token=a&b=c'), 'http://shop.test');
    expect(safeReturnPath(url.searchParams.get('next'))).toBe('/claim-design?token=a&b=c');
  });
});

describe('loginPath', () => {
  it('is the area’s login, coming back to the page when it may', () => {
    expect(loginPath('customer', '/products?favorites=true')).toBe(
      '/login?next=%2Fproducts%3Ffavorites%3Dtrue',
    );
    expect(loginPath('admin', '/admin/designs')).toBe('/admin/login?next=%2Fadmin%2Fdesigns');
    expect(loginPath('customer', '/login')).toBe('/login');
    expect(loginPath('admin', '/user/dashboard')).toBe('/admin/login');
    expect(loginPath('customer')).toBe('/login');
    expect(loginPath('customer', '/')).toBe('/login');
  });
});
