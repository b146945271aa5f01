import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { loginPath, safeReturnPath } from '../lib/return-path';
import { loadProfile } from '../lib/session-bootstrap';
import { customerSession, loadedProfile, signedInAdmin, signedInCustomer } from '../lib/sessions';

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

/** The reason the customer guard gives the root's error boundary (route-error.tsx): the account could not be read. */
export const SESSION_UNREACHABLE = 'session-unreachable';

/**
 * /user: a signed-in customer; anybody else is sent to the login, and back here afterwards. A customer whose
 * token is kept but whose account could not be read (the network or the server failed when the app started) is
 * read again here; if the shop is still out of reach, the page says so and offers to try again, instead of
 * sending somebody who is signed in to the login.
 */
export async function requireCustomer({ request }: LoaderFunctionArgs) {
  if (signedInCustomer()) return null;
  if (customerSession.getState().token && !loadedProfile('customer')) {
    const failed = await loadProfile('customer');
    if (failed) throw data({ reason: SESSION_UNREACHABLE, message: failed.unreachable }, { status: 503 });
  }
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
