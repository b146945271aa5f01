import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { adminSession, customerSession } from '../lib/sessions';
import { appRoutes } from './routes';

const customer = {
  id: 1,
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: null,
  photo_url: null,
  role_type: 'user' as const,
};
const admin = {
  id: 2,
  name: 'Dana',
  email: 'admin@example.com',
  photo_url: null,
  role_type: 'admin' as const,
};

/** Where the router ends up after the guards of a first visit to `path` have run. */
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
  const { pathname } = router.state.location;
  router.dispose();
  return pathname;
}

afterEach(() => {
  customerSession.clear();
  adminSession.clear();
});

describe('route guards', () => {
  it('sends a guest away from the customer and admin areas, and home from unknown paths', async () => {
    expect(await landingOf('/user/dashboard')).toBe('/');
    expect(await landingOf('/admin/dashboard')).toBe('/');
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

  it('does not treat a customer as an admin', async () => {
    customerSession.signIn('t', customer);
    expect(await landingOf('/admin/dashboard')).toBe('/');
  });

  it('does not treat an admin account as a customer', async () => {
    customerSession.signIn('t', { ...customer, role_type: 'admin' });
    expect(await landingOf('/user/dashboard')).toBe('/');
  });

  it('lets an admin into the back-office and past its login', async () => {
    adminSession.signIn('a', admin);
    expect(await landingOf('/admin/users')).toBe('/admin/users');
    expect(await landingOf('/admin')).toBe('/admin/dashboard');
    expect(await landingOf('/admin/login')).toBe('/admin/dashboard');
  });

  it('needs a loaded profile, not only a token', async () => {
    localStorage.setItem('auth_token', 'stale');
    customerSession.hydrate();
    expect(await landingOf('/user/dashboard')).toBe('/');
  });
});
