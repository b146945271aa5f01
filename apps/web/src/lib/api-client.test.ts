import { http, HttpResponse } from 'msw';
import { CUSTOMER_MESSAGES, SERVER_MESSAGES, SIGN_IN_MESSAGES } from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, chooseSession } from './api-client';
import { ApiError, failureMessage, failureWithReason } from './api-error';
import { registerNavigator, SESSION_ENDED } from './navigation';
import { adminSession, customerSession } from './sessions';
import { clearToasts, getToasts } from './toast';
import { testAdmin as admin, testCustomer as customer } from '../test/accounts';
import { server } from '../test/server';

/** Every call answers this status and body (and headers); answers the requests it received. */
function answer(status: number, body?: unknown, headers?: Record<string, string>) {
  const received: Request[] = [];
  server.use(
    http.all('/api/*', ({ request }) => {
      received.push(request);
      return body === undefined
        ? new HttpResponse(null, { status, headers })
        : HttpResponse.json(body, { status, headers });
    }),
  );
  return received;
}

/** Every call fails before any answer, as fetch does offline or when the network drops. */
function unreachable() {
  server.use(http.all('/api/*', () => HttpResponse.error()));
}

const navigate = vi.fn();
const toasts = () => getToasts().map((t) => t.message);

beforeEach(() => {
  registerNavigator(navigate);
  customerSession.signIn('customer-token', customer);
  adminSession.signIn('admin-token', admin);
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
  navigate.mockClear();
  clearToasts();
  customerSession.clear();
  adminSession.clear();
});

