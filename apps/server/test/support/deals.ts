import { bookings } from '../../src/db/schema/deals';
import type { TestApp } from './test-app';
import { bearer } from './http';

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Proposals, bookings and a quote request of one customer, for the route-table suites: each state a route
 * needs, one resource per route that changes it.
 */
export async function createDealFixtures(
  t: TestApp,
  who: { customerToken: string; customerId: number; adminToken: string; designId: number; productId: number },
) {
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  await call('PUT', '/api/admin/schedule', who.adminToken, {
    weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      weekday,
      start: '09:00',
      end: '12:00',
      capacity: 100,
    })),
    blackout_dates: [],
  });
  const draft = async () =>
    (
      await call('POST', `/api/admin/designs/${who.designId}/proposals`, who.adminToken, {
        valid_until: day(20),
        lines: [{ product_id: who.productId, quantity: 2 }],
      })
    ).proposal.id as number;
  const sent = async () => {
    const id = await draft();
    await call('POST', `/api/admin/proposals/${id}/send`, who.adminToken);
    return id;
  };
  const accepted = async () => {
    const id = await sent();
    await call('POST', `/api/user/proposals/${id}/accept`, who.customerToken, {});
    return id;
  };
  const slots = (await call('GET', '/api/site-visits/slots', who.customerToken)).slots as {
    start: string;
    end: string;
  }[];
  const slot = slots[slots.length - 1]!;
  const booking = async (status: 'requested' | 'proposed') => {
    const [row] = await t.ctx.database.db
      .insert(bookings)
      .values({
        kind: 'site_visit',
        status,
        userId: who.customerId,
        name: 'Fixture Customer',
        email: 'fixture@example.com',
        slotStart: new Date(slot.start),
        slotEnd: new Date(slot.end),
      })
      .returning();
    return row!.id;
  };
  const quote = await call('POST', '/api/user/quote-requests', who.customerToken, {
    items: [{ product_id: who.productId, quantity: 3 }],
  });
  return {
    slotStart: slot.start,
    // Another window, for a booking to move to (a move to its own window is refused).
    otherSlotStart: slots[slots.length - 2]!.start,
    quoteRequestId: quote.quote_request.id as number,
    draft: { forPut: await draft(), forSend: await draft() },
    sent: {
      forRead: await sent(),
      forRevise: await sent(),
      forAccept: await sent(),
      forDecline: await sent(),
    },
    acceptedForBooking: await accepted(),
    bookings: {
      forAdminConfirm: await booking('requested'),
      forAdminPropose: await booking('requested'),
      forAdminCancel: await booking('requested'),
      forCustomerConfirm: await booking('proposed'),
      forReschedule: await booking('requested'),
      forCustomerCancel: await booking('requested'),
      forAddress: await booking('requested'),
      forAdminAddress: await booking('requested'),
    },
  };
}
export type DealFixtures = Awaited<ReturnType<typeof createDealFixtures>>;
