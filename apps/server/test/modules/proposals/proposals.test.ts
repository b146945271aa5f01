import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DESIGN_SERVER_MESSAGES,
  PROPOSAL_LIMITS,
  PROPOSAL_MESSAGES,
  QUOTE_REQUEST_MESSAGES,
  SEARCH_MAX_LENGTH,
} from '@shop/contracts';
import { proposalLines, proposals, quoteRequests } from '../../../src/db/schema/deals';
import { products } from '../../../src/db/schema/catalog';
import { designSubmissions } from '../../../src/db/schema/designs';
import { users } from '../../../src/db/schema/users';
import { mailQueue } from '../../../src/db/schema/mail';
import { notifications } from '../../../src/db/schema/notifications';
import { fromCents, lineTotal, taxOn, toCents, totals } from '../../../src/modules/proposals/money';
import { bearer } from '../../support/http';
import { image } from '../../support/files';
import { multipart } from '../../support/multipart';
import { imageStored } from '../products-admin/support';
import { holdingClient, waitUntilBlocked } from '../../support/lock-waits';
import { createTestApp, type TestApp } from '../../support/test-app';
import { designFile, HAVE_DESIGN_FIELDS, submit } from '../designs/support';
import { pdfText } from '../../support/pdf-text';
import { caller, dealSetup, inDays } from './support';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: { SHOP_TIMEZONE: 'UTC', DEFAULT_TAX_RATE: '8.25' } });
});
afterEach(async () => {
  await t.close();
});
const db = () => t.ctx.database.db;