describe('apiRequest', () => {
  it('parses the server error shape into an ApiError', async () => {
    answer(422, {
      message: 'The email field is required.',
      errors: { email: ['The email field is required.'] },
    });
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
    answer(status, body);
    await expect(apiRequest('/api/v1/frontend/products')).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toEqual([shown]);
  });

  it('reports a request that got no answer as a network error', async () => {
    unreachable();
    const error = await apiRequest('/api/v1/frontend/products').catch((e) => e);
    expect(error).toMatchObject({ status: 0, message: CUSTOMER_MESSAGES.networkError });
    expect(toasts()).toEqual([CUSTOMER_MESSAGES.networkError]);
  });

  it('says so when the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    unreachable();
    const error = await apiRequest('/api/v1/frontend/products').catch((e) => e);
    expect(error).toMatchObject({ status: 0, message: CUSTOMER_MESSAGES.offline });
    expect(toasts()).toEqual([CUSTOMER_MESSAGES.offline]);
  });

  it("shows the server's words for too many attempts", async () => {
    answer(429, { message: SERVER_MESSAGES.tooManyAttempts(15) }, { 'Retry-After': '900' });
    await expect(apiRequest('/api/v1/frontend/products')).rejects.toMatchObject({ status: 429 });
    expect(toasts()).toEqual(['Too many attempts. Please try again in 15 minutes.']);
  });

  it.each([
    ['120', 'Too many attempts. Please try again in 2 minutes.'],
    ['30', 'Too many attempts. Please try again in 1 minute.'],
    [new Date(Date.now() + 5 * 60_000).toUTCString(), 'Too many attempts. Please try again in 5 minutes.'],
  ])('words a 429 with Retry-After %s that has no text of its own', async (retryAfter, shown) => {
    answer(429, undefined, { 'Retry-After': retryAfter });
    const error = await apiRequest('/api/login', { method: 'POST', body: {}, callerHandles: true }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 429, message: shown });
    // A call site with its own wording still says how long to wait.
    expect(failureMessage(error, 'Something went wrong.')).toBe(shown);
  });

  it('words a 429 without Retry-After as try again later', async () => {
    answer(429, { message: SERVER_MESSAGES.rateLimited });
    await expect(apiRequest('/api/v1/frontend/products')).rejects.toMatchObject({
      message: SERVER_MESSAGES.rateLimited,
    });
    expect(toasts()).toEqual([SERVER_MESSAGES.rateLimited]);
  });

  it("keeps a call site's own wording for other failures", async () => {
    answer(500, { message: 'Server error.' });
    const error = await apiRequest('/api/admin/users', { callerHandles: true }).catch((e: unknown) => e);
    expect(failureMessage(error, 'Failed to load users.')).toBe('Failed to load users.');
    unreachable();
    const offline = await apiRequest('/api/admin/users', { callerHandles: true }).catch((e: unknown) => e);
    expect(failureMessage(offline, 'Failed to load users.')).toBe(CUSTOMER_MESSAGES.networkError);
    // A screen that names what failed says it first, then why.
    expect(failureWithReason(offline, 'Failed to load users.')).toBe(
      `Failed to load users. ${CUSTOMER_MESSAGES.networkError}`,
    );
    expect(failureWithReason(error, 'Failed to load users.')).toBe('Failed to load users.');
  });

  it('ends the customer session on a 401 and sends the visitor to /login, to come back afterwards', async () => {
    window.history.replaceState(null, '', '/user/design-status?page=2');
    answer(401, { message: 'Unauthenticated.' });
    await expect(apiRequest('/api/notifications')).rejects.toBeInstanceOf(ApiError);
    expect(customerSession.getState().token).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(adminSession.getState().token).toBe('admin-token');
    expect(toasts()).toEqual([CUSTOMER_MESSAGES.sessionExpired]);
    expect(navigate).toHaveBeenCalledWith('/login?next=%2Fuser%2Fdesign-status%3Fpage%3D2', {
      state: SESSION_ENDED,
    });
  });

  it('asks a guest to log in, without "Session expired", and comes back to the page', async () => {
    customerSession.clear();
    window.history.replaceState(null, '', '/products?favorites=true');
    answer(401, { message: 'Unauthenticated.' });
    await expect(
      apiRequest('/api/v1/frontend/products', { query: { favorites: 'true' } }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toEqual([SIGN_IN_MESSAGES.loginRequired]);
    expect(navigate).toHaveBeenCalledWith('/login?next=%2Fproducts%3Ffavorites%3Dtrue', {
      state: SESSION_ENDED,
    });
  });

  it('ends the admin session on a 401 of an admin call and sends to /admin/login, to come back afterwards', async () => {
    window.history.replaceState(null, '', '/admin/designs?search=desk');
    answer(401, { message: 'Unauthenticated.' });
    await expect(apiRequest('/api/admin/users')).rejects.toBeInstanceOf(ApiError);
    expect(adminSession.getState().token).toBeNull();
    expect(localStorage.getItem('admin_auth_token')).toBeNull();
    expect(customerSession.getState().token).toBe('customer-token');
    expect(toasts()).toEqual([CUSTOMER_MESSAGES.sessionExpired]);
    expect(navigate).toHaveBeenCalledWith('/admin/login?next=%2Fadmin%2Fdesigns%3Fsearch%3Ddesk', {
      state: SESSION_ENDED,
    });
  });

  it('sends the admin to the login page with the back-office page that needed the session as its return path', async () => {
    window.history.replaceState(null, '', '/admin/users?page=2&search=ann');
    try {
      answer(401, { message: 'Unauthenticated.' });
      await expect(apiRequest('/api/admin/users')).rejects.toBeInstanceOf(ApiError);
      expect(navigate).toHaveBeenCalledWith(
        `/admin/login?next=${encodeURIComponent('/admin/users?page=2&search=ann')}`,
        { state: SESSION_ENDED },
      );
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('handles parallel 401s of one session once', async () => {
    answer(401, { message: 'Unauthenticated.' });
    await Promise.allSettled([apiRequest('/api/notifications'), apiRequest('/api/conversations')]);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('leaves failures to call sites that handle them', async () => {
    answer(401, { message: 'Invalid email or password.' });
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
    answer(500, { message: 'Server error.' });
    await expect(
      apiRequest('/api/notifications', { callerHandles: (e) => e.status !== 401 }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toEqual([]);
  });

  it('sends JSON with the chosen bearer token and parses the answer', async () => {
    const received = answer(200, { data: customer });
    await expect(apiRequest('/api/user')).resolves.toEqual({ data: customer });
    expect(received[0]!.headers.get('Authorization')).toBe('Bearer customer-token');
  });

  it('never sends a token to the login and password endpoints', async () => {
    const received = answer(200, { message: 'ok' });
    await apiRequest('/api/forgot-password', { method: 'POST', body: { email: 'a@b.co' } });
    expect(received[0]!.headers.get('Authorization')).toBeNull();
    expect(received[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(await received[0]!.json()).toEqual({ email: 'a@b.co' });
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
