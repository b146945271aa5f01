import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_MESSAGES } from '@shop/contracts';
import * as passwords from '../../../src/platform/auth/passwords';
import { mailQueue } from '../../../src/db/schema/mail';
import { passwordResetTokens } from '../../../src/db/schema/users';
import { DEFAULT_LIMITS } from '../../../src/platform/rate-limit';
import { bearer, createAdmin, registerCustomer } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';

// The password checks and hashes are counted: a limit must refuse before argon2 runs, not after.
vi.mock('../../../src/platform/auth/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof passwords>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword), hashPassword: vi.fn(real.hashPassword) };
});
const verifications = () => vi.mocked(passwords.verifyPassword).mock.calls.length;
const hashes = () => vi.mocked(passwords.hashPassword).mock.calls.length;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

function login(email: string, password: string, from: string, url = '/api/login') {
  return t.app.inject({ method: 'POST', url, payload: { email, password }, remoteAddress: from });
}

describe('sign-in throttling', () => {
  it('refuses concurrent wrong guesses before the password check (429), not after', async () => {
    const { email } = await registerCustomer(t.app);
    vi.mocked(passwords.verifyPassword).mockClear();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(email, `Wrong-Password-${i}`, '198.51.100.10')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(DEFAULT_LIMITS.loginPair!.points);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - DEFAULT_LIMITS.loginPair!.points);
    expect(verifications()).toBe(DEFAULT_LIMITS.loginPair!.points);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ message: SERVER_MESSAGES.tooManyAttempts(15) });
  });

  it('a stranger cannot lock the admin out: failures from other addresses leave their own address alone', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const home = '203.0.113.5';
    expect((await login(admin.email, admin.password, home, '/api/admin/login')).statusCode).toBe(200);

    // Many wrong passwords from rotating addresses, and a flood from one address across accounts.
    for (let i = 0; i < 40; i++) {
      const r = await login(admin.email, `Wrong-${i}-Guess`, `10.1.${i >> 8}.${i & 255}`, '/api/admin/login');
      expect([401, 429]).toContain(r.statusCode);
    }
    for (let i = 0; i < 40; i++) await login(`x${i}@example.com`, 'Wrong-Password-9', '10.2.0.1');

    // The account is slowed for unknown addresses (one attempt a minute), never locked.
    vi.mocked(passwords.verifyPassword).mockClear();
    const stranger = await login(admin.email, admin.password, '10.3.0.1', '/api/admin/login');
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeLessThanOrEqual(
      DEFAULT_LIMITS.loginAccountSlow!.windowSeconds,
    );
    expect(verifications()).toBe(0);
    // The admin signs in from their own address with the right password.
    const own = await login(admin.email, admin.password, home, '/api/admin/login');
    expect(own.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/profile', headers: bearer(own.json().token) }))
        .statusCode,
    ).toBe(200);
  });

  it('throttles a pair of account and address, so other accounts from that address still sign in', async () => {
    const alice = await registerCustomer(t.app);
    const bob = await registerCustomer(t.app);
    const from = '198.51.100.20';
    for (let i = 0; i < DEFAULT_LIMITS.loginPair!.points; i++)
      expect((await login(alice.email, 'Wrong-Password-1', from)).statusCode).toBe(401);
    expect((await login(alice.email, alice.password, from)).statusCode).toBe(429);
    expect((await login(bob.email, bob.password, from)).statusCode).toBe(200);
  });

  it('an address flooding many accounts is refused, but not for an account that signed in from it before', async () => {
    const regular = await registerCustomer(t.app);
    const office = '198.51.100.30';
    expect((await login(regular.email, regular.password, office)).statusCode).toBe(200);
    for (let i = 0; i < DEFAULT_LIMITS.loginAddress!.points; i++)
      expect((await login(`guess${i}@example.com`, 'Wrong-Password-1', office)).statusCode).toBe(401);
    const newcomer = await registerCustomer(t.app);
    expect((await login(newcomer.email, newcomer.password, office)).statusCode).toBe(429);
    expect((await login(regular.email, regular.password, office)).statusCode).toBe(200);
  });

  it('a successful sign-in clears its pair: the owner who mistyped a few times is not held back', async () => {
    const c = await registerCustomer(t.app);
    const from = '198.51.100.40';
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < DEFAULT_LIMITS.loginPair!.points - 1; i++)
        expect((await login(c.email, 'Typo-Password-1', from)).statusCode).toBe(401);
      expect((await login(c.email, c.password, from)).statusCode).toBe(200);
    }
  });
});

