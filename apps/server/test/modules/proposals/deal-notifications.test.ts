import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AppNotification } from '@shop/contracts';
import { connect, drained, listen, next, record, type ClientSocket } from '../../support/realtime';
import { createTestApp, type TestApp } from '../../support/test-app';
import { caller, dealSetup, inDays } from './support';

let t: TestApp;
let url: string;
const sockets: ClientSocket[] = [];
beforeEach(async () => {
  t = await createTestApp({ env: { SHOP_TIMEZONE: 'UTC', DEFAULT_TAX_RATE: '8.25' } });
  url = await listen(t.app);
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await t.close();
});

const open = async (token: string) => {
  const s = await connect(url, token);
  sockets.push(s);
  return s;
};

/** The next notification a socket receives: its type and what it routes by. */
async function arrives(socket: ClientSocket) {
  const { notification } = (await next(socket, 'notification')) as { notification: AppNotification };
  return notification.data;
}

it('each proposal and booking step reaches the other side in realtime and by mail, routed to the proposal', async () => {
  const { a, b, admin, design, product } = await dealSetup(t);
  const call = caller(t);
  const [customer, other, shop] = await Promise.all([open(a.token), open(b.token), open(admin.token)]);
  const strangers = record(other, 'notification');
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday,
    start: '09:00',
    end: '12:00',
    capacity: 2,
  }));
  expect(
    (await call('PUT', '/api/admin/schedule', admin.token, { weekly, blackout_dates: [] })).statusCode,
  ).toBe(200);

  const p = (
    await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, {
      valid_until: inDays(14),
      lines: [{ product_id: product.id, quantity: 1 }],
    })
  ).json().proposal;
  expect((await call('POST', `/api/admin/proposals/${p.id}/send`, admin.token)).statusCode).toBe(200);
  expect(await arrives(customer)).toMatchObject({ type: 'proposal_sent', proposal_id: p.id });

  expect((await call('POST', `/api/user/proposals/${p.id}/accept`, a.token, {})).statusCode).toBe(200);
  expect(await arrives(shop)).toMatchObject({ type: 'proposal_accepted', proposal_id: p.id });

  const slots = (await call('GET', `/api/user/proposals/${p.id}/slots`, a.token)).json().slots;
  const booked = await call('POST', `/api/user/proposals/${p.id}/booking`, a.token, {
    requested_date: inDays(9),
    note: 'Mornings only.',
  });
  expect(booked.statusCode).toBe(201);
  const booking = booked.json().booking;
  expect(await arrives(shop)).toMatchObject({
    type: 'booking_requested',
    proposal_id: p.id,
    booking_id: booking.id,
  });

  const proposed = await call('POST', `/api/admin/bookings/${booking.id}/propose`, admin.token, {
    slot_start: slots[5].start,
  });
  expect(proposed.statusCode).toBe(200);
  expect(await arrives(customer)).toMatchObject({ type: 'booking_proposed', proposal_id: p.id });

  expect((await call('POST', `/api/user/bookings/${booking.id}/confirm`, a.token)).statusCode).toBe(200);
  expect(await arrives(shop)).toMatchObject({ type: 'booking_confirmed', booking_id: booking.id });

  expect((await call('POST', `/api/admin/bookings/${booking.id}/cancel`, admin.token)).statusCode).toBe(200);
  expect(await arrives(customer)).toMatchObject({ type: 'booking_cancelled', proposal_id: p.id });

  // Nothing of it reached the other customer.
  await drained(t.app, other);
  expect(strangers).toEqual([]);

  // The mails: the customer's link to the proposal in the customer area, the shop's to the back-office.
  const mails = await t.deliverMail();
  const customerLink = `/user/proposals/${p.id}`;
  const shopLink = `/admin/proposals/${p.id}`;
  const to = (address: string) => mails.filter((m) => new RegExp(`^To: .*${address}`, 'mi').test(m));
  const customerMails = to(a.user.email);
  expect(customerMails.length).toBeGreaterThanOrEqual(4); // sent, proposed, confirmed (with .ics), cancelled
  for (const m of customerMails) expect(m).toContain(customerLink);
  expect(customerMails.some((m) => m.includes('text/calendar'))).toBe(true);
  const shopMails = mails.filter((m) => !customerMails.includes(m) && m.includes(shopLink));
  expect(shopMails.length).toBeGreaterThanOrEqual(3); // accepted, booking requested, confirmed
  for (const m of shopMails) expect(m).not.toContain(customerLink);
});
