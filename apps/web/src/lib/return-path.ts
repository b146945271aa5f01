/**
 * Where a sign-in returns to (`?next=`): the page that needed it. Every way to a login screen carries it: the route
 * guards of both areas, the 401 handling of the API client, the pages that ask a guest to log in and the links
 * between the sign-in screens.
 */

export type SignInArea = 'customer' | 'admin';

const LOGIN: Record<SignInArea, string> = { customer: '/login', admin: '/admin/login' };

/** The screens that are themselves part of signing in: returning to one of them would go round in circles. */
const SIGN_IN_SCREENS = /^\/(login|register|forgot-password|reset-password|admin\/login)(?:[/?#]|$)/;

/** A base no page of the shop has: what a return path resolves to against it shows whether it leaves the site. */
const THIS_SITE = 'http://this-site.invalid';

/**
 * A return path the area's login may follow: a path of this site only, never another origin ('//host', '/\\host',
 * or '/\t/host', which the browser reads as '//host' once it drops the tab, nor a path whose dot segments resolve
 * to '//host'), never a sign-in screen; for the
 * back-office a back-office page, for a customer anything else. It is resolved as the browser would resolve it,
 * and what it resolved to is returned.
 */
export function safeReturnPath(
  next: string | null | undefined,
  area: SignInArea = 'customer',
): string | null {
  if (!next || !next.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(next, THIS_SITE);
  } catch {
    return null;
  }
  // Dot segments resolved may leave '//host' ('/.//host', '/a/..//host'), which leaves the site once followed.
  if (url.origin !== THIS_SITE || url.pathname.startsWith('//')) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (SIGN_IN_SCREENS.test(path)) return null;
  const backOffice = path === '/admin' || /^\/admin[/?#]/.test(path);
  return backOffice === (area === 'admin') ? path : null;
}

/** A sign-in screen's path that comes back to `returnTo` afterwards. */
export function withReturnPath(path: string, returnTo: string): string {
  return `${path}?next=${encodeURIComponent(returnTo)}`;
}

/**
 * The area's login screen, coming back to `returnTo` when that is a page it may return to (the home page, where a
 * customer's login lands anyway, goes unsaid).
 */
export function loginPath(area: SignInArea, returnTo?: string | null): string {
  const next = safeReturnPath(returnTo, area);
  return next && next !== '/' ? withReturnPath(LOGIN[area], next) : LOGIN[area];
}

/** The page on screen (path, query and hash), to come back to. */
export function currentPath(): string {
  if (typeof window === 'undefined') return '/';
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}
