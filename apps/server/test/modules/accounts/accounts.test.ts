import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES, SERVER_MESSAGES } from '@shop/contracts';
import { passwordResetTokens, sessions, users } from '../../../src/db/schema/users';
import { bearer, createAdmin, registerCustomer } from '../../support/http';
import { holdingClient, waitUntilBlocked } from '../../support/lock-waits';
import { createTestApp, type TestApp } from '../../support/test-app';
import { backgroundSettled } from '../../../src/platform/background';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

function resetLinkFrom(mail: string): { token: string; email: string } {
  const url = /Reset your password: (\S+)/.exec(mail.replace(/=\r?\n/g, ''))?.[1];
  if (!url) throw new Error('no reset link in mail');
  const u = new URL(url.replace(/=3D/g, '='));
  return { token: u.searchParams.get('token')!, email: u.searchParams.get('email')! };
}

describe('register', () => {
  it('creates a customer, answers a working token and the user', async () => {
    const res = await post('/api/register', {
      email: 'New.Person@Example.com',
      password: 'Walnut-Desk-2026',
      password_confirmation: 'Walnut-Desk-2026',
      terms: true,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(SERVER_MESSAGES.registered);
    expect(body.user).toMatchObject({
      email: 'new.person@example.com',
      role_type: 'user',
      name: 'New Person',
    });
    expect(body.token.length).toBeGreaterThanOrEqual(43);
    const me = await get('/api/user', bearer(body.token));
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe('new.person@example.com');
    expect(me.json().data).not.toHaveProperty('password_hash');
  });

  it('stores only a hash of the session token and an argon2id password hash', async () => {
    const { token, user } = await registerCustomer(t.app);
    const [row] = await t.ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const stored = await t.ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    [{ password: 'Walnut-Desk-2026', password_confirmation: 'Walnut-Desk-2026', terms: true }, 'email'],
    [
      {
        email: 'not-an-email',
        password: 'Walnut-Desk-2026',
        password_confirmation: 'Walnut-Desk-2026',
        terms: true,
      },
      'email',
    ],
    [{ email: 'a@example.com', password: 'short', password_confirmation: 'short', terms: true }, 'password'],
    [
      {
        email: 'a@example.com',
        password: 'Walnut-Desk-2026',
        password_confirmation: 'Other-Desk-2026',
        terms: true,
      },
      'password_confirmation',
    ],
    [
      {
        email: 'a@example.com',
        password: 'Walnut-Desk-2026',
        password_confirmation: 'Walnut-Desk-2026',
        terms: false,
      },
      'terms',
    ],
    [
      { email: 'a@example.com', password: 'Walnut-Desk-2026', password_confirmation: 'Walnut-Desk-2026' },
      'terms',
    ],
  ])('refuses %j with 422 naming %s and creates nothing', async (payload, field) => {
    const res = await post('/api/register', payload);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors[field]?.[0]).toEqual(expect.any(String));
    expect(body.message).toEqual(expect.any(String));
    const count = await t.ctx.database.db.$count(users);
    expect(count).toBe(0);
  });

  it('refuses a common password', async () => {
    const res = await post('/api/register', {
      email: 'a@example.com',
      password: 'password1',
      password_confirmation: 'password1',
      terms: true,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual([SERVER_MESSAGES.passwordCommon]);
    expect(await t.ctx.database.db.$count(users)).toBe(0);
  });

  it('answers 409 for an e-mail that is taken, whatever its case', async () => {
    const taken = await registerCustomer(t.app, 'taken@example.com');
    const res = await post('/api/register', {
      email: 'TAKEN@example.com',
      password: 'Walnut-Desk-2026',
      password_confirmation: 'Walnut-Desk-2026',
      terms: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: SERVER_MESSAGES.emailTaken,
      errors: { email: [SERVER_MESSAGES.emailTaken] },
    });
    // The account that has the address is as it was: one account, which still signs in with its password.
    expect(await t.ctx.database.db.$count(users)).toBe(1);
    expect((await post('/api/login', { email: taken.email, password: taken.password })).statusCode).toBe(200);
  });

  it('answers 400 to malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});

describe('login', () => {
  it('logs in with a 24-hour session, or 30 days with remember me', async () => {
    const { email, password, user } = await registerCustomer(t.app);
    const short = await post('/api/login', { email, password });
    expect(short.statusCode).toBe(200);
    expect(short.json()).toMatchObject({ message: CUSTOMER_MESSAGES.loggedIn, user: { id: user.id } });
    const long = await post('/api/login', { email, password, remember: true });
    const rows = await t.ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const hours = rows
      .map((r) => (r.expiresAt.getTime() - r.createdAt.getTime()) / 3600_000)
      .sort((a, b) => a - b);
    expect(hours[0]).toBeLessThan(24.1);
    expect(hours[hours.length - 1]).toBeGreaterThan(24 * 29.9);
    expect((await get('/api/user', bearer(long.json().token))).statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const { email } = await registerCustomer(t.app);
    const wrong = await post('/api/login', { email, password: 'Not-The-Password-1' });
    const unknown = await post('/api/login', { email: 'nobody@example.com', password: 'Not-The-Password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: CUSTOMER_MESSAGES.loginInvalid });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 403 for an inactive account and its open sessions stop working', async () => {
    const { email, password, token, user } = await registerCustomer(t.app);
    await t.ctx.database.db.update(users).set({ status: 0 }).where(eq(users.id, user.id));
    const res = await post('/api/login', { email, password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: CUSTOMER_MESSAGES.accountInactive });
    expect((await get('/api/user', bearer(token))).statusCode).toBe(403);
  });

  it('answers 422 with errors for a missing password', async () => {
    const res = await post('/api/login', { email: 'a@example.com' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toHaveLength(1);
  });

  it('rate limits failed logins per account, even from rotating addresses, with Retry-After', async () => {
    const { email, password } = await registerCustomer(t.app);
    for (let i = 0; i < 10; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: 'Wrong-Password-9' },
        remoteAddress: `10.0.0.${i + 1}`,
      });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
      remoteAddress: '10.0.1.1',
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toEqual({ message: SERVER_MESSAGES.tooManyAttempts(1) });
    // Another account from the same addresses is not locked.
    const other = await registerCustomer(t.app);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: other.email, password: other.password },
      remoteAddress: '10.0.0.1',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('rate limits failed logins per address across accounts', async () => {
    for (let i = 0; i < 30; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: `x${i}@example.com`, password: 'Wrong-Password-9' },
        remoteAddress: '10.9.9.9',
      });
    }
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'y@example.com', password: 'Wrong-Password-9' },
      remoteAddress: '10.9.9.9',
    });
    expect(r.statusCode).toBe(429);
  });
});

describe('sessions and areas', () => {
  it('a customer token never opens the admin area', async () => {
    const { token } = await registerCustomer(t.app);
    const res = await get('/api/admin/profile', bearer(token));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: CUSTOMER_MESSAGES.forbidden });
  });

  it('the admin login refuses customers with the wrong-password answer', async () => {
    const { email, password } = await registerCustomer(t.app);
    const res = await post('/api/admin/login', { email, password });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: CUSTOMER_MESSAGES.loginInvalid });
  });

  it('an admin logs in, reads its profile, reaches shared routes and logs out', async () => {
    const { token, email } = await createAdmin(t.app, t.ctx);
    const profile = await get('/api/admin/profile', bearer(token));
    expect(profile.statusCode).toBe(200);
    expect(profile.json().admin).toMatchObject({ email, role_type: 'admin' });
    expect((await get('/api/user', bearer(token))).statusCode).toBe(200);
    expect((await post('/api/admin/logout', {}, bearer(token))).statusCode).toBe(200);
    expect((await get('/api/admin/profile', bearer(token))).statusCode).toBe(401);
  });

  it('logout revokes the token server-side', async () => {
    const { token } = await registerCustomer(t.app);
    const out = await post('/api/logout', {}, bearer(token));
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: CUSTOMER_MESSAGES.loggedOut });
    const after = await get('/api/user', bearer(token));
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: SERVER_MESSAGES.unauthenticated });
  });

  it('answers 401 without a token and with a forged one', async () => {
    expect((await get('/api/user')).statusCode).toBe(401);
    expect((await get('/api/user', bearer('forged-token'))).statusCode).toBe(401);
    expect((await get('/api/user', { authorization: 'Basic abc' })).statusCode).toBe(401);
  });

  it('an expired session answers 401', async () => {
    const { token, user } = await registerCustomer(t.app);
    await t.ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await get('/api/user', bearer(token))).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('a login under way while the password is reset gets no session made with the old password', async () => {
    const { email, password, user } = await registerCustomer(t.app);
    // A reset under way: its transaction has written the new password and not yet ended the sessions.
    const reset = await holdingClient(t.databaseUrl);
    let answered = false;
    let login: ReturnType<typeof post> | undefined;
    try {
      await reset.query(`update users set password_hash = 'a new hash' where id = $1`, [user.id]);
      login = post('/api/login', { email, password }).finally(() => (answered = true));
      // The login checked the old password (the row as committed) and waits to make its session.
      expect(await waitUntilBlocked(t.databaseUrl, reset, () => answered)).toBe(true);
      await reset.query('delete from sessions where user_id = $1', [user.id]);
      await reset.query('commit');
    } finally {
      await reset.end();
    }
    const res = await login!;
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().message).toBe(SERVER_MESSAGES.loginInvalid);
    expect(await t.ctx.database.db.$count(sessions, eq(sessions.userId, user.id))).toBe(0);
  });

  it('mails a single-use link that resets the password and ends every session', async () => {
    const { email, token: oldToken } = await registerCustomer(t.app);
    const res = await post('/api/forgot-password', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.resetLinkSent });
    // Registering mailed the verification link first.
    const mails = (await t.deliverMail()).filter((m) => !m.includes('Subject: Verify your e-mail address'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${email}`);
    const link = resetLinkFrom(mails[0]!);
    expect(link.email).toBe(email);

    // Opened, the link is checked (nothing spent by the check).
    for (let i = 0; i < 2; i++) {
      const check = await post('/api/reset-password/check', link);
      expect(check.statusCode, check.body).toBe(200);
      expect(check.json()).toEqual({ valid: true });
    }

    const newPassword = 'Fresh-Cubicle-88';
    const reset = await post('/api/reset-password', {
      email,
      token: link.token,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: SERVER_MESSAGES.passwordReset });
    expect((await get('/api/user', bearer(oldToken))).statusCode).toBe(401);
    expect((await post('/api/login', { email, password: newPassword })).statusCode).toBe(200);

    const reuse = await post('/api/reset-password', {
      email,
      token: link.token,
      password: 'Another-Cubicle-99',
      password_confirmation: 'Another-Cubicle-99',
    });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().errors.email).toEqual([SERVER_MESSAGES.resetTokenInvalid]);
    expect((await post('/api/login', { email, password: newPassword })).statusCode).toBe(200);
    // Opened again, the spent link says so at once.
    const spent = await post('/api/reset-password/check', link);
    expect(spent.statusCode).toBe(422);
    expect(spent.json().errors).toEqual({ email: [SERVER_MESSAGES.resetTokenInvalid] });
  });

  it("checks an opened reset link's address and token, and refuses what is not one with 422", async () => {
    const { email } = await registerCustomer(t.app);
    await post('/api/forgot-password', { email });
    const link = resetLinkFrom(
      (await t.deliverMail()).filter((m) => m.includes('Reset your password')).at(-1)!,
    );
    const other = await registerCustomer(t.app);
    for (const body of [
      { email: other.email, token: link.token },
      { email, token: `${link.token}x` },
      { email, token: 'not-a-real-token' },
    ]) {
      const res = await post('/api/reset-password/check', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors).toEqual({ email: [SERVER_MESSAGES.resetTokenInvalid] });
    }
    for (const body of [{ email }, { token: link.token }, { email: 'not-an-email', token: link.token }, {}]) {
      const res = await post('/api/reset-password/check', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await post('/api/reset-password/check', link)).statusCode).toBe(200);
  });

  it('voids the links of an account when it is deactivated: one mailed before sets no password, now or once active again', async () => {
    const { email, password, user } = await registerCustomer(t.app);
    const admin = await createAdmin(t.app, t.ctx);
    await post('/api/forgot-password', { email });
    const link = resetLinkFrom(
      (await t.deliverMail()).filter((m) => m.includes('Reset your password')).at(-1)!,
    );
    const toggle = () => post(`/api/admin/users/${user.id}/toggle-status`, {}, bearer(admin.token));
    expect((await toggle()).json().status).toBe(0);
    expect(await t.ctx.database.db.$count(passwordResetTokens, eq(passwordResetTokens.userId, user.id))).toBe(
      0,
    );
    const attempt = () =>
      post('/api/reset-password', {
        email,
        token: link.token,
        password: 'Fresh-Cubicle-88',
        password_confirmation: 'Fresh-Cubicle-88',
      });
    const refused = await attempt();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.email).toEqual([SERVER_MESSAGES.resetTokenInvalid]);
    expect((await toggle()).json().status).toBe(1);
    expect((await attempt()).statusCode).toBe(422);
    expect((await post('/api/login', { email, password })).statusCode).toBe(200);
    expect((await post('/api/login', { email, password: 'Fresh-Cubicle-88' })).statusCode).toBe(401);
  });

  it('mails no link when the account is deactivated while the link is being made', async () => {
    const { email, user } = await registerCustomer(t.app);
    await t.deliverMail();
    // A deactivation under way: it holds the account's row, and will void its links and commit.
    const deactivation = await holdingClient(t.databaseUrl);
    try {
      await deactivation.query('update users set status = 0 where id = $1', [user.id]);
      const res = await post('/api/forgot-password', { email });
      expect(res.statusCode).toBe(200);
      let done = false;
      const made = backgroundSettled().then(() => (done = true));
      // The request's lookup read the account as active; making its link waits for the deactivation.
      expect(await waitUntilBlocked(t.databaseUrl, deactivation, () => done)).toBe(true);
      await deactivation.query('delete from password_reset_tokens where user_id = $1', [user.id]);
      await deactivation.query('commit');
      await made;
    } finally {
      await deactivation.end();
    }
    expect(await t.ctx.database.db.$count(passwordResetTokens, eq(passwordResetTokens.userId, user.id))).toBe(
      0,
    );
    expect((await t.deliverMail()).filter((m) => m.includes('Reset your password'))).toHaveLength(0);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const res = await post('/api/forgot-password', { email: 'ghost@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.resetLinkSent });
    expect(await t.deliverMail()).toHaveLength(0);
  });

  it('refuses an expired token', async () => {
    const { email, password, user } = await registerCustomer(t.app);
    await post('/api/forgot-password', { email });
    const link = resetLinkFrom(
      (await t.deliverMail()).filter((m) => m.includes('Reset your password')).at(-1)!,
    );
    await t.ctx.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const res = await post('/api/reset-password', {
      email,
      token: link.token,
      password: 'Fresh-Cubicle-88',
      password_confirmation: 'Fresh-Cubicle-88',
    });
    expect(res.statusCode).toBe(422);
    expect((await post('/api/login', { email, password })).statusCode).toBe(200);
  });

  it('refuses a mismatched confirmation and a wrong token with 422', async () => {
    const { email, password } = await registerCustomer(t.app);
    const mismatch = await post('/api/reset-password', {
      email,
      token: 'x',
      password: 'Fresh-Cubicle-88',
      password_confirmation: 'Fresh-Cubicle-89',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual([SERVER_MESSAGES.passwordsDontMatch]);
    const wrong = await post('/api/reset-password', {
      email,
      token: 'not-a-real-token',
      password: 'Fresh-Cubicle-88',
      password_confirmation: 'Fresh-Cubicle-88',
    });
    expect(wrong.statusCode).toBe(422);
    // Neither changed the password.
    expect((await post('/api/login', { email, password })).statusCode).toBe(200);
    expect((await post('/api/login', { email, password: 'Fresh-Cubicle-88' })).statusCode).toBe(401);
  });

  it('rate limits reset requests for one e-mail', async () => {
    const { email } = await registerCustomer(t.app);
    for (let i = 0; i < 3; i++) expect((await post('/api/forgot-password', { email })).statusCode).toBe(200);
    const limited = await post('/api/forgot-password', { email });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // A new request voids the older links: only the newest is valid (the links are made after the answers).
    await t.deliverMail();
    expect(await t.ctx.database.db.$count(passwordResetTokens)).toBe(1);
  });
});
