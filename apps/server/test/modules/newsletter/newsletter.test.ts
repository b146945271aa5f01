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
  it('subscribes once per e-mail; asking again before confirming sends a new link, the old one stops working', async () => {
    const first = await subscribe('Reader@Example.com');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: NEWSLETTER_MESSAGES.subscribed });
    const firstMails = await t.deliverMail();
    expect(firstMails).toHaveLength(1);
    expect(firstMails[0]).toMatch(/^To: reader@example\.com/m);
    const oldLink = new URL(confirmLink(firstMails[0]!));

    const again = await subscribe('reader@example.com');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const rows = await t.ctx.database.db.select().from(newsletterSubscribers);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe('reader@example.com');
    expect(rows[0]!.confirmedAt).toBeNull();
    const mails = await t.deliverMail();
    expect(mails).toHaveLength(2);
    const newLink = new URL(confirmLink(mails[1]!));
    const token = newLink.searchParams.get('token')!;
    expect(rows[0]!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.confirmTokenHash).not.toContain(token);

    const old = await t.app.inject({ method: 'GET', url: oldLink.pathname + oldLink.search });
    expect(old.headers.location).toBe('/?newsletter=invalid');
    const confirmed = await t.app.inject({ method: 'GET', url: newLink.pathname + newLink.search });
    expect(confirmed.headers.location).toBe('/?newsletter=confirmed');

    // Confirmed: asking again answers the same and changes nothing, no mail.
    const [before] = await t.ctx.database.db.select().from(newsletterSubscribers);
    expect((await subscribe('reader@example.com')).json()).toEqual(first.json());
    expect(await t.deliverMail()).toHaveLength(2);
    expect(await t.ctx.database.db.select().from(newsletterSubscribers)).toEqual([before]);
  });

  it('one address gets at most three confirmation mails a day, however often it is asked for', async () => {
    for (let i = 0; i < 5; i++) expect((await subscribe('flood@example.com')).statusCode).toBe(200);
    expect(await t.deliverMail()).toHaveLength(3);
  });

  it('a link past its days (NEWSLETTER_CONFIRM_DAYS) is refused even before the retention job clears it', async () => {
    await subscribe('late@example.com');
    const link = new URL(confirmLink((await t.deliverMail())[0]!));
    await t.ctx.database.db
      .update(newsletterSubscribers)
      .set({ createdAt: new Date(Date.now() - t.ctx.config.newsletterConfirmMs - 60_000) });
    const res = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(res.headers.location).toBe('/?newsletter=invalid');
    const [row] = await t.ctx.database.db.select().from(newsletterSubscribers);
    expect(row!.confirmedAt).toBeNull();
    // Asking again starts over with a link that works.
    await subscribe('late@example.com');
    const fresh = new URL(confirmLink((await t.deliverMail())[1]!));
    const ok = await t.app.inject({ method: 'GET', url: fresh.pathname + fresh.search });
    expect(ok.headers.location).toBe('/?newsletter=confirmed');
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
