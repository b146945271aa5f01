import { redirect } from 'react-router';
import { signedInAdmin, signedInCustomer } from '../lib/sessions';

/**
 * Route guards run as loaders of the layout routes: they decide before anything renders, and run again on
 * every navigation (see `alwaysRecheck`) because a session can end between two clicks.
 */

/** /user: a signed-in customer; anybody else is sent home. */
export function requireCustomer() {
  if (!signedInCustomer()) throw redirect('/');
  return null;
}

/** Login, register and password screens: a signed-in customer goes to the dashboard instead. */
export function guestOnly() {
  if (signedInCustomer()) throw redirect('/user/dashboard');
  return null;
}

/** Every /admin screen but the login: a signed-in admin; anybody else is sent home. */
export function requireAdmin() {
  if (!signedInAdmin()) throw redirect('/');
  return null;
}

/** /admin/login: a signed-in admin goes to the dashboard instead. */
export function adminGuestOnly() {
  if (signedInAdmin()) throw redirect('/admin/dashboard');
  return null;
}

export const alwaysRecheck = () => true;
