import { CUSTOMER_MESSAGES } from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, chooseSession } from './api-client';
import { ApiError } from './api-error';
import { registerNavigator } from './navigation';
import { adminSession, customerSession } from './sessions';
import { clearToasts, getToasts } from './toast';

const customer = {
  id: 1,
  name: 'Ann',
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

function answer(status: number, body?: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

const navigate = vi.fn();
const toasts = () => getToasts().map((t) => t.message);
const sentHeaders = (fetchMock: ReturnType<typeof vi.fn>) =>
  (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;

beforeEach(() => {
  registerNavigator(navigate);
  customerSession.signIn('customer-token', customer);
  adminSession.signIn('admin-token', admin);
});

afterEach(() => {
  vi.unstubAllGlobals();
  navigate.mockClear();
  clearToasts();
  customerSession.clear();
  adminSession.clear();
});

describe('apiRequest', () => {
  it('parses the server error shape into an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      answer(422, {
        message: 'The email field is required.',
        errors: { email: ['The email field is required.'] },
      }),
    );
    const error = (await apiRequest('/api/contact', { method: 'POST', body: {}, callerHandles: true }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'The email field is required.' });
    expect(error.firstError('email')).toBe('The email field is required.');
  });

  it.each([
    [403, { message: 'Nope' }, CUSTOMER_MESSAGES.forbidden],
    [500, { message: 'Server error.' }, CUSTOMER_MESSAGES.serverError],
    [422, { message: 'The name field is required.' }, 'The name field is required.'],
    [404, { message: 'Not found.' }, 'Not found.'],
  ])('shows the global message for %i', async (status, body, shown) => {
    vi.stubGlobal('fetch', answer(status, body));
    await expect(apiRequest('/api/v1/frontend/products')).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toEqual([shown]);
  });

  it('reports a request that got no answer as a network error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await apiRequest('/api/v1/frontend/products').catch((e) => e);
    expect(error).toMatchObject({ status: 0 });
    expect(toasts()).toEqual([CUSTOMER_MESSAGES.networkError]);
  });

  it('ends the customer session on a 401 and sends the visitor to /login', async () => {
    vi.stubGlobal('fetch', answer(401, { message: 'Unauthenticated.' }));
    await expect(apiRequest('/api/notifications')).rejects.toBeInstanceOf(ApiError);
    expect(customerSession.getState().token).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(adminSession.getState().token).toBe('admin-token');
    expect(toasts()).toEqual([CUSTOMER_MESSAGES.sessionExpired]);
    expect(navigate).toHaveBeenCalledWith('/login', undefined);
  });

  it('ends the admin session on a 401 of an admin call and sends to /admin/login', async () => {
    vi.stubGlobal('fetch', answer(401, { message: 'Unauthenticated.' }));
    await expect(apiRequest('/api/admin/users')).rejects.toBeInstanceOf(ApiError);
    expect(adminSession.getState().token).toBeNull();
    expect(localStorage.getItem('admin_auth_token')).toBeNull();
    expect(customerSession.getState().token).toBe('customer-token');
    expect(navigate).toHaveBeenCalledWith('/admin/login', undefined);
  });

  it('handles parallel 401s of one session once', async () => {
    vi.stubGlobal('fetch', answer(401, { message: 'Unauthenticated.' }));
    await Promise.allSettled([apiRequest('/api/notifications'), apiRequest('/api/conversations')]);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('leaves failures to call sites that handle them', async () => {
    vi.stubGlobal('fetch', answer(401, { message: 'Invalid email or password.' }));
    await expect(
      apiRequest('/api/login', { method: 'POST', body: {}, callerHandles: true }),
    ).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password.',
    });
    expect(toasts()).toEqual([]);
    expect(customerSession.getState().token).toBe('customer-token');
  });

  it('lets a predicate keep the global handling for some statuses', async () => {
    vi.stubGlobal('fetch', answer(500, { message: 'Server error.' }));
    await expect(
      apiRequest('/api/notifications', { callerHandles: (e) => e.status !== 401 }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toEqual([]);
  });

  it('sends JSON with the chosen bearer token and parses the answer', async () => {
    const fetchMock = answer(200, { data: customer });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/user')).resolves.toEqual({ data: customer });
    expect(sentHeaders(fetchMock).Authorization).toBe('Bearer customer-token');
  });

  it('never sends a token to the login and password endpoints', async () => {
    const fetchMock = answer(200, { message: 'ok' });
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/forgot-password', { method: 'POST', body: { email: 'a@b.co' } });
    expect(sentHeaders(fetchMock).Authorization).toBeUndefined();
    expect(sentHeaders(fetchMock)['Content-Type']).toBe('application/json');
  });
});

describe('chooseSession', () => {
  it('picks the token by area', () => {
    expect(chooseSession('/api/admin/dashboard-stats')).toBe('admin');
    expect(chooseSession('/api/notifications')).toBe('customer');
    expect(chooseSession('/api/conversations')).toBe('customer');
    for (const path of [
      '/api/login',
      '/api/register',
      '/api/forgot-password',
      '/api/reset-password',
      '/api/admin/login',
    ]) {
      expect(chooseSession(path)).toBeNull();
    }
  });

  it('uses the admin token for shared calls when no customer is signed in', () => {
    customerSession.clear();
    expect(chooseSession('/api/conversations')).toBe('admin');
    expect(chooseSession('/api/messages/4')).toBe('admin');
    adminSession.clear();
    expect(chooseSession('/api/conversations')).toBeNull();
  });
});