describe('password reset and change limits', () => {
  it('a bad reset token answers 422 without hashing anything, for known and unknown e-mails alike', async () => {
    const { email } = await registerCustomer(t.app);
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
    await t.deliverMail();
    vi.mocked(passwords.hashPassword).mockClear();
    const body = (e: string) => ({
      email: e,
      token: 'not-the-token',
      password: 'Fresh-Cubicle-88',
      password_confirmation: 'Fresh-Cubicle-88',
    });
    const known = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: body(email) });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: body('ghost@example.com'),
    });
    expect(known.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().errors.email).toEqual([SERVER_MESSAGES.resetTokenInvalid]);
    expect(hashes()).toBe(0);
  });

  it('limits reset attempts per address (429 with Retry-After)', async () => {
    const payload = {
      email: 'someone@example.com',
      token: 'guess',
      password: 'Fresh-Cubicle-88',
      password_confirmation: 'Fresh-Cubicle-88',
    };
    const send = (from: string) =>
      t.app.inject({ method: 'POST', url: '/api/reset-password', payload, remoteAddress: from });
    for (let i = 0; i < DEFAULT_LIMITS.resetAddress!.points; i++)
      expect((await send('198.51.100.50')).statusCode).toBe(422);
    const limited = await send('198.51.100.50');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send('198.51.100.51')).statusCode).toBe(422);
  });

  it('limits guesses of the current password from a signed-in session, before the check', async () => {
    const c = await registerCustomer(t.app);
    vi.mocked(passwords.verifyPassword).mockClear();
    const change = (current: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/profile/password',
        headers: bearer(c.token),
        payload: {
          current_password: current,
          new_password: 'Brand-New-Desk-77',
          new_password_confirmation: 'Brand-New-Desk-77',
        },
      });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => change(`Guess-Number-${i}`)));
    const limit = DEFAULT_LIMITS.changePassword!.points;
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(limit);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(20 - limit);
    expect(verifications()).toBe(limit);
    // Even the right password waits now.
    expect((await change(c.password)).statusCode).toBe(429);
  });

  it('forgot-password answers the same for known and unknown e-mails, and mails only the known one', async () => {
    const { email } = await registerCustomer(t.app);
    const known = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: 'ghost@example.com' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.headers['cache-control']).toBe('no-store');
    // The new account's verification mail aside, only the known e-mail gets a mail.
    const mails = (await t.deliverMail()).filter((m) => !m.includes('Subject: Verify your e-mail address'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${email}`);
  });

  it('an account gets at most five reset mails a day; past them, asking changes nothing and the last link works', async () => {
    const { email } = await registerCustomer(t.app);
    const ask = (from: string) =>
      t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email }, remoteAddress: from });
    expect((await ask('198.51.100.70')).statusCode).toBe(200);
    await t.deliverMail();
    const [first] = await t.ctx.database.db.select().from(passwordResetTokens);
    expect(first).toBeDefined();
    // Four more of the day's mails, as others asked before (forgotAccount lets three through every 15 minutes).
    for (let i = 0; i < 4; i++)
      await t.ctx.database.db
        .insert(mailQueue)
        .values({ toAddress: email.toUpperCase(), subject: 'Reset', textBody: '', kind: 'password_reset' });
    const mailsBefore = await t.ctx.database.db.$count(mailQueue);
    const again = await ask('198.51.100.71');
    expect(again.statusCode).toBe(200);
    await t.deliverMail();
    // The same answer, no sixth mail, and the token mailed last is still the account's.
    expect(again.json()).toEqual({ message: SERVER_MESSAGES.resetLinkSent });
    expect(await t.ctx.database.db.$count(mailQueue)).toBe(mailsBefore);
    expect(await t.ctx.database.db.select().from(passwordResetTokens)).toEqual([first]);
  });
});

describe('address-keyed limits', () => {
  it('count an IPv6 client by its /64, so a fresh address of the same network gets no fresh allowance', async () => {
    const contact = (from: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: from,
        payload: {
          firstName: 'Net',
          lastName: 'Guest',
          email: `net${i}@example.com`,
          phone: '555 0100',
          message: 'A question about desks.',
        },
      });
    const points = DEFAULT_LIMITS.contact!.points;
    for (let i = 0; i < points; i++)
      expect((await contact(`2001:db8:7:1::${(i + 1).toString(16)}`, i)).statusCode).toBe(200);
    // Another address of the same /64 is refused; one of another /64, and an IPv4 client, are not.
    expect((await contact('2001:db8:7:1:abcd::99', 99)).statusCode).toBe(429);
    expect((await contact('2001:db8:7:2::1', 100)).statusCode).toBe(200);
    expect((await contact('198.51.100.80', 101)).statusCode).toBe(200);
  });
});

describe('caching', () => {
  it('answers that depend on a session carry no-store; public catalogue answers do not', async () => {
    const c = await registerCustomer(t.app);
    const signIn = await login(c.email, c.password, '198.51.100.60');
    expect(signIn.headers['cache-control']).toBe('no-store');
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        email: 'fresh@example.com',
        password: 'Walnut-Desk-2026',
        password_confirmation: 'Walnut-Desk-2026',
        terms: true,
      },
    });
    expect(reg.statusCode).toBe(201);
    expect(reg.headers['cache-control']).toBe('no-store');
    const admin = await createAdmin(t.app, t.ctx);
    for (const [url, token] of [
      ['/api/user', c.token],
      ['/api/notifications', c.token],
      ['/api/v1/frontend/products', c.token],
      ['/api/admin/profile', admin.token],
      ['/api/user', 'forged-token'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const guest = await t.app.inject({ method: 'GET', url: '/api/v1/frontend/products' });
    expect(guest.statusCode).toBe(200);
    expect(guest.headers['cache-control'] ?? '').not.toContain('no-store');
    const categories = await t.app.inject({ method: 'GET', url: '/api/v1/frontend/categories' });
    expect(categories.headers['cache-control'] ?? '').not.toContain('no-store');
  });
});

describe('deeply nested JSON', () => {
  it('is refused with 400 before it is parsed', async () => {
    const depth = 400_000;
    const payload = '['.repeat(depth) + ']'.repeat(depth);
    const parse = vi.spyOn(JSON, 'parse');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    const parsedDeep = parse.mock.calls.some((call) => call[0] === payload);
    parse.mockRestore();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.tooDeep });
    expect(parsedDeep).toBe(false);
  });

  it('deep objects and strings full of brackets are told apart', async () => {
    const deepObject = '{"a":'.repeat(100) + '1' + '}'.repeat(100);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: deepObject,
    });
    expect(res.statusCode).toBe(400);
    // Brackets inside strings (escaped quotes too) are text, not nesting.
    const res2 = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: 'someone@example.com', note: `\\"${'['.repeat(1000)}` },
    });
    expect(res2.statusCode).toBe(200);
  });
});