/** A new main photo for the product, through the back-office's edit. */
async function replacePhoto(productId: number, adminToken: string) {
  const form = await multipart(
    { name: 'Aeron Chair', sku: 'AER-1', price: '1299.00', stock_quantity: '1', description: '' },
    [{ field: 'photo', name: 'new.png', data: await image('png', '#aa3300'), type: 'image/png' }],
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/products/${productId}?_method=PUT`,
    ...form,
    headers: { ...form.headers, ...bearer(adminToken) },
  });
}

describe('money', () => {
  it('rounds half up per line and on the tax', () => {
    expect(fromCents(lineTotal(1, '0.01', '50'))).toBe('0.01'); // 0.005 -> 0.01
    expect(fromCents(lineTotal(3, '0.15', '10'))).toBe('0.41'); // 0.405 -> 0.41
    expect(fromCents(lineTotal(1, '0.01', '49.99'))).toBe('0.01'); // 0.005001
    expect(fromCents(lineTotal(1, '0.01', '50.01'))).toBe('0.00'); // 0.004999
    expect(fromCents(lineTotal(7, '1299.99', '0'))).toBe('9099.93');
    expect(fromCents(taxOn(1000n, '8.25'))).toBe('0.83'); // 0.825 -> 0.83
    expect(fromCents(taxOn(99999999999n, '8.25'))).toBe('82500000.00'); // 82499999.999175, no float drift
  });

  it('edges: whole discounts, zero and tiny rates, per-line rounding before the sum, no float drift', () => {
    expect(fromCents(lineTotal(5, '1299.00', '100'))).toBe('0.00');
    expect(fromCents(lineTotal(1, '0.00', '0'))).toBe('0.00');
    expect(fromCents(lineTotal(3, '0.10', '0'))).toBe('0.30'); // 3 x 0.1 in floats is 0.30000000000000004
    expect(fromCents(lineTotal(1, '19.99', '33.33'))).toBe('13.33'); // 13.327333 -> 13.33
    expect(fromCents(lineTotal(1, '0.03', '50'))).toBe('0.02'); // 0.015 -> 0.02
    expect(fromCents(lineTotal(1, '0.05', '50'))).toBe('0.03'); // 0.025 -> 0.03 (half to even would say 0.02)
    expect(fromCents(lineTotal(999_999, '99999.99', '0'))).toBe('99999890000.01');
    expect(fromCents(taxOn(0n, '8.25'))).toBe('0.00');
    expect(fromCents(taxOn(1n, '50'))).toBe('0.01'); // 0.005 -> 0.01
    expect(fromCents(taxOn(1n, '49.99'))).toBe('0.00'); // 0.004999 -> 0.00
    expect(fromCents(taxOn(12345n, '0'))).toBe('0.00');
    expect(fromCents(taxOn(12345n, '0.01'))).toBe('0.01'); // 0.012345 -> 0.01
    // Each line is rounded first: three lines of 0.005 make 0.03, not a rounded 0.015.
    const half = lineTotal(1, '0.01', '50');
    expect(totals([half, half, half], '0')).toEqual({ subtotal: '0.03', tax: '0.00', total: '0.03' });
    expect(totals([toCents('100.00'), toCents('0.10')], '8.25')).toEqual({
      subtotal: '100.10',
      tax: '8.26', // 8.25825 -> 8.26
      total: '108.36',
    });
  });
});

describe('proposals', () => {
  const body = (productId: number, extra: object = {}) => ({
    valid_until: inDays(14),
    notes: 'Delivery to the 3rd floor.',
    lines: [
      { product_id: productId, quantity: 3, discount: '10' },
      { name: 'Installation', quantity: 1, unit_price: '250' },
      { name: 'Rounding', quantity: 1, unit_price: '0.01', discount: '50' },
    ],
    ...extra,
  });

  it('builds a draft with exact totals; the customer sees it only once sent; sending mails the PDF', async () => {
    const { a, b, admin, design, product } = await dealSetup(t);
    const call = caller(t);
    const created = await call(
      'POST',
      `/api/admin/designs/${design.id}/proposals`,
      admin.token,
      body(product.id),
    );
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json().proposal;
    expect(p).toMatchObject({
      number: expect.stringMatching(/^P-\d{6}$/),
      version: 1,
      status: 'draft',
      design_id: design.id,
      tax_rate: '8.25',
      currency: 'USD',
    });
    // 3 x 1299.00 less 10% = 3507.30; 250.00; 0.005 -> 0.01
    expect(p.lines.map((l: { total: string }) => l.total)).toEqual(['3507.30', '250.00', '0.01']);
    expect(p.lines[0]).toMatchObject({
      name: 'Aeron Chair',
      sku: 'AER-1',
      unit_price: '1299.00',
      discount: '10.00',
    });
    expect(p.lines[0].photo_url).toMatch(/^\/media\/products\/.+\.webp$/);
    expect(p.subtotal).toBe('3757.31');
    expect(p.tax).toBe('309.98'); // 309.978075
    expect(p.total).toBe('4067.29');

    // A draft is the shop's: the customer gets 404 and does not list it.
    expect((await call('GET', `/api/user/proposals/${p.id}`, a.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/user/proposals', a.token)).json().total).toBe(0);

    const pushed: { userId: number; type: string }[] = [];
    t.ctx.hub.on('notificationCreated', (recipientId, notification) =>
      pushed.push({ userId: recipientId, type: notification.data.type }),
    );
    const sent = await call('POST', `/api/admin/proposals/${p.id}/send`, admin.token);
    expect(sent.statusCode, sent.body).toBe(200);
    // Published for realtime once committed.
    expect(pushed).toEqual([{ userId: a.user.id, type: 'proposal_sent' }]);
    expect(sent.json().proposal.status).toBe('sent');
    expect((await call('POST', `/api/admin/proposals/${p.id}/send`, admin.token)).statusCode).toBe(409);
    const put = await call('PUT', `/api/admin/proposals/${p.id}`, admin.token, body(product.id));
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe(PROPOSAL_MESSAGES.notDraft);

    const mine = await call('GET', `/api/user/proposals/${p.id}`, a.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().proposal).not.toHaveProperty('customer');
    const list = await call('GET', `/api/user/proposals?design_id=${design.id}`, a.token);
    expect(list.json()).toMatchObject({ total: 1, current_page: 1, last_page: 1 });
    // Another customer: 404 on every route of it.
    expect((await call('GET', `/api/user/proposals/${p.id}`, b.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/user/proposals/${p.id}/pdf`, b.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/user/proposals/${p.id}/accept`, b.token, {})).statusCode).toBe(404);
    expect((await call('GET', '/api/user/proposals', b.token)).json().total).toBe(0);

    const [note] = await db().select().from(notifications).where(eq(notifications.userId, a.user.id));
    expect(note!.data).toMatchObject({ type: 'proposal_sent', proposal_id: p.id });

    const mails = await t.deliverMail();
    const mail = mails.find((m) => m.includes(`Subject: Your proposal ${p.number}`));
    expect(mail).toBeDefined();
    expect(mail).toMatch(/Content-Type: application\/pdf; name=proposal-P-\d{6}-v1\.pdf/);
  });

  it("the customer's proposal mail counts its lines and the pieces in them", async () => {
    const { admin, design, product } = await dealSetup(t);
    const call = caller(t);
    const mailOf = async (payload: object) => {
      const p = (await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, payload)).json()
        .proposal;
      await db().delete(mailQueue);
      expect((await call('POST', `/api/admin/proposals/${p.id}/send`, admin.token)).statusCode).toBe(200);
      const [mail] = await db().select().from(mailQueue);
      return { mail: mail!, p };
    };
    // 3 chairs, an installation and a rounding: 3 lines, 5 pieces.
    const { mail, p } = await mailOf(body(product.id));
    expect(mail.textBody).toContain(
      `Our proposal ${p.number} is ready: 3 lines, 5 pieces, total $4,067.29, valid until `,
    );
    expect(mail.htmlBody).toContain('is ready: 3 lines, 5 pieces, total $4,067.29');
    const one = await mailOf({ valid_until: inDays(14), lines: [{ product_id: product.id, quantity: 1 }] });
    expect(one.mail.textBody).toContain('is ready: 1 line, 1 piece, total ');
    const many = await mailOf({
      valid_until: inDays(14),
      lines: [{ product_id: product.id, quantity: 1200 }],
    });
    expect(many.mail.textBody).toContain('is ready: 1 line, 1,200 pieces, total ');
  });

  it('serves the PDF to both sides with the shop, customer, lines with photos and totals', async () => {
    const { a, admin, design, product } = await dealSetup(t);
    const call = caller(t);
    const p = (
      await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, body(product.id))
    ).json().proposal;
    const adminPdf = await call('GET', `/api/admin/proposals/${p.id}/pdf`, admin.token);
    expect(adminPdf.statusCode).toBe(200);
    expect(adminPdf.headers['content-type']).toBe('application/pdf');
    const sentAt = (await call('POST', `/api/admin/proposals/${p.id}/send`, admin.token)).json().proposal
      .sent_at;
    const res = await call('GET', `/api/user/proposals/${p.id}/pdf`, a.token);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    for (const s of [
      'Cubicle Depot',
      `Proposal ${p.number}`,
      'Aeron Chair',
      'SKU AER-1',
      'Installation',
      'USD 4,067.29',
      `Valid until: ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${p.valid_until}T00:00:00Z`))}`,
      // The day it was sent, in the shop's zone, written as the app writes days.
      `Date: ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: t.ctx.config.shopTimezone }).format(new Date(sentAt))}`,
      'Terms',
      p.customer.name,
      `Design ${design.slug}`,
    ])
      expect(text).toContain(s);
    // The product photo is embedded as an image.
    expect(res.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    // Asked again, the PDF reads no photo again: its conversion is kept.
    const reads = vi.spyOn(t.ctx.storage, 'read');
    const again = await call('GET', `/api/user/proposals/${p.id}/pdf`, a.token);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    expect(reads).not.toHaveBeenCalled();
  });

  it("writes every customer's name and the admin's words as typed: accents, Greek and Cyrillic in an embedded font", async () => {
    const { a, admin, design, product } = await dealSetup(t);
    const call = caller(t);
    await db().update(users).set({ name: 'Łukasz Dvořák-Nguyễn' }).where(eq(users.id, a.user.id));
    const created = await call(
      'POST',
      `/api/admin/designs/${design.id}/proposals`,
      admin.token,
      body(product.id, {
        notes: 'Lieferung → 2. Stock, Büro Łódź; Κάλυμμα; Доставка ≤ 14 days',
        lines: [
          { name: 'Montage für Şahin & Søn', quantity: 1, unit_price: '250' },
          { name: 'Conference tables', quantity: 90, unit_price: '99999999.99' },
          { name: 'Cable ties', quantity: 100_000, unit_price: '0.01' },
        ],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json().proposal;
    const res = await call('GET', `/api/admin/proposals/${p.id}/pdf`, admin.token);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    for (const s of [
      'Łukasz Dvořák-Nguyễn',
      'Lieferung → 2. Stock, Büro Łódź; Κάλυμμα; Доставка ≤ 14 days',
      'Montage für Şahin & Søn',
    ])
      expect(text).toContain(s);
    expect(text).not.toContain('\ufffd');
    // The widest figures stay whole on their line, written smaller rather than broken.
    const lines = text.split('\n');
    for (const figure of ['Discount', '100,000', '99,999,999.99', '8,999,999,999.10'])
      expect(lines).toContain(figure);
    expect(lines).toContain(`USD ${p.total.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`);
    // Only the embedded typeface: none of PDFKit's built-in ones, which write Windows-1252 alone.
    expect(res.rawPayload.toString('latin1')).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
  });

  it('refuses bad input with the field named and writes nothing', async () => {
    const { admin, design, product } = await dealSetup(t);
    const call = caller(t);
    const cases: [object, string][] = [
      [{ valid_until: inDays(5), lines: [{ quantity: 1 }] }, 'lines.0.name'],
      [{ valid_until: inDays(5), lines: [{ name: 'Fee', quantity: 1 }] }, 'lines.0.unit_price'],
      [
        { valid_until: inDays(5), lines: [{ name: 'Fee', quantity: 0, unit_price: '1' }] },
        'lines.0.quantity',
      ],
      [
        { valid_until: inDays(5), lines: [{ name: 'Fee', quantity: 1, unit_price: '1.005' }] },
        'lines.0.unit_price',
      ],
      [
        { valid_until: inDays(5), lines: [{ name: 'Fee', quantity: 1, unit_price: '1', discount: '101' }] },
        'lines.0.discount',
      ],
      [
        { valid_until: inDays(5), tax_rate: '-1', lines: [{ name: 'Fee', quantity: 1, unit_price: '1' }] },
        'tax_rate',
      ],
      [{ valid_until: '2026-02-30', lines: [{ name: 'Fee', quantity: 1, unit_price: '1' }] }, 'valid_until'],
      [{ valid_until: inDays(-1), lines: [{ name: 'Fee', quantity: 1, unit_price: '1' }] }, 'valid_until'],
      [{ valid_until: inDays(5), lines: [{ product_id: 999999, quantity: 1 }] }, 'lines.0.product_id'],
      [{ valid_until: inDays(5), lines: [] }, 'lines'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    expect(await db().$count(proposals)).toBe(0);
    expect(await db().$count(proposalLines)).toBe(0);
    expect(
      (await call('POST', `/api/admin/designs/999999/proposals`, admin.token, body(product.id))).statusCode,
    ).toBe(404);
  });

  it('accepts once, optionally declining lines; totals follow; the shop is told', async () => {
    const { a, admin, design, product } = await dealSetup(t);
    const call = caller(t);
    const p = (
      await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, body(product.id))
    ).json().proposal;
    // Not sent yet: the customer cannot decide it.
    expect((await call('POST', `/api/user/proposals/${p.id}/accept`, a.token, {})).statusCode).toBe(404);
    await call('POST', `/api/admin/proposals/${p.id}/send`, admin.token);
    await db().delete(mailQueue);

    const bad = await call('POST', `/api/user/proposals/${p.id}/accept`, a.token, {
      declined_line_ids: [999999],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('declined_line_ids');
    const all = await call('POST', `/api/user/proposals/${p.id}/accept`, a.token, {
      declined_line_ids: p.lines.map((l: { id: number }) => l.id),
    });
    expect(all.statusCode).toBe(422);
    expect((await db().select().from(proposals).where(eq(proposals.id, p.id)))[0]!.status).toBe('sent');

    const installLine = p.lines[1].id;
    const res = await call('POST', `/api/user/proposals/${p.id}/accept`, a.token, {
      comment: 'We install ourselves.',
      declined_line_ids: [installLine],
    });
    expect(res.statusCode, res.body).toBe(200);
    const accepted = res.json().proposal;
    expect(accepted).toMatchObject({
      status: 'accepted',
      customer_comment: 'We install ourselves.',
      subtotal: '3507.31',
      tax: '289.35', // 289.353075
      total: '3796.66',
    });
    expect(accepted.decided_at).not.toBeNull();
    expect(accepted.lines.find((l: { id: number }) => l.id === installLine).declined).toBe(true);

    const again = await call('POST', `/api/user/proposals/${p.id}/accept`, a.token, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PROPOSAL_MESSAGES.alreadyDecided);
    expect(
      (await call('POST', `/api/user/proposals/${p.id}/decline`, a.token, { comment: 'No' })).statusCode,
    ).toBe(409);

    const [note] = await db().select().from(notifications).where(eq(notifications.userId, admin.user.id));
    expect(note!.data).toMatchObject({ type: 'proposal_accepted', proposal_id: p.id });
    const mails = await db().select().from(mailQueue);
    expect(mails.map((m) => m.kind)).toEqual(['proposal_accepted']);
  });

  it("the shop's notice of an acceptance names the lines the customer declined, and reads as before when none were", async () => {
    const { a, admin, design, product } = await dealSetup(t);
    const call = caller(t);
    const sentProposal = async (payload: object) => {
      const p = (await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, payload)).json()
        .proposal;
      await call('POST', `/api/admin/proposals/${p.id}/send`, admin.token);
      await db().delete(mailQueue);
      await db().delete(notifications);
      return p;
    };
    const noticeOf = async (id: number) => {
      const [note] = await db().select().from(notifications).where(eq(notifications.userId, admin.user.id));
      const [mail] = await db().select().from(mailQueue).where(eq(mailQueue.kind, 'proposal_accepted'));
      const link = `http://shop.test/admin/proposals/${id}`;
      expect(mail!.textBody.endsWith(`\n\nOpen the proposal: ${link}\n`), mail!.textBody).toBe(true);
      return {
        note: note!.data.message,
        mail: mail!.textBody.replace(`\n\nOpen the proposal: ${link}\n`, ''),
      };
    };

    // Two of three lines declined: both named with their quantities, in the notification and in the mail.
    const p = await sentProposal(
      body(product.id, {
        lines: [
          { product_id: product.id, quantity: 3 },
          { name: 'Installation', quantity: 1, unit_price: '250' },
          { name: 'Floor protection', quantity: 12, unit_price: '5' },
        ],
      }),
    );
    const declined = await call('POST', `/api/user/proposals/${p.id}/accept`, a.token, {
      comment: 'We install ourselves.',
      declined_line_ids: [p.lines[1].id, p.lines[2].id],
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const withDeclined = await noticeOf(p.id);
    const head = `${p.customer.name} accepted proposal ${p.number} (total $4,218.50).`; // 3 x 1299.00 = 3897.00, tax 321.50
    expect(withDeclined.note).toBe(
      `${head} Declined lines: 1 × Installation, 12 × Floor protection. "We install ourselves."`,
    );
    expect(withDeclined.mail).toBe(
      `${head} "We install ourselves."\n\nDeclined lines:\n1 × Installation\n12 × Floor protection`,
    );
    const html = (await db().select().from(mailQueue))[0]!.htmlBody!;
    expect(html).toContain('Declined lines:\n1 × Installation\n12 × Floor protection');

    // None declined: the notice as it always was.
    const whole = await sentProposal(body(product.id));
    await call('POST', `/api/user/proposals/${whole.id}/accept`, a.token, {});
    const plain = await noticeOf(whole.id);
    expect(plain.note).toBe(`${whole.customer.name} accepted proposal ${whole.number} (total $4,067.29).`);
    expect(plain.mail).toBe(plain.note);

    // Many lines declined: the notification names what fits and counts the rest; the mail lists every one.
    const many = await sentProposal({
      valid_until: inDays(14),
      lines: Array.from({ length: 40 }, (_, i) => ({
        name: `${'Acoustic panel '.repeat(8)}${i + 1}`,
        quantity: i + 1,
        unit_price: '10',
      })),
    });
    await call('POST', `/api/user/proposals/${many.id}/accept`, a.token, {
      declined_line_ids: many.lines.slice(1).map((l: { id: number }) => l.id),
    });
    const long = await noticeOf(many.id);
    expect(long.note).toMatch(
      /^.+ accepted proposal .+\. Declined lines: 2 × Acoustic panel .+ and \d+ more\.$/,
    );
    expect(long.note.length).toBeLessThan(600);
    const more = Number(/and (\d+) more\.$/.exec(long.note)![1]);
    expect(long.note.split(' × ')).toHaveLength(39 - more + 1);
    for (let i = 2; i <= 40; i++) expect(long.mail).toContain(`\n${i} × ${'Acoustic panel '.repeat(8)}${i}`);
    expect(long.mail).not.toContain(`\n1 × `);
  });

  it('declines with a required comment', async () => {
    const { a, admin, design, product } = await dealSetup(t);
    const call = caller(t);
    const p = (
      await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, body(product.id))
    ).json().proposal;
    await call('POST', `/api/admin/proposals/${p.id}/send`, admin.token);
    const empty = await call('POST', `/api/user/proposals/${p.id}/decline`, a.token, { comment: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toHaveProperty('comment');
    const res = await call('POST', `/api/user/proposals/${p.id}/decline`, a.token, {
      comment: 'Too expensive.',
    });
    expect(res.json().proposal).toMatchObject({ status: 'declined', customer_comment: 'Too expensive.' });
    expect(
      (await call('POST', `/api/user/proposals/${p.id}/decline`, a.token, { comment: 'x' })).statusCode,
    ).toBe(409);
  });

  it('a long comment with an emoji at the cut is accepted or declined, and the shop is told it cut before the emoji', async () => {
    const { a, admin, design, product } = await dealSetup(t);
    const call = caller(t);
    // The shop's notice quotes 200 characters of the comment: the emoji's two halves sit at 199 and 200.
    const comment = `${'a'.repeat(199)}😀x`;
    const decided: string[] = [];
    for (const decision of ['accept', 'decline']) {
      const p = (
        await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, body(product.id))
      ).json().proposal;
      await call('POST', `/api/admin/proposals/${p.id}/send`, admin.token);
      const res = await call('POST', `/api/user/proposals/${p.id}/${decision}`, a.token, { comment });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().proposal.customer_comment).toBe(comment);
      decided.push(p.number);
    }
    const notes = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, admin.user.id))
      .orderBy(notifications.id);
    const quoted = `"${'a'.repeat(199)}"`;
    expect(notes.map((n) => n.data.message)).toEqual([
      expect.stringMatching(
        new RegExp(`accepted proposal ${decided[0]} \\(total \\$4,067\\.29\\)\\. ${quoted}$`),
      ),
      expect.stringMatching(new RegExp(`declined proposal ${decided[1]}\\. ${quoted}$`)),
    ]);
  });

  it('revises into version N+1; sending it supersedes the earlier one, which can no longer be decided', async () => {
    const { a, admin, design, product } = await dealSetup(t);
    const call = caller(t);
    const v1 = (
      await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, body(product.id))
    ).json().proposal;
    expect((await call('POST', `/api/admin/proposals/${v1.id}/revise`, admin.token)).statusCode).toBe(409); // a draft
    await call('POST', `/api/admin/proposals/${v1.id}/send`, admin.token);
    const revised = await call('POST', `/api/admin/proposals/${v1.id}/revise`, admin.token);
    expect(revised.statusCode, revised.body).toBe(201);
    const v2 = revised.json().proposal;
    expect(v2).toMatchObject({ number: v1.number, version: 2, status: 'draft', total: v1.total });
    expect((await call('POST', `/api/admin/proposals/${v1.id}/revise`, admin.token)).statusCode).toBe(409); // not the latest

    // Until v2 is sent, v1 stands; the customer does not see the draft in the history.
    const before = (await call('GET', `/api/user/proposals/${v1.id}`, a.token)).json().proposal;
    expect(before.status).toBe('sent');
    expect(before.versions.map((v: { version: number }) => v.version)).toEqual([1]);

    const edited = await call('PUT', `/api/admin/proposals/${v2.id}`, admin.token, {
      ...body(product.id),
      tax_rate: '0',
      lines: [{ product_id: product.id, quantity: 2, unit_price: '1000.00' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().proposal).toMatchObject({ subtotal: '2000.00', tax: '0.00', total: '2000.00' });
    await call('POST', `/api/admin/proposals/${v2.id}/send`, admin.token);

    const old = (await call('GET', `/api/user/proposals/${v1.id}`, a.token)).json().proposal;
    expect(old.status).toBe('superseded');
    expect(old.versions.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([
      [2, 'sent'],
      [1, 'superseded'],
    ]);
    expect((await call('POST', `/api/user/proposals/${v1.id}/accept`, a.token, {})).statusCode).toBe(409);
    expect((await call('POST', `/api/user/proposals/${v2.id}/accept`, a.token, {})).statusCode).toBe(200);
  });

  it('one version of a proposal is accepted at most: a revision sent after the customer accepted the earlier one is refused', async () => {
    const { a, admin, design, product } = await dealSetup(t);
    const call = caller(t);
    const v1 = (
      await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, body(product.id))
    ).json().proposal;
    await call('POST', `/api/admin/proposals/${v1.id}/send`, admin.token);
    const v2 = (await call('POST', `/api/admin/proposals/${v1.id}/revise`, admin.token)).json().proposal;
    expect((await call('POST', `/api/user/proposals/${v1.id}/accept`, a.token, {})).statusCode).toBe(200);
    const send = await call('POST', `/api/admin/proposals/${v2.id}/send`, admin.token);
    expect(send.statusCode).toBe(409);
    expect(send.json().message).toBe(PROPOSAL_MESSAGES.versionAccepted);
    // Nor is that draft edited: it could never be sent.
    const edit = await call('PUT', `/api/admin/proposals/${v2.id}`, admin.token, {
      ...body(product.id),
      notes: 'Edited after the acceptance',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(PROPOSAL_MESSAGES.versionAccepted);
    const [draft] = await db().select().from(proposals).where(eq(proposals.id, v2.id));
    expect(draft!.notes).not.toBe('Edited after the acceptance');
    const rows = await db().select().from(proposals).where(eq(proposals.number, v1.number));
    expect(rows.map((r) => [r.version, r.status]).sort()).toEqual([
      [1, 'accepted'],
      [2, 'draft'],
    ]);
  });

  it('the send of a revision and the acceptance of the earlier version, at once: exactly one of them wins', async () => {
    const { a, admin, design, product } = await dealSetup(t);
    const call = caller(t);
    for (let round = 0; round < 4; round++) {
      const v1 = (
        await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, body(product.id))
      ).json().proposal;
      await call('POST', `/api/admin/proposals/${v1.id}/send`, admin.token);
      const v2 = (await call('POST', `/api/admin/proposals/${v1.id}/revise`, admin.token)).json().proposal;
      const [accept, send] = await Promise.all([
        call('POST', `/api/user/proposals/${v1.id}/accept`, a.token, {}),
        call('POST', `/api/admin/proposals/${v2.id}/send`, admin.token),
      ]);
      expect([accept.statusCode, send.statusCode].sort(), `${accept.body} ${send.body}`).toEqual([200, 409]);
      const rows = await db().select().from(proposals).where(eq(proposals.number, v1.number));
      expect(rows.filter((r) => r.status === 'accepted')).toHaveLength(accept.statusCode === 200 ? 1 : 0);
      expect(rows.filter((r) => r.status === 'sent')).toHaveLength(send.statusCode === 200 ? 1 : 0);
    }
  });

  it('amounts a proposal cannot hold are refused with 422, not a server error; an emptied tax rate is the default', async () => {
    const { admin, design, product } = await dealSetup(t);
    const call = caller(t);
    const before = await db().$count(proposals);
    const line = await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, {
      valid_until: inDays(14),
      lines: [{ name: 'Campus', quantity: 101, unit_price: '99999999.99' }],
    });
    expect(line.statusCode, line.body).toBe(422);
    expect(line.json().errors).toEqual({ 'lines.0.quantity': [PROPOSAL_MESSAGES.amountTooLarge] });
    const sum = await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, {
      valid_until: inDays(14),
      lines: Array.from({ length: 2 }, () => ({ name: 'Campus', quantity: 60, unit_price: '99999999.99' })),
    });
    expect(sum.statusCode, sum.body).toBe(422);
    expect(sum.json().errors).toHaveProperty('lines');
    expect(await db().$count(proposals)).toBe(before);

    const draft = (
      await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, {
        ...body(product.id),
        tax_rate: '5',
      })
    ).json().proposal;
    expect(draft.tax_rate).toBe('5.00');
    const kept = await call('PUT', `/api/admin/proposals/${draft.id}`, admin.token, body(product.id));
    expect(kept.json().proposal.tax_rate).toBe('5.00');
    const emptied = await call('PUT', `/api/admin/proposals/${draft.id}`, admin.token, {
      ...body(product.id),
      tax_rate: null,
    });
    expect(emptied.json().proposal.tax_rate).toBe('8.25');
  });

  it('a customer cannot delete a design the shop has sent a proposal for; a draft alone does not hold it', async () => {
    const { a, admin, design, product } = await dealSetup(t);
    const call = caller(t);
    const p = (
      await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, body(product.id))
    ).json().proposal;
    await call('POST', `/api/admin/proposals/${p.id}/send`, admin.token);
    expect((await call('POST', `/api/user/proposals/${p.id}/accept`, a.token, {})).statusCode).toBe(200);
    const refused = await call('DELETE', `/api/user/design-submissions/${design.slug}`, a.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(DESIGN_SERVER_MESSAGES.hasProposal);
    expect(await db().$count(designSubmissions)).toBe(1);
    expect((await db().select().from(proposals))[0]!.status).toBe('accepted');

    // Another design with only a draft of the shop's: the customer may still withdraw it, the draft goes with it.
    const other = await submit(t, HAVE_DESIGN_FIELDS, [designFile()], bearer(a.token));
    const otherSlug = other.json().design.slug as string;
    const [otherRow] = await db()
      .select()
      .from(designSubmissions)
      .where(eq(designSubmissions.slug, otherSlug));
    await call('POST', `/api/admin/designs/${otherRow!.id}/proposals`, admin.token, body(product.id));
    const deleted = await call('DELETE', `/api/user/design-submissions/${otherSlug}`, a.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await db().$count(proposals)).toBe(1);
  });

  it('a proposal sent while its design is being deleted waits for the deletion and answers 404, never a mail for a proposal that is gone', async () => {
    const { admin, design, product } = await dealSetup(t);
    const call = caller(t);
    const p = (
      await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, body(product.id))
    ).json().proposal as { id: number };
    await db().delete(mailQueue);
    // The customer's deletion, held between its check (no sent proposal) and its delete.
    const deletion = await holdingClient(t.databaseUrl);
    try {
      await deletion.query('select id from design_submissions where id = $1 for update', [design.id]);
      const sentBefore = await deletion.query(
        `select 1 from proposals where design_id = $1 and status <> 'draft'`,
        [design.id],
      );
      expect(sentBefore.rowCount).toBe(0);
      let settled = false;
      const sending = call('POST', `/api/admin/proposals/${p.id}/send`, admin.token).finally(
        () => (settled = true),
      );
      // Until the send answers, or waits on a lock held by the deletion.
      await waitUntilBlocked(t.databaseUrl, deletion, () => settled);
      await deletion.query('delete from design_submissions where id = $1', [design.id]);
      await deletion.query('commit');
      const sent = await sending;
      expect(sent.statusCode, sent.body).toBe(404);
    } finally {
      await deletion.end();
    }
    expect(await db().$count(proposals)).toBe(0);
    expect(await db().$count(mailQueue)).toBe(0);
  });

  it('a proposal keeps the photo its product had, when the product is deleted or its photo replaced', async () => {
    const { admin, design, product } = await dealSetup(t);
    const call = caller(t);
    const p = (
      await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, body(product.id))
    ).json().proposal;
    const photoUrl = p.lines[0].photo_url as string;
    const key = product.photoKey!;
    expect(await imageStored(t, key)).toBe(true);

    // A new main photo for the product: the proposal still shows the old one.
    const edited = await replacePhoto(product.id, admin.token);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await imageStored(t, key)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(200);

    // The product deleted: its new photo goes, the one the proposal shows stays.
    const newKey = (await db().select().from(products).where(eq(products.id, product.id)))[0]!.photoKey!;
    expect((await call('DELETE', `/api/admin/products/${product.id}`, admin.token)).statusCode).toBe(200);
    expect(await imageStored(t, newKey)).toBe(false);
    expect(await imageStored(t, key)).toBe(true);
    const again = (await call('GET', `/api/admin/proposals/${p.id}`, admin.token)).json().proposal;
    expect(again.lines[0].photo_url).toBe(photoUrl);
  });

  it("deleting a customer removes the old product photos only their proposals showed, and keeps those others' show", async () => {
    const { a, b, admin, design, product } = await dealSetup(t);
    const call = caller(t);
    const shared = product.photoKey!;
    // Customer A's proposal for their design, and customer B's answer to a quote request: both show the photo.
    const forA = await call(
      'POST',
      `/api/admin/designs/${design.id}/proposals`,
      admin.token,
      body(product.id),
    );
    expect(forA.statusCode, forA.body).toBe(201);
    const qr = (
      await call('POST', '/api/user/quote-requests', b.token, {
        items: [{ product_id: product.id, quantity: 1 }],
      })
    ).json().quote_request;
    const forB = await call('POST', `/api/admin/quote-requests/${qr.id}/proposals`, admin.token, {
      valid_until: inDays(30),
      lines: [{ product_id: product.id, quantity: 1 }],
    });
    expect(forB.statusCode, forB.body).toBe(201);
    expect((await replacePhoto(product.id, admin.token)).statusCode).toBe(200);
    expect(await imageStored(t, shared)).toBe(true);

    // A second design of A's, answered with a product whose photo is then replaced: A's proposals alone show it.
    const secondDesign = await submit(
      t,
      { ...HAVE_DESIGN_FIELDS, title: 'Annex' },
      [designFile()],
      bearer(a.token),
    );
    const [annex] = await db()
      .select()
      .from(designSubmissions)
      .where(eq(designSubmissions.slug, secondDesign.json().design.slug));
    const own = (await db().select().from(products).where(eq(products.id, product.id)))[0]!.photoKey!;
    const onlyA = await call(
      'POST',
      `/api/admin/designs/${annex!.id}/proposals`,
      admin.token,
      body(product.id),
    );
    expect(onlyA.statusCode, onlyA.body).toBe(201);
    expect((await replacePhoto(product.id, admin.token)).statusCode).toBe(200);
    const current = (await db().select().from(products).where(eq(products.id, product.id)))[0]!.photoKey!;
    expect(await imageStored(t, own)).toBe(true);

    const deleted = await call('DELETE', `/api/admin/users/${a.user.id}`, admin.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    // Shown by A's proposals only: gone. Shown by B's proposal too, or the product's photo now: kept.
    expect(await imageStored(t, own)).toBe(false);
    expect(await imageStored(t, shared)).toBe(true);
    expect(await imageStored(t, current)).toBe(true);
  });

  it('a photo replaced while a draft with its product is being written stays, shown by the new line', async () => {
    const { admin, design, product } = await dealSetup(t);
    const call = caller(t);
    const key = product.photoKey!;
    // The design held, so the draft waits after reading its products, before its lines are written.
    const holder = await holdingClient(t.databaseUrl);
    let created: Awaited<ReturnType<typeof call>>;
    let edited: Awaited<ReturnType<typeof call>>;
    try {
      await holder.query('select id from design_submissions where id = $1 for update', [design.id]);
      let drafted = false;
      const drafting = call(
        'POST',
        `/api/admin/designs/${design.id}/proposals`,
        admin.token,
        body(product.id),
      ).finally(() => (drafted = true));
      expect(await waitUntilBlocked(t.databaseUrl, holder, () => drafted)).toBe(true);
      // The photo's replacement waits for the draft (or, before the fix, removed the photo at once).
      let replaced = false;
      const replacing = replacePhoto(product.id, admin.token).finally(() => (replaced = true));
      await waitUntilBlocked(t.databaseUrl, holder, () => replaced, 2);
      await holder.query('commit');
      [created, edited] = await Promise.all([drafting, replacing]);
    } finally {
      await holder.end();
    }
    expect(created.statusCode, created.body).toBe(201);
    expect(edited.statusCode, edited.body).toBe(200);
    const line = created.json().proposal.lines[0] as { photo_url: string };
    expect(line.photo_url).toContain(key);
    expect(await imageStored(t, key)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: line.photo_url })).statusCode).toBe(200);
  });

  it('a sent proposal past its validity is expired and cannot be decided', async () => {
    const { a, admin, design, product } = await dealSetup(t);
    const call = caller(t);
    const p = (
      await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, body(product.id))
    ).json().proposal;
    await call('POST', `/api/admin/proposals/${p.id}/send`, admin.token);
    await db()
      .update(proposals)
      .set({ validUntil: inDays(-1) })
      .where(eq(proposals.id, p.id));
    const res = await call('POST', `/api/user/proposals/${p.id}/accept`, a.token, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PROPOSAL_MESSAGES.expired);
    expect((await call('GET', `/api/user/proposals/${p.id}`, a.token)).json().proposal.status).toBe(
      'expired',
    );
    const listed = await call('GET', '/api/admin/proposals?status=expired', admin.token);
    expect(listed.json().total).toBe(1);
    // Valid through its last day.
    await db()
      .update(proposals)
      .set({ validUntil: inDays(0), status: 'sent' })
      .where(eq(proposals.id, p.id));
    expect((await call('POST', `/api/user/proposals/${p.id}/accept`, a.token, {})).statusCode).toBe(200);
  });

  it('admin list searches and filters', async () => {
    const { admin, design, product } = await dealSetup(t);
    const call = caller(t);
    const p = (
      await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, body(product.id))
    ).json().proposal;
    const all = await call('GET', '/api/admin/proposals', admin.token);
    expect(all.json().total).toBe(1);
    expect(all.json().proposals[0].customer).toMatchObject({ email: expect.any(String) });
    expect((await call('GET', `/api/admin/proposals?search=${p.number}`, admin.token)).json().total).toBe(1);
    expect(
      (await call('GET', '/api/admin/proposals?search=nobody-like-this', admin.token)).json().total,
    ).toBe(0);
    expect((await call('GET', '/api/admin/proposals?status=sent', admin.token)).json().total).toBe(0);
    expect((await call('GET', '/api/admin/proposals?status=bogus', admin.token)).statusCode).toBe(422);
  });

  it('admin list filters by design and by quote request; bad filters answer 422 and change nothing', async () => {
    const { a, b, admin, design, product } = await dealSetup(t);
    const call = caller(t);
    const other = await submit(
      t,
      { ...HAVE_DESIGN_FIELDS, title: 'Branch office' },
      [designFile()],
      bearer(b.token),
    );
    expect(other.statusCode, other.body).toBe(201);
    const [otherDesign] = await db()
      .select()
      .from(designSubmissions)
      .where(eq(designSubmissions.slug, other.json().design.slug as string));
    const v1 = (
      await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, body(product.id))
    ).json().proposal;
    await call('POST', `/api/admin/proposals/${v1.id}/send`, admin.token);
    const v2 = (await call('POST', `/api/admin/proposals/${v1.id}/revise`, admin.token)).json().proposal;
    const elsewhere = (
      await call('POST', `/api/admin/designs/${otherDesign!.id}/proposals`, admin.token, body(product.id))
    ).json().proposal;
    const qr = (
      await call('POST', '/api/user/quote-requests', a.token, {
        items: [{ product_id: product.id, quantity: 2 }],
      })
    ).json().quote_request;
    const answer = (
      await call('POST', `/api/admin/quote-requests/${qr.id}/proposals`, admin.token, {
        valid_until: inDays(30),
        lines: [{ product_id: product.id, quantity: 2 }],
      })
    ).json().proposal;

    const byDesign = await call('GET', `/api/admin/proposals?design_id=${design.id}`, admin.token);
    expect(byDesign.statusCode, byDesign.body).toBe(200);
    expect(byDesign.json().total).toBe(2);
    expect(byDesign.json().proposals.map((p: { id: number }) => p.id)).toEqual([v2.id, v1.id]);
    expect(byDesign.json().proposals.map((p: { version: number }) => p.version)).toEqual([2, 1]);
    const byOther = await call('GET', `/api/admin/proposals?design_id=${otherDesign!.id}`, admin.token);
    expect(byOther.json().proposals.map((p: { id: number }) => p.id)).toEqual([elsewhere.id]);
    const byRequest = await call('GET', `/api/admin/proposals?quote_request_id=${qr.id}`, admin.token);
    expect(byRequest.json()).toMatchObject({
      total: 1,
      proposals: [{ id: answer.id, quote_request_id: qr.id }],
    });
    expect(
      (await call('GET', `/api/admin/proposals?design_id=${design.id}&status=draft`, admin.token))
        .json()
        .proposals.map((p: { id: number }) => p.id),
    ).toEqual([v2.id]);
    expect(
      (
        await call(
          'GET',
          `/api/admin/proposals?design_id=${design.id}&quote_request_id=${qr.id}`,
          admin.token,
        )
      ).json().total,
    ).toBe(0);
    expect((await call('GET', '/api/admin/proposals?design_id=2147483647', admin.token)).json().total).toBe(
      0,
    );
    // The customer cannot use the admin filter.
    expect((await call('GET', `/api/admin/proposals?design_id=${design.id}`, a.token)).statusCode).toBe(403);

    const before = await db().select().from(proposals);
    for (const [field, value] of [
      ['design_id', 'abc'],
      ['design_id', '0'],
      ['design_id', '-3'],
      ['design_id', '1.5'],
      ['design_id', '2147483648'],
      ['quote_request_id', 'x'],
      ['quote_request_id', '0'],
      ['search', 'x'.repeat(SEARCH_MAX_LENGTH.list + 1)],
    ] as const) {
      const res = await call('GET', `/api/admin/proposals?${field}=${value}`, admin.token);
      expect(res.statusCode, `${field}=${value}`).toBe(422);
      expect(Object.keys(res.json().errors ?? {}), `${field}=${value}`).toContain(field);
    }
    expect(await db().select().from(proposals)).toEqual(before);
  });

  it('quote requests from the wishlist arrive in the back-office and are answered with a proposal', async () => {
    const { a, b, admin, product } = await dealSetup(t);
    const call = caller(t);
    const bad = await call('POST', '/api/user/quote-requests', a.token, {
      items: [{ product_id: 999999, quantity: 2 }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty(['items.0.product_id']);
    // A product the shop took off the storefront cannot be asked for either.
    await db().update(products).set({ status: false }).where(eq(products.id, product.id));
    const inactive = await call('POST', '/api/user/quote-requests', a.token, {
      items: [{ product_id: product.id, quantity: 2 }],
    });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().errors).toEqual({ 'items.0.product_id': [PROPOSAL_MESSAGES.productMissing] });
    await db().update(products).set({ status: true }).where(eq(products.id, product.id));
    const res = await call('POST', '/api/user/quote-requests', a.token, {
      items: [{ product_id: product.id, quantity: 12 }],
      note: 'For the new wing.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const qr = res.json().quote_request;
    expect(qr).toMatchObject({ status: 'open', note: 'For the new wing.' });
    expect(qr.items[0]).toMatchObject({
      product_id: product.id,
      name: 'Aeron Chair',
      quantity: 12,
      price: '1299.00',
    });
    const [note] = await db().select().from(notifications).where(eq(notifications.userId, admin.user.id));
    expect(note!.data.type).toBe('quote_request');

    const list = await call('GET', '/api/admin/quote-requests', admin.token);
    expect(list.json().total).toBe(1);
    const created = await call('POST', `/api/admin/quote-requests/${qr.id}/proposals`, admin.token, {
      valid_until: inDays(30),
      lines: [{ product_id: product.id, quantity: 12, discount: '15' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json().proposal;
    expect(p).toMatchObject({ quote_request_id: qr.id, design_id: null, subtotal: '13249.80' });
    await call('POST', `/api/admin/proposals/${p.id}/send`, admin.token);
    expect(
      (await call('GET', `/api/admin/quote-requests/${qr.id}`, admin.token)).json().quote_request,
    ).toMatchObject({
      status: 'answered',
      proposals: [{ id: p.id, number: p.number }],
    });
    expect((await call('GET', `/api/user/proposals/${p.id}`, a.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/user/proposals/${p.id}`, b.token)).statusCode).toBe(404);
  });

  it('the back-office lists a quote request with the numbers of the proposals that answer it, each at its latest version', async () => {
    const { a, admin, product } = await dealSetup(t);
    const call = caller(t);
    const qr = (
      await call('POST', '/api/user/quote-requests', a.token, {
        items: [{ product_id: product.id, quantity: 4 }],
      })
    ).json().quote_request;
    const listed = async () =>
      (await call('GET', '/api/admin/quote-requests', admin.token)).json().quote_requests[0].proposals;
    expect(await listed()).toEqual([]);
    const answer = async () =>
      (
        await call('POST', `/api/admin/quote-requests/${qr.id}/proposals`, admin.token, {
          valid_until: inDays(30),
          lines: [{ product_id: product.id, quantity: 4 }],
        })
      ).json().proposal as { id: number; number: string };
    const first = await answer();
    expect(await listed()).toEqual([{ id: first.id, number: first.number }]);
    await call('POST', `/api/admin/proposals/${first.id}/send`, admin.token);
    const revised = (await call('POST', `/api/admin/proposals/${first.id}/revise`, admin.token)).json()
      .proposal;
    const second = await answer();
    // Newest first; the revised proposal once, at its version 2.
    expect(await listed()).toEqual([
      { id: second.id, number: second.number },
      { id: revised.id, number: first.number },
    ]);
    expect(
      (await call('GET', `/api/admin/quote-requests/${qr.id}`, admin.token)).json().quote_request.proposals,
    ).toEqual(await listed());
  });

  it("refuses a quote request's wrong quantity, list or note under that field, in the contract's words", async () => {
    const { a, product } = await dealSetup(t);
    const call = caller(t);
    const item = (quantity: number) => ({ product_id: product.id, quantity });
    const tooMany = Array.from({ length: PROPOSAL_LIMITS.quoteItems + 1 }, (_, i) => ({
      product_id: product.id + 1 + i,
      quantity: 1,
    }));
    const tooLong = 'x'.repeat(PROPOSAL_LIMITS.comment + 1);
    for (const [what, body, field, message] of [
      ['a part of one', { items: [item(2), item(2.5)] }, 'items.1.quantity', QUOTE_REQUEST_MESSAGES.quantity],
      ['a fraction below 0', { items: [item(-3.5)] }, 'items.0.quantity', QUOTE_REQUEST_MESSAGES.quantity],
      ['past the limit', { items: [item(200000)] }, 'items.0.quantity', QUOTE_REQUEST_MESSAGES.quantity],
      ['none', { items: [item(0)] }, 'items.0.quantity', QUOTE_REQUEST_MESSAGES.quantity],
      ['too many products', { items: tooMany }, 'items', QUOTE_REQUEST_MESSAGES.tooManyItems],
      ['no product', { items: [] }, 'items', QUOTE_REQUEST_MESSAGES.noProducts],
      // Listed twice, the quantities could add up past the limit.
      [
        'a product listed twice',
        { items: [item(60000), item(60000)] },
        'items.1.product_id',
        QUOTE_REQUEST_MESSAGES.listedTwice,
      ],
      ['too long a note', { items: [item(1)], note: tooLong }, 'note', QUOTE_REQUEST_MESSAGES.noteTooLong],
    ] as const) {
      const res = await call('POST', '/api/user/quote-requests', a.token, body);
      expect(res.statusCode, what).toBe(422);
      expect(res.json(), what).toEqual({ message, errors: { [field]: [message] } });
    }
    expect(await db().$count(quoteRequests)).toBe(0);
  });

  it('a customer sends at most 20 quote requests an hour (429 past them, nothing written); others still can', async () => {
    const { a, b, admin, product } = await dealSetup(t);
    const call = caller(t);
    const ask = (token: string) =>
      call('POST', '/api/user/quote-requests', token, { items: [{ product_id: product.id, quantity: 1 }] });
    for (let i = 0; i < 20; i++) expect((await ask(a.token)).statusCode).toBe(201);
    const notes = await db().$count(notifications);
    const mails = await db().$count(mailQueue);
    const refused = await ask(a.token);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await call('GET', '/api/admin/quote-requests', admin.token)).json().total).toBe(20);
    expect(await db().$count(notifications)).toBe(notes);
    expect(await db().$count(mailQueue)).toBe(mails);
    expect((await ask(b.token)).statusCode).toBe(201);
  });

  it('quote requests refused for unknown products spend none of the hourly allowance', async () => {
    const { a, product } = await dealSetup(t);
    const call = caller(t);
    for (let i = 0; i < 25; i++) {
      const bad = await call('POST', '/api/user/quote-requests', a.token, {
        items: [{ product_id: 999999, quantity: 1 }],
      });
      expect(bad.statusCode, bad.body).toBe(422);
    }
    expect(await db().$count(notifications)).toBe(0);
    const ok = await call('POST', '/api/user/quote-requests', a.token, {
      items: [{ product_id: product.id, quantity: 1 }],
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('dashboard', () => {
  it('counts proposals sent and accepted this month, their value with growth, and upcoming installations', async () => {
    const { a, admin, design, product } = await dealSetup(t);
    const call = caller(t);
    const make = async () => {
      const p = (
        await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, {
          valid_until: inDays(10),
          lines: [{ product_id: product.id, quantity: 1, unit_price: '100' }],
          tax_rate: '0',
        })
      ).json().proposal;
      await call('POST', `/api/admin/proposals/${p.id}/send`, admin.token);
      return p.id as number;
    };
    const accepted = await make();
    const declined = await make();
    await call('POST', `/api/user/proposals/${declined}/decline`, a.token, { comment: 'Not now.' });
    const acceptedToo = await make();
    await call('POST', `/api/user/proposals/${accepted}/accept`, a.token, {});
    await call('POST', `/api/user/proposals/${acceptedToo}/accept`, a.token, {
      declined_line_ids: [],
      comment: 'Yes',
    });
    // A draft that is never sent counts nowhere.
    await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, {
      valid_until: inDays(10),
      lines: [{ product_id: product.id, quantity: 9, unit_price: '1000' }],
    });
    // Installations: one confirmed (listed), one only requested (not listed).
    const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      weekday,
      start: '09:00',
      end: '12:00',
      capacity: 2,
    }));
    expect(
      (await call('PUT', '/api/admin/schedule', admin.token, { weekly, blackout_dates: [] })).statusCode,
    ).toBe(200);
    const slots = (await call('GET', `/api/user/proposals/${accepted}/slots`, a.token)).json().slots as {
      start: string;
      end: string;
    }[];
    const confirmed = (
      await call('POST', `/api/user/proposals/${accepted}/booking`, a.token, { slot_start: slots[3]!.start })
    ).json().booking;
    expect((await call('POST', `/api/admin/bookings/${confirmed.id}/confirm`, admin.token)).statusCode).toBe(
      200,
    );
    const requested = await call('POST', `/api/user/proposals/${acceptedToo}/booking`, a.token, {
      slot_start: slots[1]!.start,
    });
    expect(requested.statusCode).toBe(201);
    // Last month: one accepted proposal of 50.00.
    const old = await make();
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    await db()
      .update(proposals)
      .set({ status: 'accepted', total: '50.00', sentAt: lastMonth, decidedAt: lastMonth })
      .where(eq(proposals.id, old));
    const res = await call('GET', '/api/admin/dashboard-stats', admin.token);
    expect(res.json()).toMatchObject({
      proposalsSentThisMonth: 3,
      proposalsAcceptedThisMonth: 2,
      acceptedValueThisMonth: '200.00',
      acceptedValueGrowth: 300,
      upcomingInstallations: [
        {
          id: confirmed.id,
          kind: 'installation',
          proposal_id: accepted,
          slot_start: slots[3]!.start,
          slot_end: slots[3]!.end,
        },
      ],
    });
    expect(res.json().upcomingInstallations).toHaveLength(1);
  });
});
