import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loginPath, safeReturnPath } from '../lib/return-path';
import { signedInAdmin, signedInCustomer } from '../lib/sessions';

/**
 * Route guards run as loaders of the layout routes: they decide before anything renders, and run again on
 * every navigation (see `alwaysRecheck`) because a session can end between two clicks. A visitor who is not
 * signed in for the area goes to its login, which comes back to the page afterwards.
 */

/** The path, query and hash of the page a loader runs for. */
function requested(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a sign-in screen sends a visitor who is already signed in: the page it was asked for, or `fallback`. */
function onwardFrom(request: Request, area: 'customer' | 'admin', fallback: string): string {
  return safeReturnPath(new URL(request.url).searchParams.get('next'), area) ?? fallback;
}

/** /user: a signed-in customer; anybody else is sent to the login, and back here afterwards. */
export function requireCustomer({ request }: LoaderFunctionArgs) {
  if (!signedInCustomer()) throw redirect(loginPath('customer', requested(request)));
  return null;
}

/** Login, register and password screens: a signed-in customer goes on (to `?next=` or the dashboard) instead. */
export function guestOnly({ request }: LoaderFunctionArgs) {
  if (signedInCustomer()) throw redirect(onwardFrom(request, 'customer', '/user/dashboard'));
  return null;
}

/** Every /admin screen but the login: a signed-in admin; anybody else is sent to the admin login, and back. */
export function requireAdmin({ request }: LoaderFunctionArgs) {
  if (!signedInAdmin()) throw redirect(loginPath('admin', requested(request)));
  return null;
}

/** /admin/login: a signed-in admin goes on (to `?next=` or the dashboard) instead. */
export function adminGuestOnly({ request }: LoaderFunctionArgs) {
  if (signedInAdmin()) throw redirect(onwardFrom(request, 'admin', '/admin/dashboard'));
  return null;
}

export const alwaysRecheck = () => true;
