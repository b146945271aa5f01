import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BODY_NOT_OBJECT_MESSAGE, CONTACT_MESSAGES, PHONE_MESSAGE } from '@shop/contracts';
import { contactMessages } from '../../../src/db/schema/contact';
import { mailQueue } from '../../../src/db/schema/mail';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: { SHOP_INBOX: 'inbox@shop.test' } });
});
afterEach(async () => {
  await t.close();
});

const valid = {
  firstName: 'Jordan',
  lastName: 'Lee',
  email: 'Jordan.Lee@Example.com',
  phone: '+1 555 0100',
  message: 'We need 24 workstations for a new floor <b>by March</b>.',
};
const post = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object });

describe('POST /api/contact', () => {
  it('stores the message and mails it to the shop inbox', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: CONTACT_MESSAGES.sent });
    const rows = await t.ctx.database.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: 'Jordan',
      lastName: 'Lee',
      email: 'jordan.lee@example.com',
      phone: '+1 555 0100',
    });
    const mails = await t.deliverMail();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.replace(/=\r?\n/g, '');
    expect(mail).toMatch(/^To: inbox@shop\.test/m);
    expect(mail).toContain('Jordan Lee');
    expect(mail).toContain('jordan.lee@example.com');
    expect(mail).toContain('24 workstations');
    // The HTML part escapes what the visitor typed.
    expect(mail).toContain('&lt;b&gt;by March&lt;/b&gt;');
    expect(mail).not.toMatch(/<p[^>]*>[^<]*<b>by March/);
  });

  it("refuses a value of the wrong kind, and a body that is no object, in the shop's words; nothing is stored", async () => {
    for (const [payload, errors] of [
      [{ ...valid, firstName: 5 }, { firstName: ['The first name must be a string.'] }],
      [{ ...valid, email: ['a@example.com'] }, { email: ['The email must be a string.'] }],
      [{ ...valid, message: null }, { message: ['The message field is required.'] }],
      [[valid], { _: [BODY_NOT_OBJECT_MESSAGE] }],
    ] as const) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(422);
      expect(res.json().errors).toEqual(errors);
      expect(res.json().message).toBe(Object.values(errors)[0]![0]);
    }
    expect(await t.ctx.database.db.select().from(contactMessages)).toEqual([]);
    expect(await t.ctx.database.db.select().from(mailQueue)).toEqual([]);
  });

  it("sets Reply-To to the visitor's address, so Reply in the shop's mail client writes to them", async () => {
    expect((await post(valid)).statusCode).toBe(200);
    const [row] = await t.ctx.database.db.select().from(mailQueue);
    expect(row!.replyTo).toBe('jordan.lee@example.com');
    // The .eml file the worker writes without SMTP carries the header, as the SMTP message does.
    const [mail] = await t.deliverMail();
    expect(mail).toMatch(/^Reply-To: jordan\.lee@example\.com$/m);
    expect(mail).toMatch(/^To: inbox@shop\.test$/m);
  });

  it('refuses an e-mail with a line break, so no header can be injected into the mail', async () => {
    for (const email of [
      'jordan@example.com\r\nBcc: everyone@example.com',
      'jordan@example.com\nBcc: everyone@example.com',
      'jordan@example.com\rX-Spam: no',
      'Jordan <jordan@example.com>',
    ]) {
      const res = await post({ ...valid, email });
      expect(res.statusCode, email).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['email']);
    }
    expect(await t.ctx.database.db.$count(mailQueue)).toBe(0);
  });

  it.each(['firstName', 'lastName', 'email', 'phone', 'message'] as const)(
    'answers 422 naming %s when it is missing or blank, and stores and mails nothing',
    async (field) => {
      for (const payload of [
        { ...valid, [field]: undefined },
        { ...valid, [field]: '   ' },
      ]) {
        const res = await post(payload);
        expect(res.statusCode).toBe(422);
        expect(Object.keys(res.json().errors)).toEqual([field]);
      }
      expect(await t.ctx.database.db.$count(contactMessages)).toBe(0);
      expect(await t.ctx.database.db.$count(mailQueue)).toBe(0);
    },
  );

  it('cuts a long subject before an emoji at the cut, never through it', async () => {
    // 'Contact form: ' and the names are cut to 200 characters: the emoji's two halves sit at 199 and 200.
    const firstName = 'f'.repeat(100);
    const lastName = `${'l'.repeat(84)}😀 Jr`;
    expect((await post({ ...valid, firstName, lastName })).statusCode).toBe(200);
    const [mail] = await t.ctx.database.db.select().from(mailQueue);
    expect(mail!.subject).toBe(`Contact form: ${firstName} ${'l'.repeat(84)}`);
  });

  it('answers 422 for a phone that is not a phone number, and stores and mails nothing', async () => {
    for (const phone of ['not a phone', '12', 'call me maybe 555']) {
      const res = await post({ ...valid, phone });
      expect(res.statusCode, phone).toBe(422);
      expect(res.json().errors).toEqual({ phone: [PHONE_MESSAGE] });
    }
    expect(await t.ctx.database.db.$count(contactMessages)).toBe(0);
    expect(await t.ctx.database.db.$count(mailQueue)).toBe(0);
    expect((await post({ ...valid, phone: '(555) 010-0199 ext. 4' })).statusCode).toBe(422);
    expect((await post({ ...valid, phone: '+44 20 7946 0958' })).statusCode).toBe(200);
  });

  it('answers 422 for an invalid e-mail', async () => {
    const res = await post({ ...valid, email: 'not-an-email' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toBeDefined();
    expect(await t.ctx.database.db.$count(contactMessages)).toBe(0);
    expect(await t.ctx.database.db.$count(mailQueue)).toBe(0);
  });

  it('is rate limited per address (429 with Retry-After)', async () => {
    await t.close();
    t = await createTestApp({ limits: { contact: { points: 2, windowSeconds: 60 } } });
    expect((await post(valid)).statusCode).toBe(200);
    expect((await post(valid)).statusCode).toBe(200);
    const res = await post(valid);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(await t.ctx.database.db.$count(contactMessages)).toBe(2);
  });
});
