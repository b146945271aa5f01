import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VERIFICATION_MESSAGES } from '@shop/contracts';
import { designSubmissions } from '../../../src/db/schema/designs';
import { mailQueue } from '../../../src/db/schema/mail';
import { users } from '../../../src/db/schema/users';
import { designClaimTokens, emailVerificationTokens } from '../../../src/db/schema/verification';
import { bearer, createAdmin, registerCustomer } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';
import { multipart } from '../../support/multipart';
import { backgroundSettled } from '../../../src/platform/background';
import { DONT_HAVE_DESIGN_FIELDS, HAVE_DESIGN_FIELDS, designFile, submit } from '../designs/support';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ limits: { register: { points: 1000, windowSeconds: 60 } } });
});
afterEach(async () => {
  await t.close();
});

const db = () => t.ctx.database.db;

/** The token of the newest link of `kind` mailed to `to` (read from the outbox, as the mail worker would send it). */
async function mailedToken(to: string, kind: 'email_verification' | 'design_received'): Promise<string> {
  const rows = await db()
    .select({ text: mailQueue.textBody })
    .from(mailQueue)
    .where(and(eq(mailQueue.toAddress, to), eq(mailQueue.kind, kind)))
    .orderBy(sql`${mailQueue.id} desc`)
    .limit(1);
  const path = kind === 'email_verification' ? 'verify-email' : 'claim-design';
  const match = new RegExp(`http://shop\\.test/${path}\\?token=([A-Za-z0-9_-]+)`).exec(rows[0]?.text ?? '');
  if (!match) throw new Error(`no ${kind} link mailed to ${to}`);
  return match[1]!;
}

