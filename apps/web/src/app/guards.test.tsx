import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_MESSAGES } from '@shop/contracts';
import { adminSession, customerSession, signedInCustomer } from '../lib/sessions';
import { answer, server } from '../test/server';
import { alwaysRecheck, requireCustomer } from './guards';
import { RouteError } from './route-error';
import { appRoutes } from './routes';
import { testAdmin as admin, testCustomer as customer } from '../test/accounts';

/** Where the router ends up (path and query) after the guards of a first visit to `path` have run. */
async function landingOf(path: string): Promise<string> {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  await new Promise<void>((resolve) => {
    const done = () => router.state.initialized && router.state.navigation.state === 'idle';
    if (done()) return resolve();
    const stop = router.subscribe(() => {
      if (done()) {
        stop();
        resolve();
      }
    });
  });
  const { pathname, search } = router.state.location;
  router.dispose();
  return `${pathname}${search}`;
}

afterEach(() => {
  vi.restoreAllMocks();
  customerSession.clear();
  adminSession.clear();
});

describe('route guards', () => {
  it('sends a guest to the area’s login (and back afterwards), and home from unknown paths', async () => {
    expect(await landingOf('/user/dashboard')).toBe('/login?next=%2Fuser%2Fdashboard');
    expect(await landingOf('/user/design-status?page=2')).toBe(
      '/login?next=%2Fuser%2Fdesign-status%3Fpage%3D2',
    );
    expect(await landingOf('/admin/dashboard')).toBe('/admin/login?next=%2Fadmin%2Fdashboard');
    expect(await landingOf('/admin/designs?search=desk')).toBe(
      '/admin/login?next=%2Fadmin%2Fdesigns%3Fsearch%3Ddesk',
    );
    expect(await landingOf('/no/such/page')).toBe('/');
    expect(await landingOf('/login')).toBe('/login');
    expect(await landingOf('/admin/login')).toBe('/admin/login');
  });

  it('lets a customer into /user and sends them from the guest-only screens to the dashboard', async () => {
    customerSession.signIn('t', customer);
    expect(await landingOf('/user/design-status')).toBe('/user/design-status');
    expect(await landingOf('/user')).toBe('/user/dashboard');
    expect(await landingOf('/login')).toBe('/user/dashboard');
    expect(await landingOf('/reset-password?token=a&email=b')).toBe('/user/dashboard');
  });

  it('sends a signed-in visitor of a login screen on to the page it was asked for', async () => {
    customerSession.signIn('t', customer);
    expect(await landingOf('/login?next=%2Fuser%2Fdesign-status%3Fpage%3D2')).toBe(
      '/user/design-status?page=2',
    );
    expect(await landingOf('/login?next=https%3A%2F%2Fevil.example')).toBe('/user/dashboard');
    adminSession.signIn('a', admin);
    expect(await landingOf('/admin/login?next=%2Fadmin%2Fusers%3Fpage%3D2')).toBe('/admin/users?page=2');
    expect(await landingOf('/admin/login?next=%2Fuser%2Fdashboard')).toBe('/admin/dashboard');
  });

  it('does not treat a customer as an admin', async () => {
    customerSession.signIn('t', customer);
    expect(await landingOf('/admin/dashboard')).toBe('/admin/login?next=%2Fadmin%2Fdashboard');
  });

  it('does not treat an admin account as a customer', async () => {
    customerSession.signIn('t', { ...customer, role_type: 'admin' });
    expect(await landingOf('/user/dashboard')).toBe('/login?next=%2Fuser%2Fdashboard');
  });

  it('lets an admin into the back-office and past its login', async () => {
    adminSession.signIn('a', admin);
    expect(await landingOf('/admin/users')).toBe('/admin/users');
    expect(await landingOf('/admin')).toBe('/admin/dashboard');
    expect(await landingOf('/admin/login')).toBe('/admin/dashboard');
  });

  it('needs a loaded profile, not only a token: a token the server refuses ends at the login', async () => {
    const asked = answer('get', '/api/user', () =>
      HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
    );
    localStorage.setItem('auth_token', 'stale');
    customerSession.hydrate();
    expect(await landingOf('/user/dashboard')).toBe('/login?next=%2Fuser%2Fdashboard');
    expect(asked).toHaveLength(1);
    expect(customerSession.getState().token).toBeNull();
  });

  it('reads a kept token’s account again, and signs the customer in when the server answers', async () => {
    answer('get', '/api/user', () => HttpResponse.json({ data: customer }));
    localStorage.setItem('auth_token', 'kept');
    customerSession.hydrate();
    expect(await landingOf('/user/design-status')).toBe('/user/design-status');
    expect(signedInCustomer()).toEqual(customer);
  });
});

/** The customer area's guard and the root's error screen around one page, without the rest of the app. */
function customerPage(path: string) {
  return createMemoryRouter(
    [
      {
        path: '/user/*',
        loader: requireCustomer,
        shouldRevalidate: alwaysRecheck,
        element: <p>The customer page</p>,
        ErrorBoundary: RouteError,
      },
      { path: '/login', element: <p>The login</p> },
    ],
    { initialEntries: [path] },
  );
}

describe('a signed-in customer whose account cannot be read', () => {
  it('is told the shop is out of reach, keeps the session, and gets in with Try again', async () => {
    let reachable = false;
    server.use(
      http.get('/api/user', () => (reachable ? HttpResponse.json({ data: customer }) : HttpResponse.error())),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('auth_token', 'kept');
    customerSession.hydrate();
    const router = customerPage('/user/design-status?page=2');
    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { name: 'The shop could not be reached' })).toBeInTheDocument();
    expect(screen.getByText(CUSTOMER_MESSAGES.networkError, { exact: false })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/design-status');
    expect(customerSession.getState().token).toBe('kept');

    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The customer page')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/user/design-status?page=2',
    );
    expect(signedInCustomer()).toEqual(customer);
    router.dispose();
  });

  it('says the server failed when it answers with an error', async () => {
    answer('get', '/api/user', () => HttpResponse.json({ message: 'boom' }, { status: 502 }));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('auth_token', 'kept');
    customerSession.hydrate();
    const router = customerPage('/user/dashboard');
    render(<RouterProvider router={router} />);
    expect(await screen.findByText(CUSTOMER_MESSAGES.serverError, { exact: false })).toBeInTheDocument();
    expect(customerSession.getState().token).toBe('kept');
    router.dispose();
  });
});
