import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEWSLETTER_MESSAGES } from '@shop/contracts';
import { newsletterSubscribers } from '../../../src/db/schema/contact';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const subscribe = (email: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } as object });

function confirmLink(mail: string): string {
  const url = /Confirm your subscription: (\S+)/.exec(mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1];
  if (!url) throw new Error('no confirmation link in mail');
  return url;
}

describe('newsletter', () => {
  it('subscribes once per e-mail and sends one confirmation mail', async () => {
    const first = await subscribe('Reader@Example.com');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: NEWSLETTER_MESSAGES.subscribed });
    const again = await subscribe('reader@example.com');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const rows = await t.ctx.database.db.select().from(newsletterSubscribers);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe('reader@example.com');
    expect(rows[0]!.confirmedAt).toBeNull();
    const mails = await t.deliverMail();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^To: reader@example\.com/m);
    const link = confirmLink(mails[0]!);
    const token = new URL(link).searchParams.get('token')!;
    expect(rows[0]!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.confirmTokenHash).not.toContain(token);
  });

  it('confirms through the link once, then redirects to the home page', async () => {
    await subscribe('reader@example.com');
    const link = new URL(confirmLink((await t.deliverMail())[0]!));
    expect(link.origin).toBe('http://shop.test');
    const res = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/?newsletter=confirmed');
    const [row] = await t.ctx.database.db.select().from(newsletterSubscribers);
    expect(row!.confirmedAt).toBeInstanceOf(Date);

    const second = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(second.headers.location).toBe('/?newsletter=invalid');
    const bogus = await t.app.inject({ method: 'GET', url: '/api/newsletter/confirm?token=nope' });
    expect(bogus.headers.location).toBe('/?newsletter=invalid');
    const none = await t.app.inject({ method: 'GET', url: '/api/newsletter/confirm' });
    expect(none.headers.location).toBe('/?newsletter=invalid');
  });

  it.each([[''], ['not-an-email'], [undefined]])(
    'answers 422 for e-mail %j and stores nothing',
    async (email) => {
      const res = await subscribe(email);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.email).toBeDefined();
      expect(await t.ctx.database.db.$count(newsletterSubscribers)).toBe(0);
    },
  );
});
