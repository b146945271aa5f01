import type * as Argon2 from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD_MESSAGES, SERVER_MESSAGES } from '@shop/contracts';
import { users } from '../../src/db/schema/users';
import { bearer, registerCustomer } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  // Many registrations from one address: the register limit is not what these tests look at.
  t = await createTestApp({ limits: { register: { points: 1000, windowSeconds: 3600 } } });
});
afterAll(async () => {
  await t.close();
});

// Every argon2 verification the server makes, counted (the real one runs): the work a login does, without timing it.
const argon2 = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof Argon2>();
  return {
    ...actual,
    verify: (...args: Parameters<typeof actual.verify>) => {
      argon2.verifications += 1;
      return actual.verify(...args);
    },
  };
});

describe('passwords', () => {
  it('hashes with argon2id at m=19 MiB, t=2, p=1 or stronger (read off the stored hash)', async () => {
    const { user } = await registerCustomer(t.app);
    const [row] = await t.ctx.database.db.select().from(users).where(eq(users.id, user.id));
    const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(row!.passwordHash);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThanOrEqual(19456);
    expect(Number(m![2])).toBeGreaterThanOrEqual(2);
    expect(Number(m![3])).toBeGreaterThanOrEqual(1);
  });

  it('accepts a 64-character password and logs in with it', async () => {
    const password = 'Quiet-Maple-Ledger-71/Brisk-Harbor-Tile-9/Ochre-Lamp-Vessel-2026';
    expect(password).toHaveLength(64);
    const { email } = await registerCustomer(t.app, undefined, password);
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
    expect(res.statusCode).toBe(200);
  });

  it.each(['123456789', 'qwertyuiop', 'Password1', 'iloveyou1', 'sunshine'])(
    'refuses the common password %s at register',
    async (password) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          email: `p${Math.random().toString(36).slice(2)}@example.com`,
          password,
          password_confirmation: password,
          terms: true,
        },
      });
      expect(res.statusCode).toBe(422);
    },
  );

  it('refuses a common password at reset, leaving the old one in place', async () => {
    const { email, password } = await registerCustomer(t.app);
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
    const mail = (await t.deliverMail())
      .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .filter((m) => /Reset your password: /.test(m))
      .at(-1)!;
    const token = new URL(/Reset your password: (\S+)/.exec(mail)![1]!).searchParams.get('token')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { email, token, password: 'password123', password_confirmation: 'password123' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual([SERVER_MESSAGES.passwordCommon]);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } })).statusCode,
    ).toBe(200);
  });

  it('answers known and unknown e-mails alike, with the same work: one argon2 verification each', async () => {
    const { email } = await registerCustomer(t.app);
    const login = async (address: string) => {
      const before = argon2.verifications;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: address, password: 'Wrong-Guess-123' },
        remoteAddress: `10.7.${Math.floor(Math.random() * 250)}.1`,
      });
      return { status: res.statusCode, body: res.body, verifications: argon2.verifications - before };
    };
    // An unknown e-mail verifies the password against a stand-in hash: without it, it would answer many times
    // faster and tell which e-mails have accounts. (bench/auth-timing.ts times the password-recovery answers.)
    const known = await login(email);
    const unknown = await login('ghost@example.com');
    expect(known).toEqual({ status: 401, body: unknown.body, verifications: 1 });
    expect(unknown).toEqual({ status: 401, body: known.body, verifications: 1 });
  });
});

/** The reset link of the newest mail. */
async function resetToken(email: string): Promise<string> {
  await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
  const mail = (await t.deliverMail())
    .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((m) => /Reset your password: /.test(m))
    .at(-1)!;
  return new URL(/Reset your password: (\S+)/.exec(mail)![1]!).searchParams.get('token')!;
}

const newEmail = () => `weak.${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('password strength', () => {
  const weak = (email: string) =>
    [
      ['eight spaces', '        ', PASSWORD_MESSAGES.blank],
      ['one repeated character', 'zzzzzzzzzzzz', PASSWORD_MESSAGES.repeated],
      ['the account’s own e-mail', email, PASSWORD_MESSAGES.personal],
      [
        'the e-mail’s name with digits',
        `${email.split('@')[0]!.replace('.', '')}2026`,
        PASSWORD_MESSAGES.personal,
      ],
      ['a keyboard walk', 'qwertyuiop[]', PASSWORD_MESSAGES.weak],
    ] as const;

  it('refuses weak passwords at register with 422 naming the field and the reason, creating no account', async () => {
    for (const [, password, reason] of weak('sam.weak@example.com')) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { email: 'sam.weak@example.com', password, password_confirmation: password, terms: true },
      });
      expect(res.statusCode, password).toBe(422);
      expect(res.json().errors).toEqual({ password: [reason] });
      expect(res.json().message).toBe(reason);
    }
    const [row] = await t.ctx.database.db.select().from(users).where(eq(users.email, 'sam.weak@example.com'));
    expect(row).toBeUndefined();
  });

  it('refuses weak passwords at reset, leaving the old one in place', async () => {
    const email = newEmail();
    const { password: old } = await registerCustomer(t.app, email);
    const token = await resetToken(email);
    for (const [, password, reason] of weak(email)) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { email, token, password, password_confirmation: password },
      });
      expect(res.statusCode, password).toBe(422);
      expect(res.json().errors.password).toEqual([reason]);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: old },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses weak passwords at a password change, on the new password’s field', async () => {
    const email = newEmail();
    const { token, password: current } = await registerCustomer(t.app, email);
    for (const [, password, reason] of weak(email)) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/profile/password',
        headers: bearer(token),
        payload: { current_password: current, new_password: password, new_password_confirmation: password },
      });
      expect(res.statusCode, password).toBe(422);
      expect(res.json().errors).toEqual({ new_password: [reason] });
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: current },
    });
    expect(login.statusCode).toBe(200);
  });

  it.each(['demo-admin-2026', 'demo-customer-2026', 'Correct-Horse-42'])('accepts %s', async (password) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: newEmail(), password, password_confirmation: password, terms: true },
    });
    expect(res.statusCode).toBe(201);
  });
});
