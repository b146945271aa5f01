import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_MESSAGES } from '@shop/contracts';
import { testAdmin, testCustomer } from '../test/accounts';
import { renderWithProviders } from '../test/render';
import { answer, server } from '../test/server';
import { registerNavigator, SESSION_ENDED } from './navigation';
import { queryClient } from './query-client';
import { initSessions, loadProfile } from './session-bootstrap';
import { adminSession, customerSession, signedInCustomer, useAdmin, useCustomer } from './sessions';
import { clearToasts, getToasts } from './toast';

/** Who the header would greet: the signed-in customer's and admin's names, or a guest. */
function Who() {
  const customer = useCustomer();
  const admin = useAdmin();
  return (
    <>
      <p>{customer ? `Customer ${customer.name}` : 'Guest'}</p>
      <p>{admin ? `Admin ${admin.name}` : 'No admin'}</p>
    </>
  );
}

/** In the app's own query cache, as the app mounts it (the cache then follows the window's focus). */
const renderWho = () => renderWithProviders(<Who />, { queryClient });

/** The visitor comes back to this tab or window (the browser says its page is visible again). */
function comeBack() {
  act(() => {
    window.dispatchEvent(new Event('visibilitychange'));
  });
}

const navigate = vi.fn();
beforeEach(() => registerNavigator(navigate));
afterEach(() => {
  navigate.mockReset();
  customerSession.clear();
  adminSession.clear();
  queryClient.clear();
  clearToasts();
  vi.restoreAllMocks();
});

describe('the signed-in account', () => {
  it('is what the sign-in answered, shown without reading it again', async () => {
    const reads = answer('get', '/api/user', () => HttpResponse.json({ data: testCustomer }));
    customerSession.signIn('t', testCustomer);
    renderWho();
    expect(screen.getByText(`Customer ${testCustomer.name}`)).toBeVisible();
    expect(signedInCustomer()).toEqual(testCustomer);
    await act(() => Promise.resolve());
    expect(reads).toHaveLength(0);
  });

  it('is read again when the visitor comes back to the window, and stays shown if that read fails', async () => {
    customerSession.signIn('t', testCustomer);
    adminSession.signIn('a', testAdmin);
    const customerReads = answer('get', '/api/user', () =>
      HttpResponse.json({ data: { ...testCustomer, name: 'Ann Lee-Park' } }),
    );
    const adminReads = answer('get', '/api/admin/profile', () =>
      HttpResponse.json({ admin: { ...testAdmin, name: 'Dana Ross' } }),
    );
    renderWho();
    comeBack();
    expect(await screen.findByText('Customer Ann Lee-Park')).toBeVisible();
    expect(await screen.findByText('Admin Dana Ross')).toBeVisible();
    expect(customerReads[0]?.url.pathname).toBe('/api/user');
    expect(adminReads).toHaveLength(1);

    server.use(http.get('/api/user', () => HttpResponse.error()));
    comeBack();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getByText('Customer Ann Lee-Park')).toBeVisible();
    expect(customerSession.getState().token).toBe('t');
    expect(getToasts()).toEqual([]);
  });

  it('ends here when the server ended it elsewhere: read again on coming back, it sends to the login', async () => {
    customerSession.signIn('t', testCustomer);
    answer('get', '/api/user', () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }));
    window.history.replaceState(null, '', '/user/dashboard');
    renderWho();
    comeBack();
    expect(await screen.findByText('Guest')).toBeVisible();
    expect(customerSession.getState().token).toBeNull();
    expect(localStorage.length + sessionStorage.length).toBe(0);
    expect(getToasts().map((t) => t.message)).toEqual([CUSTOMER_MESSAGES.sessionExpired]);
    expect(navigate).toHaveBeenCalledWith('/login?next=%2Fuser%2Fdashboard', { state: SESSION_ENDED });
    window.history.replaceState(null, '', '/');
  });

  it('follows another token (signed in again in another tab): the old account goes, the new one is read', async () => {
    customerSession.signIn('old', testCustomer, true);
    answer('get', '/api/user', () =>
      HttpResponse.json({ data: { ...testCustomer, id: 9, name: 'Bo Chen' } }),
    );
    renderWho();
    expect(screen.getByText(`Customer ${testCustomer.name}`)).toBeVisible();

    localStorage.setItem('auth_token', 'new');
    act(() => customerSession.hydrate());
    expect(screen.getByText('Guest')).toBeVisible();
    await act(() => loadProfile('customer'));
    expect(await screen.findByText('Customer Bo Chen')).toBeVisible();
    expect(queryClient.getQueryCache().findAll({ queryKey: ['session', 'customer', 'old'] })).toEqual([]);
  });

  it('is read for both areas before the app starts; a failure to read the admin ends the admin session', async () => {
    sessionStorage.setItem('auth_token', 'kept');
    localStorage.setItem('admin_auth_token', 'kept-admin');
    answer('get', '/api/user', () => HttpResponse.json({ data: testCustomer }));
    answer('get', '/api/admin/profile', () => HttpResponse.json({ message: 'boom' }, { status: 500 }));
    await initSessions();
    expect(signedInCustomer()).toEqual(testCustomer);
    expect(adminSession.getState().token).toBeNull();
    expect(localStorage.getItem('admin_auth_token')).toBeNull();
    expect(getToasts()).toEqual([]);
  });

  it('is rendered as a guest on the server, whatever the session of the browser', () => {
    customerSession.signIn('t', testCustomer);
    adminSession.signIn('a', testAdmin);
    const html = renderToString(<Who />);
    expect(html).toContain('Guest');
    expect(html).toContain('No admin');
  });
});
