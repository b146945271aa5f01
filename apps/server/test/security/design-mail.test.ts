/**
 * The guest design form mails its address: that address may be anyone's, so the mail says nothing the sender
 * typed, and an address gets a bounded number of them per day.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { designSubmissions } from '../../src/db/schema/designs';
import { mailQueue } from '../../src/db/schema/mail';
import { DONT_HAVE_DESIGN_FIELDS, HAVE_DESIGN_FIELDS, designFile, submit } from '../modules/designs/support';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: { DESIGN_MAILS_PER_ADDRESS_PER_DAY: '2' } });
});
afterEach(async () => {
  await t.close();
});
const db = () => t.ctx.database.db;

/** A MIME text decoded enough to search it (quoted-printable soft breaks and escapes). */
const decoded = (eml: string) =>
  eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

describe('design-received mail', () => {
  it('keeps the guest’s own words out of the subject and the body', async () => {
    const lure = {
      ...HAVE_DESIGN_FIELDS,
      email: 'victim@example.com',
      name: 'Security Team: verify at evil.example',
      title: 'URGENT account suspended',
      company_name: 'Call 555-0100 now',
      description: 'Your account is locked, log in at http://evil.example/login',
    };
    const res = await submit(t, lure, [designFile()]);
    expect(res.statusCode).toBe(201);
    const slug = res.json().design.slug as string;
    const [row] = await db().select().from(mailQueue);
    expect(row!.subject).toBe(`We received your design ${slug}`);
    const [mail] = await t.deliverMail();
    const text = decoded(mail!);
    expect(text).toContain(slug);
    for (const typed of ['evil.example', 'URGENT', 'suspended', '555-0100', 'locked', 'Security Team'])
      expect(text).not.toContain(typed);
    // The opening lines greet without a name and name the design by its number only.
    const lines = row!.textBody.split('\n').filter(Boolean);
    expect(lines[0]).toBe('Hello,');
    expect(lines[1]).toBe(`Thank you! We received your design request. Its design number is ${slug}.`);
  });

  it('mails an address at most DESIGN_MAILS_PER_ADDRESS_PER_DAY times a day; the designs are kept', async () => {
    const to = (email: string) => ({ ...DONT_HAVE_DESIGN_FIELDS, email });
    for (const email of [
      'victim@example.com',
      'Victim@Example.com',
      'victim@example.com',
      'VICTIM@example.com',
    ])
      expect((await submit(t, to(email))).statusCode).toBe(201);
    expect(await db().$count(designSubmissions, eq(designSubmissions.email, 'victim@example.com'))).toBe(4);
    const mailed = await db().select().from(mailQueue);
    expect(mailed.map((m) => m.toAddress.toLowerCase())).toEqual([
      'victim@example.com',
      'victim@example.com',
    ]);

    // Another address still gets its mail.
    expect((await submit(t, to('someone@example.com'))).statusCode).toBe(201);
    expect(await db().$count(mailQueue, eq(mailQueue.toAddress, 'someone@example.com'))).toBe(1);

    // Mails older than a day no longer count.
    await db()
      .update(mailQueue)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    expect((await submit(t, to('victim@example.com'))).statusCode).toBe(201);
    expect(await db().$count(mailQueue)).toBe(4);
  });

  it('counts submissions that arrive at once', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => submit(t, { ...DONT_HAVE_DESIGN_FIELDS, email: 'rush@example.com' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(await db().$count(mailQueue)).toBe(2);
  });
});