const verify = (token: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/verify-email', payload: { token } });
const claim = (token: unknown, auth: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/design-claims', payload: { token }, headers: bearer(auth) });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

async function guestDesign(email: string, fields: Record<string, string> = DONT_HAVE_DESIGN_FIELDS) {
  const res = await submit(t, { ...fields, email }, fields === HAVE_DESIGN_FIELDS ? [designFile()] : []);
  expect(res.statusCode).toBe(201);
  const [row] = await db()
    .select()
    .from(designSubmissions)
    .where(eq(designSubmissions.slug, res.json().design.slug as string));
  return row!;
}

const ownerOf = async (id: number) =>
  (await db().select().from(designSubmissions).where(eq(designSubmissions.id, id)))[0]!.userId;

async function login(email: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json() as { token: string; user: { email_verified: boolean } };
}

async function listCount(token: string): Promise<number> {
  const res = await get('/api/user/design-submissions', token);
  expect(res.statusCode).toBe(200);
  return res.json().total as number;
}

describe('registration', () => {
  it('mails a single-use verification link and answers an unverified user', async () => {
    const customer = await registerCustomer(t.app, 'New.Person@example.net');
    expect(customer.user).toMatchObject({ email: 'new.person@example.net', email_verified: false });
    const me = await get('/api/user', customer.token);
    expect(me.json().data.email_verified).toBe(false);
    const token = await mailedToken('new.person@example.net', 'email_verification');
    expect(token).toHaveLength(43);
    // Only the digest is stored.
    const stored = await db().select().from(emailVerificationTokens);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('never gives an unverified account the guest designs of its address: list, by slug, file', async () => {
    const design = await guestDesign('x@example.net', HAVE_DESIGN_FIELDS);
    const squatter = await registerCustomer(t.app, 'x@example.net');
    expect(await listCount(squatter.token)).toBe(0);
    expect((await get(`/api/user/design-submissions/${design.slug}`, squatter.token)).statusCode).toBe(404);
    expect((await get(`/api/files/designs/${design.id}/design-file`, squatter.token)).statusCode).toBe(404);
    // Signing in again changes nothing.
    const again = await login('x@example.net', squatter.password);
    expect(await listCount(again.token)).toBe(0);
    expect(await ownerOf(design.id)).toBeNull();
    // The back-office still shows a guest design.
    const admin = await createAdmin(t.app, t.ctx);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/admin/designs/${design.id}/show`,
      headers: bearer(admin.token),
    });
    expect(shown.statusCode).toBe(200);
    expect(JSON.stringify(shown.json())).toContain(`"user":null`);
  });
});

describe('following the verification link', () => {
  it('verifies the address, attaches its guest designs (only those) and works once', async () => {
    const mine = await guestDesign('later@example.net');
    const other = await guestDesign('someone.else@example.net');
    const customer = await registerCustomer(t.app, 'later@example.net');
    const token = await mailedToken('later@example.net', 'email_verification');

    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: VERIFICATION_MESSAGES.verifiedWithDesigns(1),
      claimed_designs: 1,
    });
    expect((await get('/api/user', customer.token)).json().data.email_verified).toBe(true);
    expect(await ownerOf(mine.id)).toBe(customer.user.id);
    expect(await ownerOf(other.id)).toBeNull();
    expect(await listCount(customer.token)).toBe(1);
    expect((await get(`/api/user/design-submissions/${mine.slug}`, customer.token)).statusCode).toBe(200);

    const reused = await verify(token);
    expect(reused.statusCode).toBe(410);
    expect(reused.json()).toEqual({ message: VERIFICATION_MESSAGES.linkUsed });
  });

  it('refuses an expired link and changes nothing', async () => {
    const design = await guestDesign('slow@example.net');
    const customer = await registerCustomer(t.app, 'slow@example.net');
    const token = await mailedToken('slow@example.net', 'email_verification');
    await db()
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await verify(token);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(VERIFICATION_MESSAGES.linkExpired);
    expect((await get('/api/user', customer.token)).json().data.email_verified).toBe(false);
    expect(await ownerOf(design.id)).toBeNull();
  });

  it('refuses a link mailed to an address the account no longer has', async () => {
    const customer = await registerCustomer(t.app, 'before@example.net');
    const token = await mailedToken('before@example.net', 'email_verification');
    await db().update(users).set({ email: 'after@example.net' }).where(eq(users.id, customer.user.id));
    const res = await verify(token);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(VERIFICATION_MESSAGES.linkStale);
    expect((await get('/api/user', customer.token)).json().data.email_verified).toBe(false);
  });

  it('unverifies an account whose address changes (database trigger)', async () => {
    const customer = await registerCustomer(t.app, 'moving@example.net');
    expect((await verify(await mailedToken('moving@example.net', 'email_verification'))).statusCode).toBe(
      200,
    );
    await db().update(users).set({ name: 'Renamed' }).where(eq(users.id, customer.user.id));
    expect((await get('/api/user', customer.token)).json().data.email_verified).toBe(true);
    await db().update(users).set({ email: 'moved@example.net' }).where(eq(users.id, customer.user.id));
    expect((await get('/api/user', customer.token)).json().data.email_verified).toBe(false);
  });

  it.each([
    ['an unknown token', 'A'.repeat(43), 400],
    ['an empty token', '', 422],
    ['an over-long token', 'A'.repeat(201), 422],
    ['a number', 12345, 422],
  ])('answers %s with a 4xx and changes nothing', async (_label, token, status) => {
    const design = await guestDesign('bad.input@example.net');
    const customer = await registerCustomer(t.app, 'bad.input@example.net');
    const res = await verify(token);
    expect(res.statusCode).toBe(status);
    expect(typeof res.json().message).toBe('string');
    expect((await get('/api/user', customer.token)).json().data.email_verified).toBe(false);
    expect(await ownerOf(design.id)).toBeNull();
    const open = await db().select().from(emailVerificationTokens);
    expect(open.map((r) => r.usedAt)).toEqual([null]);
  });

  it('refuses a body without a token (422)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/verify-email', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.token).toBeDefined();
  });
});

describe('sending the link again', () => {
  it('mails a new link to an unverified customer, rate-limited per account', async () => {
    const customer = await registerCustomer(t.app, 'resend@example.net');
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/user/email-verification', headers: bearer(customer.token) });
    for (let i = 0; i < 3; i++) {
      const res = await send();
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(VERIFICATION_MESSAGES.resent);
    }
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await db().$count(emailVerificationTokens)).toBe(4);
    // The newest link works; so would the older ones until one is used, then every one is used up.
    const token = await mailedToken('resend@example.net', 'email_verification');
    expect((await verify(token)).statusCode).toBe(200);
    const open = await db().select().from(emailVerificationTokens);
    expect(open.every((r) => r.usedAt !== null)).toBe(true);
  });

  it('answers 409 once verified, 401 without a session and 403 for an admin', async () => {
    const customer = await registerCustomer(t.app, 'done@example.net');
    await verify(await mailedToken('done@example.net', 'email_verification'));
    const url = '/api/user/email-verification';
    const mails = await db().$count(mailQueue);
    expect((await t.app.inject({ method: 'POST', url, headers: bearer(customer.token) })).statusCode).toBe(
      409,
    );
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const admin = await createAdmin(t.app, t.ctx);
    expect((await t.app.inject({ method: 'POST', url, headers: bearer(admin.token) })).statusCode).toBe(403);
    expect(await db().$count(mailQueue)).toBe(mails);
  });
});

describe('existing customers and guest designs sent with their address', () => {
  it('are not planted by sign-in: only the claim link of the mail attaches, once', async () => {
    const customer = await registerCustomer(t.app, 'victim@example.net');
    await verify(await mailedToken('victim@example.net', 'email_verification'));
    const planted = await guestDesign('victim@example.net');
    const again = await login('victim@example.net', customer.password);
    expect(await listCount(again.token)).toBe(0);
    expect(await ownerOf(planted.id)).toBeNull();

    const token = await mailedToken('victim@example.net', 'design_received');
    const res = await claim(token, again.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: VERIFICATION_MESSAGES.claimed(planted.slug),
      design: { slug: planted.slug },
    });
    expect(await ownerOf(planted.id)).toBe(customer.user.id);
    expect(await listCount(again.token)).toBe(1);

    const reused = await claim(token, again.token);
    expect(reused.statusCode).toBe(410);
    expect(reused.json().message).toBe(VERIFICATION_MESSAGES.linkUsed);
  });

  it('refuses the claim link to an unverified owner of the address, keeping it usable', async () => {
    const design = await guestDesign('pending@example.net');
    const customer = await registerCustomer(t.app, 'pending@example.net');
    const token = await mailedToken('pending@example.net', 'design_received');
    const res = await claim(token, customer.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(VERIFICATION_MESSAGES.claimNeedsVerifiedEmail);
    expect(await ownerOf(design.id)).toBeNull();
    expect((await db().select().from(designClaimTokens))[0]!.usedAt).toBeNull();
  });

  it("the design-received mail says what its claim link needs, whether the address's account is confirmed or not", async () => {
    const mailedText = async (to: string) =>
      (
        await db()
          .select({ text: mailQueue.textBody })
          .from(mailQueue)
          .where(and(eq(mailQueue.toAddress, to), eq(mailQueue.kind, 'design_received')))
      )[0]!.text;
    // An account that has not confirmed the address: the link would answer 'Verify your e-mail address first'.
    await registerCustomer(t.app, 'unconfirmed@example.net');
    await guestDesign('unconfirmed@example.net');
    const unconfirmed = await mailedText('unconfirmed@example.net');
    expect(unconfirmed).toContain(
      'confirm this e-mail address (unconfirmed@example.net) first: your account has not confirmed it yet.',
    );
    expect(unconfirmed).not.toContain('open the link below and log in');

    // No account, or a confirmed one: log in (or sign up and confirm), then the link works.
    const confirmed = await registerCustomer(t.app, 'confirmed@example.net');
    await verify(await mailedToken('confirmed@example.net', 'email_verification'));
    await guestDesign('confirmed@example.net');
    await guestDesign('nobody@example.net');
    for (const to of ['confirmed@example.net', 'nobody@example.net']) {
      const text = await mailedText(to);
      expect(text).toContain(`open the link below and log in with this e-mail address (${to}).`);
      expect(text).toContain('Create one with this address and confirm it with the link we mail you');
      expect(text).not.toContain('has not confirmed');
    }
    // As the confirmed account's mail says, its link works once logged in.
    const token = await mailedToken('confirmed@example.net', 'design_received');
    expect((await claim(token, confirmed.token)).statusCode).toBe(200);
  });

  it('refuses the claim link to another customer, even a verified one', async () => {
    const design = await guestDesign('owner@example.net');
    const token = await mailedToken('owner@example.net', 'design_received');
    const other = await registerCustomer(t.app, 'forwarded@example.net');
    await verify(await mailedToken('forwarded@example.net', 'email_verification'));
    const res = await claim(token, other.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(VERIFICATION_MESSAGES.claimOtherEmail);
    expect(await ownerOf(design.id)).toBeNull();
    expect((await db().select().from(designClaimTokens))[0]!.usedAt).toBeNull();
  });

  it('refuses an expired claim link and bad input, changing nothing', async () => {
    const customer = await registerCustomer(t.app, 'late@example.net');
    await verify(await mailedToken('late@example.net', 'email_verification'));
    const design = await guestDesign('late@example.net');
    const token = await mailedToken('late@example.net', 'design_received');
    await db()
      .update(designClaimTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await claim(token, customer.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(VERIFICATION_MESSAGES.linkExpired);
    expect((await claim('B'.repeat(43), customer.token)).statusCode).toBe(400);
    expect((await claim('', customer.token)).statusCode).toBe(422);
    expect((await claim({ $ne: null }, customer.token)).statusCode).toBe(422);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/design-claims', payload: { token } })).statusCode,
    ).toBe(401);
    expect(await ownerOf(design.id)).toBeNull();
  });

  it('lands on a design that verification already attached, once', async () => {
    const design = await guestDesign('both@example.net');
    const claimToken = await mailedToken('both@example.net', 'design_received');
    const customer = await registerCustomer(t.app, 'both@example.net');
    await verify(await mailedToken('both@example.net', 'email_verification'));
    expect(await ownerOf(design.id)).toBe(customer.user.id);
    expect((await claim(claimToken, customer.token)).statusCode).toBe(200);
    expect((await claim(claimToken, customer.token)).statusCode).toBe(410);
  });

  it('mails the guest a claim link instead of a sign-up link; a customer their design page', async () => {
    await guestDesign('mailed@example.net');
    const [mail] = await db().select().from(mailQueue).where(eq(mailQueue.kind, 'design_received'));
    expect(mail!.textBody).toMatch(/Add it to your account: http:\/\/shop\.test\/claim-design\?token=/);
    expect(mail!.textBody).not.toContain('/register');
    expect(await db().$count(designClaimTokens)).toBe(1);
  });
});

describe('accounts created by the shop', () => {
  it('marks admins created from the command line verified', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    expect(admin.user.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('an admin’s new address gets a link to prove it; no password reset goes there until it is followed', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const typo = `typo-${admin.email}`;
    const body = await multipart({ name: 'Ops', email: typo }, []);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/profile/update',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(admin.token) },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const token = await mailedToken(typo, 'email_verification');
    const resetsTo = async (to: string) => {
      await backgroundSettled();
      return db().$count(mailQueue, and(eq(mailQueue.toAddress, to), eq(mailQueue.kind, 'password_reset')));
    };
    // Whoever reads the mistyped address asks for a reset: the same answer, and nothing is mailed.
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: typo },
    });
    expect(asked.statusCode).toBe(200);
    expect(await resetsTo(typo)).toBe(0);

    expect((await verify(token)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: typo } });
    expect(await resetsTo(typo)).toBe(1);
  });
});
