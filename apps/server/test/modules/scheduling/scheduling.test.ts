import { desc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BODY_NOT_OBJECT_MESSAGE,
  blackoutDateRange,
  guestSiteVisitInput,
  SCHEDULING,
  SCHEDULING_MESSAGES,
  SITE_VISITS_OPEN_PER_CONTACT,
  SITE_VISITS_OPEN_PER_GUEST_NETWORK,
} from '@shop/contracts';
import { bookings, scheduleBlackouts, scheduleWindows } from '../../../src/db/schema/deals';
import { mailQueue } from '../../../src/db/schema/mail';
import { DEFAULT_LIMITS } from '../../../src/platform/rate-limit';
import { notifications } from '../../../src/db/schema/notifications';
import { users } from '../../../src/db/schema/users';
import { updateBooking } from '../../../src/modules/scheduling/queries';
import { sendBookingReminders } from '../../../src/modules/scheduling/service';
import { bearer } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';
import { caller, dealSetup, inDays } from '../proposals/support';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: { SHOP_TIMEZONE: 'UTC' } });
});
afterEach(async () => {
  await t.close();
});
const db = () => t.ctx.database.db;

/** Moves a booking's window to start `hours` from now (three hours long). */
async function startIn(id: number, hours: number) {
  const start = new Date(Date.now() + hours * 3_600_000);
  await db()
    .update(bookings)
    .set({ slotStart: start, slotEnd: new Date(start.getTime() + 3 * 3_600_000) })
    .where(eq(bookings.id, id));
}

/** Every weekday, 09-12 and 13-17, the given capacity. */
const everyDay = (capacity: number) => ({
  weekly: [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [
    { weekday, start: '09:00', end: '12:00', capacity },
    { weekday, start: '13:00', end: '17:00', capacity },
  ]),
  blackout_dates: [inDays(5)],
});

/** An accepted proposal of customer A's. */
async function accepted(capacity = 2) {
  const setup = await dealSetup(t);
  const call = caller(t);
  const schedule = await call('PUT', '/api/admin/schedule', setup.admin.token, everyDay(capacity));
  expect(schedule.statusCode, schedule.body).toBe(200);
  const p = (
    await call('POST', `/api/admin/designs/${setup.design.id}/proposals`, setup.admin.token, {
      valid_until: inDays(10),
      lines: [{ product_id: setup.product.id, quantity: 1 }],
    })
  ).json().proposal;
  await call('POST', `/api/admin/proposals/${p.id}/send`, setup.admin.token);
  expect((await call('POST', `/api/user/proposals/${p.id}/accept`, setup.a.token, {})).statusCode).toBe(200);
  await db().delete(mailQueue);
  await db().delete(notifications);
  return { ...setup, proposal: p as { id: number; number: string } };
}

/** The accepted proposal's windows, and the customer's booking of the window at `index` of them. */
async function bookedWindow(deal: { a: { token: string }; proposal: { id: number } }, index: number) {
  const call = caller(t);
  const slots = (await call('GET', `/api/user/proposals/${deal.proposal.id}/slots`, deal.a.token)).json()
    .slots;
  const booked = await call('POST', `/api/user/proposals/${deal.proposal.id}/booking`, deal.a.token, {
    slot_start: slots[index].start,
  });
  expect(booked.statusCode, booked.body).toBe(201);
  return { slots, id: booked.json().booking.id as number };
}

/** The customer's bookings (which their proposal's page shows) and the shop's list both answer the reason given. */
async function bothSidesRead(
  call: ReturnType<typeof caller>,
  tokens: { customer: string; admin: string },
  proposalId: number,
  { id, reason }: { id: number; reason: string },
) {
  expect((await call('GET', '/api/user/bookings', tokens.customer)).json().bookings).toEqual([
    expect.objectContaining({ id, cancel_reason: reason }),
  ]);
  expect(
    (await call('GET', `/api/admin/bookings?proposal_id=${proposalId}`, tokens.admin)).json().bookings,
  ).toEqual([expect.objectContaining({ id, cancel_reason: reason })]);
}

describe('schedule', () => {
  it('is published by the admin and refuses bad windows with the field named, writing nothing', async () => {
    const { admin } = await dealSetup(t);
    const call = caller(t);
    expect((await call('GET', '/api/admin/schedule', admin.token)).json()).toEqual({
      weekly: [],
      blackout_dates: [],
    });
    const bad = await call('PUT', '/api/admin/schedule', admin.token, {
      weekly: [{ weekday: 1, start: '12:00', end: '09:00', capacity: 2 }],
      blackout_dates: [],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty(['weekly.0.end']);
    for (const weekly of [
      [{ weekday: 7, start: '09:00', end: '12:00', capacity: 2 }],
      [{ weekday: 1, start: '9am', end: '12:00', capacity: 2 }],
      [{ weekday: 1, start: '09:00', end: '12:00', capacity: 0 }],
    ])
      expect(
        (await call('PUT', '/api/admin/schedule', admin.token, { weekly, blackout_dates: [] })).statusCode,
      ).toBe(422);
    // An emptied time is named missing; a start of the wrong form is that field's one error, not also the end's.
    const times = await call('PUT', '/api/admin/schedule', admin.token, {
      weekly: [
        { weekday: 1, start: '', end: '12:00', capacity: 2 },
        { weekday: 2, start: '9', end: '12:00', capacity: 2 },
      ],
      blackout_dates: [],
    });
    expect(times.statusCode).toBe(422);
    expect(times.json().errors).toEqual({
      'weekly.0.start': ['The start field is required.'],
      'weekly.1.start': ['The time must be HH:MM.'],
    });
    const dup = await call('PUT', '/api/admin/schedule', admin.token, {
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00', capacity: 2 },
        { weekday: 1, start: '09:00', end: '11:00', capacity: 2 },
      ],
      blackout_dates: [],
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toHaveProperty(['weekly.1.start']);
    expect(await db().$count(scheduleWindows)).toBe(0);

    const ok = await call('PUT', '/api/admin/schedule', admin.token, everyDay(2));
    expect(ok.json().weekly).toHaveLength(14);
    expect(ok.json().blackout_dates).toEqual([inDays(5)]);
  });

  it('refuses blackout dates PostgreSQL has no day for or too far from today with 422, writing nothing', async () => {
    const { admin } = await dealSetup(t);
    const call = caller(t);
    expect((await call('PUT', '/api/admin/schedule', admin.token, everyDay(2))).statusCode).toBe(200);
    const before = (await call('GET', '/api/admin/schedule', admin.token)).json();
    const { from, to } = blackoutDateRange();
    const dayBefore = (day: string) =>
      new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const dayAfter = (day: string) =>
      new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const [day, message] of [
      ['0000-01-01', 'The blackout date must be a valid date.'],
      ['0001-01-01', SCHEDULING_MESSAGES.blackoutOutOfRange],
      ['9999-12-31', SCHEDULING_MESSAGES.blackoutOutOfRange],
      [dayBefore(from), SCHEDULING_MESSAGES.blackoutOutOfRange],
      [dayAfter(to), SCHEDULING_MESSAGES.blackoutOutOfRange],
    ]) {
      const res = await call('PUT', '/api/admin/schedule', admin.token, {
        weekly: [],
        blackout_dates: [inDays(3), day],
      });
      expect(res.statusCode, `${day}: ${res.body}`).toBe(422);
      expect(res.json().errors).toEqual({ 'blackout_dates.1': [message] });
    }
    expect((await call('GET', '/api/admin/schedule', admin.token)).json()).toEqual(before);
    const edges = await call('PUT', '/api/admin/schedule', admin.token, {
      weekly: [],
      blackout_dates: [from, to],
    });
    expect(edges.statusCode, edges.body).toBe(200);
    expect(edges.json().blackout_dates).toEqual([from, to]);
  });

  it('answers the blackout dates from a year ago on, so the schedule it answers can be saved again', async () => {
    const { admin } = await dealSetup(t);
    const call = caller(t);
    await db()
      .insert(scheduleBlackouts)
      .values([{ day: '2001-01-01' }, { day: inDays(3) }]);
    const answered = (await call('GET', '/api/admin/schedule', admin.token)).json();
    expect(answered.blackout_dates).toEqual([inDays(3)]);
    const saved = await call('PUT', '/api/admin/schedule', admin.token, answered);
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('answers every one of several saves that arrive at once; the schedule is whole and is one of them', async () => {
    const { admin } = await dealSetup(t);
    const call = caller(t);
    await call('PUT', '/api/admin/schedule', admin.token, everyDay(1));
    const saves = await Promise.all(
      [2, 3, 4, 5, 6, 7, 8, 9].map((capacity) =>
        call('PUT', '/api/admin/schedule', admin.token, everyDay(capacity)),
      ),
    );
    expect(saves.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    const now = (await call('GET', '/api/admin/schedule', admin.token)).json() as {
      weekly: { capacity: number }[];
      blackout_dates: string[];
    };
    expect(now.weekly).toHaveLength(14);
    expect(new Set(now.weekly.map((w) => w.capacity)).size).toBe(1);
    expect([2, 3, 4, 5, 6, 7, 8, 9]).toContain(now.weekly[0]!.capacity);
    expect(now.blackout_dates).toEqual([inDays(5)]);
  });

  it('offers the windows of the next 60 days, not on blackout dates, in the shop timezone', async () => {
    const { a, proposal } = await accepted();
    const res = await caller(t)('GET', `/api/user/proposals/${proposal.id}/slots`, a.token);
    expect(res.statusCode).toBe(200);
    const slots = res.json().slots as { start: string; end: string; available: boolean }[];
    const days = new Set(slots.map((s) => s.start.slice(0, 10)));
    expect(days.has(inDays(5))).toBe(false);
    expect(days.has(inDays(6))).toBe(true);
    expect(days.has(inDays(60))).toBe(true);
    expect(days.has(inDays(61))).toBe(false);
    expect(slots.every((s) => s.available)).toBe(true);
    // Only windows that could still be moved or cancelled once booked: more than 48 hours ahead.
    expect(days.has(inDays(1))).toBe(false);
    expect(days.has(inDays(3))).toBe(true);
    expect(Math.min(...slots.map((s) => Date.parse(s.start))) - Date.now()).toBeGreaterThan(
      SCHEDULING.changeCutoffHours * 3_600_000,
    );
    expect(slots.find((s) => s.start.startsWith(inDays(6)))).toMatchObject({
      start: `${inDays(6)}T09:00:00.000Z`,
      end: `${inDays(6)}T12:00:00.000Z`,
    });
    // In New York the same windows start at 14:00 or 13:00 UTC (winter or summer time).
    const ny = await createTestApp({ env: { SHOP_TIMEZONE: 'America/New_York' } });
    try {
      await ny.ctx.database.db
        .insert(scheduleWindows)
        .values({ weekday: 3, startTime: '09:00', endTime: '12:00', capacity: 1 });
      const nySlots = (await ny.app.inject('/api/site-visits/slots')).json().slots as { start: string }[];
      expect(nySlots.length).toBeGreaterThan(7);
      for (const s of nySlots) expect(['13:00', '14:00']).toContain(s.start.slice(11, 16));
    } finally {
      await ny.close();
    }
  });

  it('lets exactly capacity bookings into a window when ten arrive at once', async () => {
    const { admin } = await dealSetup(t);
    const call = caller(t);
    await call('PUT', '/api/admin/schedule', admin.token, everyDay(2));
    const slot = (await call('GET', '/api/site-visits/slots')).json().slots[3].start as string;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('POST', '/api/site-visits', undefined, {
          slot_start: slot,
          name: `Guest ${i}`,
          email: `guest${i}@example.com`,
          phone: '555 0100',
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(SCHEDULING_MESSAGES.windowFull);
    expect(await db().$count(bookings)).toBe(2);
    const after = (await call('GET', '/api/site-visits/slots')).json().slots as {
      start: string;
      available: boolean;
    }[];
    expect(after.find((s) => s.start === slot)!.available).toBe(false);
  });

  it('a site visit keeps the address it was given, for both sides to read; a refused one writes nothing', async () => {
    const { a, admin } = await dealSetup(t);
    const call = caller(t);
    await call('PUT', '/api/admin/schedule', admin.token, everyDay(2));
    const slot = (await call('GET', '/api/site-visits/slots')).json().slots[0].start as string;
    for (const [address, error] of [
      ['x'.repeat(301), 'The address may not be greater than 300 characters.'],
      [42, 'The address must be a string.'],
    ] as const) {
      const res = await call('POST', '/api/site-visits', a.token, { slot_start: slot, address });
      expect(res.statusCode, String(address)).toBe(422);
      expect(res.json().errors).toEqual({ address: [error] });
    }
    expect(await db().$count(bookings)).toBe(0);
    const where = '  12 Main Street, Suite 4\nSpringfield, 01101  ';
    const booked = await call('POST', '/api/site-visits', a.token, { slot_start: slot, address: where });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().booking.address).toBe(where.trim());
    const listed = (await call('GET', '/api/admin/bookings', admin.token)).json().bookings;
    expect(listed).toEqual([expect.objectContaining({ kind: 'site_visit', address: where.trim() })]);
    const none = await call('POST', '/api/site-visits', a.token, { requested_date: inDays(9), address: ' ' });
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json().booking.address).toBeNull();
  });

  it('site visits: guests must give their contact details; bad input writes nothing', async () => {
    const { a, admin } = await dealSetup(t);
    const call = caller(t);
    await call('PUT', '/api/admin/schedule', admin.token, everyDay(2));
    const slot = (await call('GET', '/api/site-visits/slots')).json().slots[0].start as string;
    const guest = await call('POST', '/api/site-visits', undefined, { slot_start: slot });
    expect(guest.statusCode).toBe(422);
    // The messages of the form's schema (guestSiteVisitInput), which the site-visit page shows before sending.
    expect(guest.json().errors).toEqual({
      name: ['The name field is required.'],
      email: ['The email field is required.'],
      phone: ['The phone field is required.'],
    });
    expect(guest.json().errors).toEqual(
      Object.fromEntries(
        guestSiteVisitInput
          .safeParse({ slot_start: slot })
          .error!.issues.map((i) => [i.path.join('.'), [i.message]]),
      ),
    );
    const blank = await call('POST', '/api/site-visits', undefined, {
      slot_start: slot,
      name: ' ',
      email: '',
      phone: '  ',
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual(guest.json().errors);
    const notAWindow = await call('POST', '/api/site-visits', undefined, {
      slot_start: `${inDays(6)}T10:30:00.000Z`,
      name: 'Guest',
      email: 'g@example.com',
      phone: '555 0100',
    });
    expect(notAWindow.statusCode).toBe(422);
    expect(notAWindow.json().errors).toHaveProperty('slot_start');
    expect(await db().$count(bookings)).toBe(0);
    const mine = await call('POST', '/api/site-visits', a.token, {
      requested_date: inDays(20),
      note: 'Any morning',
    });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().booking).toMatchObject({
      kind: 'site_visit',
      status: 'requested',
      user_id: a.user.id,
      email: a.email,
    });
  });
});

describe('reminders', () => {
  /** A confirmed booking of customer A's, confirmed two days ago, its window starting `hours` from now. */
  async function confirmedIn(deal: Awaited<ReturnType<typeof accepted>>, hours: number) {
    const { id } = await bookedWindow(deal, 0);
    const call = caller(t);
    expect((await call('POST', `/api/admin/bookings/${id}/confirm`, deal.admin.token)).statusCode).toBe(200);
    await startIn(id, hours);
    await db()
      .update(bookings)
      .set({ confirmedAt: new Date(Date.now() - 48 * 3_600_000) })
      .where(eq(bookings.id, id));
    await db().delete(mailQueue);
    await db().delete(notifications);
    return id;
  }
  const reminderMails = async () =>
    (await db().select().from(mailQueue)).filter((m) => m.kind === 'booking_reminder');
  const remindedAt = async (id: number) =>
    (await db().select({ at: bookings.remindedAt }).from(bookings).where(eq(bookings.id, id)))[0]!.at;

  it('reminds the customer of a confirmed window within a day of its start, once, by notification and mail with the calendar entry', async () => {
    const deal = await accepted();
    const id = await confirmedIn(deal, 20);
    expect(await sendBookingReminders(t.ctx)).toBe(1);
    const [note] = await db().select().from(notifications).where(eq(notifications.userId, deal.a.user.id));
    expect(note!.data).toMatchObject({
      type: 'booking_reminder',
      proposal_id: deal.proposal.id,
      booking_id: id,
      message: expect.stringMatching(/^A reminder: your installation is on /),
    });
    const [mail] = await reminderMails();
    expect(mail!.toAddress).toBe(deal.a.email);
    expect(mail!.subject).toBe(`Reminder: your installation with ${t.ctx.config.appName}`);
    expect(mail!.textBody).toContain('The calendar entry is attached.');
    expect(mail!.attachments?.map((a) => a.filename)).toEqual(['booking.ics']);
    expect(await remindedAt(id)).not.toBeNull();
    const listed = (await caller(t)('GET', '/api/user/bookings', deal.a.token)).json().bookings;
    expect(listed).toEqual([
      expect.objectContaining({ id, reminded_at: (await remindedAt(id))!.toISOString() }),
    ]);
    // Once: the next run finds nothing, and the shop is not told.
    expect(await sendBookingReminders(t.ctx)).toBe(0);
    expect(await reminderMails()).toHaveLength(1);
    expect(await db().$count(notifications, eq(notifications.userId, deal.admin.user.id))).toBe(0);
  });

  it('leaves alone a window more than a day ahead, one that has started, a cancelled one, and one confirmed within the day', async () => {
    const deal = await accepted();
    const id = await confirmedIn(deal, 30);
    expect(await sendBookingReminders(t.ctx)).toBe(0);
    await startIn(id, -1);
    expect(await sendBookingReminders(t.ctx)).toBe(0);
    // Confirmed an hour ago, 21 hours before its start: the confirmation said it all.
    await startIn(id, 20);
    await db()
      .update(bookings)
      .set({ confirmedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(bookings.id, id));
    expect(await sendBookingReminders(t.ctx)).toBe(0);
    await db()
      .update(bookings)
      .set({ status: 'cancelled', confirmedAt: new Date(Date.now() - 48 * 3_600_000) })
      .where(eq(bookings.id, id));
    expect(await sendBookingReminders(t.ctx)).toBe(0);
    expect(await reminderMails()).toEqual([]);
    expect(await remindedAt(id)).toBeNull();
  });

  it('reminds again of a window moved after the reminder', async () => {
    const deal = await accepted();
    const id = await confirmedIn(deal, 20);
    expect(await sendBookingReminders(t.ctx)).toBe(1);
    const later = new Date(Date.now() + 22 * 3_600_000);
    await updateBooking(db(), id, { slotStart: later, slotEnd: new Date(later.getTime() + 3_600_000) });
    expect(await remindedAt(id)).toBeNull();
    expect(await sendBookingReminders(t.ctx)).toBe(1);
    expect(await reminderMails()).toHaveLength(2);
  });

  it('two instances running the reminders at once remind each customer once', async () => {
    const deal = await accepted();
    await confirmedIn(deal, 20);
    const runs = await Promise.all([sendBookingReminders(t.ctx), sendBookingReminders(t.ctx)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await reminderMails()).toHaveLength(1);
  });
});

describe('site visits cannot be used to fill the windows or flood an inbox', () => {
  const guestVisit = (slot: string, email: string, name = 'Guest') => ({
    slot_start: slot,
    name,
    email,
    phone: '555 0100',
  });
  const receiptsTo = async (address: string) =>
    (await db().select().from(mailQueue)).filter(
      (m) => m.toAddress.toLowerCase() === address && m.kind === 'site_visit_received',
    );

  /** A deal's accounts, a schedule of every day, and its windows more than 48 hours ahead (the shop may cancel them). */
  async function withWindows() {
    const setup = await dealSetup(t);
    const call = caller(t);
    await call('PUT', '/api/admin/schedule', setup.admin.token, everyDay(2));
    const slots = ((await call('GET', '/api/site-visits/slots')).json().slots as { start: string }[]).slice(
      10,
    );
    return { ...setup, call, slots };
  }

  it('one account or e-mail address has at most three visits ahead; a cancelled one frees its place', async () => {
    const { a, admin, call, slots } = await withWindows();
    expect(SITE_VISITS_OPEN_PER_CONTACT).toBe(3);

    // A customer: three visits, then 409 with nothing written, whatever address the form gives.
    const mine: number[] = [];
    for (const [i, slot] of slots.slice(0, 3).entries()) {
      const res = await call('POST', '/api/site-visits', a.token, {
        slot_start: slot.start,
        email: `other${i}@example.com`,
      });
      expect(res.statusCode, res.body).toBe(201);
      mine.push(res.json().booking.id);
    }
    const before = await db().select().from(bookings);
    for (const body of [
      { slot_start: slots[3]!.start },
      { requested_date: inDays(20), email: 'fresh@example.com' },
    ]) {
      const fourth = await call('POST', '/api/site-visits', a.token, body);
      expect(fourth.statusCode, fourth.body).toBe(409);
      expect(fourth.json().message).toBe(SCHEDULING_MESSAGES.tooManyVisits);
    }
    expect(await db().select().from(bookings)).toEqual(before);

    // A guest address, whatever its case, is counted the same way, an asked-for day too.
    const guest = 'Flooded@Example.com';
    expect(
      (await call('POST', '/api/site-visits', undefined, guestVisit(slots[4]!.start, guest))).statusCode,
    ).toBe(201);
    expect(
      (await call('POST', '/api/site-visits', undefined, guestVisit(slots[5]!.start, guest.toLowerCase())))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await call('POST', '/api/site-visits', undefined, {
          ...guestVisit(slots[6]!.start, guest),
          slot_start: undefined,
          requested_date: inDays(30),
        })
      ).statusCode,
    ).toBe(201);
    const refused = await call(
      'POST',
      '/api/site-visits',
      undefined,
      guestVisit(slots[7]!.start, guest.toUpperCase()),
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await db().$count(bookings)).toBe(6);

    // The shop cancels one of the customer's: the place is free again.
    expect((await call('POST', `/api/admin/bookings/${mine[0]}/cancel`, admin.token)).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/site-visits', a.token, { slot_start: slots[8]!.start })).statusCode,
    ).toBe(201);
  });

  it('the acknowledgement carries nothing the sender typed, and one address gets at most three a day', async () => {
    const { admin, call, slots } = await withWindows();
    await db().delete(mailQueue);
    const victim = 'victim@example.com';
    const phishing = 'Your account is suspended - verify at evil.example';
    const ids: number[] = [];
    for (const slot of slots.slice(0, 3)) {
      const res = await call('POST', '/api/site-visits', undefined, guestVisit(slot.start, victim, phishing));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().booking.id);
    }
    const mails = await receiptsTo(victim);
    expect(mails).toHaveLength(3);
    for (const mail of mails) {
      expect(`${mail.subject} ${mail.textBody} ${mail.htmlBody}`).not.toContain('evil.example');
    }
    // Cancelled visits free their places, not the day's mails.
    for (const id of ids) await call('POST', `/api/admin/bookings/${id}/cancel`, admin.token);
    const more = await call(
      'POST',
      '/api/site-visits',
      undefined,
      guestVisit(slots[3]!.start, victim, phishing),
    );
    expect(more.statusCode, more.body).toBe(201);
    expect(await receiptsTo(victim)).toHaveLength(3);
  });

  it('the guests of one network have at most six visits ahead, whatever addresses they type', async () => {
    const { admin, call, slots } = await withWindows();
    expect(SITE_VISITS_OPEN_PER_GUEST_NETWORK).toBe(6);
    const book = (slot: string, email: string, from: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/site-visits',
        payload: guestVisit(slot, email),
        remoteAddress: from,
      });
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await book(slots[i]!.start, `flood${i}@example.com`, `2001:db8:5:1::${i + 1}`);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().booking.id);
    }
    // A seventh from another address of the same /64, with a fresh e-mail: 409, and nothing written.
    const before = await db().select().from(bookings);
    const seventh = await book(slots[6]!.start, 'flood6@example.com', '2001:db8:5:1:ffff::7');
    expect(seventh.statusCode, seventh.body).toBe(409);
    expect(seventh.json().message).toBe(SCHEDULING_MESSAGES.tooManyGuestVisits);
    expect(await db().select().from(bookings)).toEqual(before);
    // The network is kept with the booking, never shown in it.
    expect(before.every((b) => b.requesterNetwork === '2001:db8:5:1::/64')).toBe(true);
    expect(JSON.stringify((await call('GET', '/api/admin/bookings', admin.token)).json())).not.toContain(
      '2001:db8',
    );
    // Another network books; a visit the shop declines frees the network's place.
    expect((await book(slots[6]!.start, 'other@example.com', '2001:db8:5:2::1')).statusCode).toBe(201);
    expect((await call('POST', `/api/admin/bookings/${ids[0]}/cancel`, admin.token)).statusCode).toBe(200);
    expect((await book(slots[7]!.start, 'flood7@example.com', '2001:db8:5:1::8')).statusCode).toBe(201);
  });

  it('a guest typing a customer’s e-mail spends none of the customer’s visits ahead', async () => {
    const { a, admin } = await dealSetup(t);
    const call = caller(t);
    await call('PUT', '/api/admin/schedule', admin.token, everyDay(2));
    for (let i = 0; i < 3; i++)
      expect(
        (
          await call('POST', '/api/site-visits', undefined, {
            ...guestVisit('', a.email.toUpperCase()),
            slot_start: undefined,
            requested_date: inDays(20 + i),
          })
        ).statusCode,
      ).toBe(201);
    const own = await call('POST', '/api/site-visits', a.token, { requested_date: inDays(30) });
    expect(own.statusCode, own.body).toBe(201);
    expect((await call('GET', '/api/user/bookings', a.token)).json().bookings).toHaveLength(1);
  });

  it('the mails about a guest’s visit greet nobody by the name typed; a customer’s own address, by the account’s', async () => {
    const { a, admin, call, slots } = await withWindows();
    await db().update(users).set({ name: 'Robin Account' }).where(eq(users.id, a.user.id));
    const phishing = 'Your account is suspended - verify at evil.example';
    const guest = await call(
      'POST',
      '/api/site-visits',
      undefined,
      guestVisit(slots[0]!.start, 'v@example.com', phishing),
    );
    const mine = await call('POST', '/api/site-visits', a.token, {
      slot_start: slots[1]!.start,
      name: 'Typed Name',
    });
    const elsewhere = await call('POST', '/api/site-visits', a.token, {
      slot_start: slots[2]!.start,
      email: 'someone-else@example.com',
    });
    await db().delete(mailQueue);
    for (const res of [guest, mine, elsewhere]) {
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().booking.id as number;
      expect((await call('POST', `/api/admin/bookings/${id}/confirm`, admin.token)).statusCode).toBe(200);
    }
    const mails = await db().select().from(mailQueue).orderBy(mailQueue.id);
    expect(mails.map((m) => m.kind)).toEqual(['booking_confirmed', 'booking_confirmed', 'booking_confirmed']);
    const [toGuest, toCustomer, toOther] = mails;
    expect(`${toGuest!.textBody} ${toGuest!.htmlBody}`).not.toContain('evil.example');
    expect(toGuest!.textBody).toMatch(/^Hello,\n/);
    expect(toCustomer!.toAddress).toBe(a.email);
    expect(toCustomer!.textBody).toMatch(/^Hello Robin Account,\n/);
    expect(toOther!.textBody).toMatch(/^Hello,\n/);
  });

  it('a customer’s changes of a booking are limited per account (429), as each one tells the shop; refused ones spend nothing', async () => {
    const { a, call, slots } = await withWindows();
    const visit = await call('POST', '/api/site-visits', a.token, { slot_start: slots[0]!.start });
    const id = visit.json().booking.id as number;
    const points = DEFAULT_LIMITS.bookingChange!.points;
    // Refused changes first, more of them than the allowance: a confirmation of a time nobody proposed (409).
    for (let i = 0; i <= points; i++)
      expect((await call('POST', `/api/user/bookings/${id}/confirm`, a.token)).statusCode).toBe(409);
    await db().delete(mailQueue);
    await db().delete(notifications);
    // Each move tells the shop; past the allowance, 429 and nothing written.
    for (let i = 0; i < points; i++) {
      const moved = await call('POST', `/api/user/bookings/${id}/reschedule`, a.token, {
        slot_start: slots[1 + (i % 2)]!.start,
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const mails = await db().$count(mailQueue);
    expect(mails).toBeGreaterThanOrEqual(points);
    const [before] = await db().select().from(bookings);
    expect(
      (await call('POST', `/api/user/bookings/${id}/reschedule`, a.token, { slot_start: slots[3]!.start }))
        .statusCode,
    ).toBe(429);
    expect((await call('POST', `/api/user/bookings/${id}/cancel`, a.token)).statusCode).toBe(429);
    expect(await db().$count(mailQueue)).toBe(mails);
    expect((await db().select().from(bookings))[0]).toEqual(before);
  });

  it('a customer who keeps asking is limited per account (429), and writes nothing then', async () => {
    const { a, admin } = await dealSetup(t);
    const call = caller(t);
    await call('PUT', '/api/admin/schedule', admin.token, everyDay(2));
    const codes: number[] = [];
    for (let i = 0; i < 21; i++)
      codes.push(
        (await call('POST', '/api/site-visits', a.token, { requested_date: inDays(20 + (i % 30)) }))
          .statusCode,
      );
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.slice(3, 20).every((c) => c === 409)).toBe(true);
    expect(codes[20]).toBe(429);
    expect(await db().$count(bookings)).toBe(3);
  });

  it('refused bad input spends none of the hourly allowance, for guests and customers', async () => {
    const { a, admin } = await dealSetup(t);
    const call = caller(t);
    await call('PUT', '/api/admin/schedule', admin.token, everyDay(2));
    const slots = (await call('GET', '/api/site-visits/slots')).json().slots as { start: string }[];
    const bad = [
      {},
      { slot_start: `${inDays(6)}T10:30:00.000Z` },
      { requested_date: inDays(400) },
      { requested_date: inDays(-1) },
    ];
    for (let i = 0; i < 6; i++)
      for (const body of bad) {
        const guest = await call('POST', '/api/site-visits', undefined, {
          ...guestVisit('', 'g@example.com'),
          slot_start: undefined,
          ...body,
        });
        expect(guest.statusCode, guest.body).toBe(422);
        const customer = await call('POST', '/api/site-visits', a.token, body);
        expect(customer.statusCode, customer.body).toBe(422);
      }
    expect(await db().$count(bookings)).toBe(0);
    expect(
      (await call('POST', '/api/site-visits', undefined, guestVisit(slots[0]!.start, 'g@example.com')))
        .statusCode,
    ).toBe(201);
    expect(
      (await call('POST', '/api/site-visits', a.token, { slot_start: slots[1]!.start })).statusCode,
    ).toBe(201);
  });

  it('an admin session books nothing (403), as with design submissions', async () => {
    const { admin } = await dealSetup(t);
    const call = caller(t);
    await call('PUT', '/api/admin/schedule', admin.token, everyDay(2));
    const slot = (await call('GET', '/api/site-visits/slots')).json().slots[0].start as string;
    const res = await call('POST', '/api/site-visits', admin.token, guestVisit(slot, 'someone@example.com'));
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(SCHEDULING_MESSAGES.adminCannotBook);
    expect(await db().$count(bookings)).toBe(0);
    expect(await db().$count(mailQueue)).toBe(0);
  });
});

describe('installation bookings', () => {
  it('books a window of an accepted proposal; the admin confirms; the mail carries an .ics', async () => {
    const { a, b, admin, proposal } = await accepted();
    const call = caller(t);
    const slots = (await call('GET', `/api/user/proposals/${proposal.id}/slots`, a.token)).json().slots;
    expect((await call('GET', `/api/user/proposals/${proposal.id}/slots`, b.token)).statusCode).toBe(404);
    expect(
      (
        await call('POST', `/api/user/proposals/${proposal.id}/booking`, b.token, {
          slot_start: slots[0].start,
        })
      ).statusCode,
    ).toBe(404);
    const res = await call('POST', `/api/user/proposals/${proposal.id}/booking`, a.token, {
      slot_start: slots[0].start,
    });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json().booking;
    expect(booking).toMatchObject({
      kind: 'installation',
      status: 'requested',
      proposal_id: proposal.id,
      slot_start: slots[0].start,
    });
    const twice = await call('POST', `/api/user/proposals/${proposal.id}/booking`, a.token, {
      slot_start: slots[1].start,
    });
    expect(twice.statusCode).toBe(409);
    const [adminNote] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, admin.user.id));
    expect(adminNote!.data).toMatchObject({
      type: 'booking_requested',
      proposal_id: proposal.id,
      booking_id: booking.id,
    });

    expect((await call('POST', `/api/admin/bookings/999999/confirm`, admin.token)).statusCode).toBe(404);
    const confirmed = await call('POST', `/api/admin/bookings/${booking.id}/confirm`, admin.token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().booking.status).toBe('confirmed');
    expect((await call('POST', `/api/admin/bookings/${booking.id}/confirm`, admin.token)).statusCode).toBe(
      409,
    );

    const [note] = await db().select().from(notifications).where(eq(notifications.userId, a.user.id));
    expect(note!.data).toMatchObject({ type: 'booking_confirmed', proposal_id: proposal.id });
    const mails = await t.deliverMail();
    const mail = mails.find((m) => m.includes('Content-Type: text/calendar'));
    expect(mail, 'a mail with the calendar entry').toBeDefined();
    const ics = Buffer.from(
      /filename=booking\.ics[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail!)![1]!.replace(/\s/g, ''),
      'base64',
    ).toString();
    const stamp = slots[0].start.replace(/[-:]/g, '').replace('.000', '');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`DTSTART:${stamp}`);
    expect(ics).toContain('STATUS:CONFIRMED');
    expect(ics, 'no address, no place').not.toContain('LOCATION');

    // The customer's bookings and the proposal show it.
    const mine = (await call('GET', '/api/user/bookings', a.token)).json().bookings;
    expect(mine).toHaveLength(1);
    expect((await call('GET', '/api/user/bookings', b.token)).json().bookings).toHaveLength(0);
    expect(
      (await call('GET', `/api/user/proposals/${proposal.id}`, a.token)).json().proposal.booking_id,
    ).toBe(booking.id);
    expect((await call('GET', '/api/admin/bookings?status=confirmed', admin.token)).json().total).toBe(1);
  });

  it('an installation keeps the address the customer gave, and its calendar entry names it; a refused one writes nothing', async () => {
    const { a, admin, proposal } = await accepted();
    const call = caller(t);
    const slots = (await call('GET', `/api/user/proposals/${proposal.id}/slots`, a.token)).json().slots;
    const url = `/api/user/proposals/${proposal.id}/booking`;
    for (const [address, error] of [
      ['x'.repeat(301), 'The address may not be greater than 300 characters.'],
      [42, 'The address must be a string.'],
    ] as const) {
      const res = await call('POST', url, a.token, { slot_start: slots[0].start, address });
      expect(res.statusCode, String(address)).toBe(422);
      expect(res.json().errors).toEqual({ address: [error] });
    }
    expect(await db().$count(bookings)).toBe(0);

    const where = '  Suite 400, 12 Harbor Road; Springfield, IL 62701\n3rd floor  ';
    const res = await call('POST', url, a.token, { slot_start: slots[0].start, address: where });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json().booking;
    expect(booking.address).toBe(where.trim());
    expect((await call('GET', '/api/user/bookings', a.token)).json().bookings).toEqual([
      expect.objectContaining({ id: booking.id, address: where.trim() }),
    ]);
    expect(
      (await call('GET', `/api/admin/bookings?proposal_id=${proposal.id}`, admin.token)).json().bookings,
    ).toEqual([expect.objectContaining({ id: booking.id, address: where.trim() })]);

    // The shop's counter-proposal is a date or a window, not an address: an address in it is refused.
    const propose = await call('POST', `/api/admin/bookings/${booking.id}/propose`, admin.token, {
      slot_start: slots[1].start,
      address: 'Elsewhere',
    });
    expect(propose.statusCode).toBe(422);

    // The calendar entry of the confirmation names the place, escaped as RFC 5545 wants.
    await db().delete(mailQueue);
    expect((await call('POST', `/api/admin/bookings/${booking.id}/confirm`, admin.token)).statusCode).toBe(
      200,
    );
    const mail = (await t.deliverMail()).find((m) => m.includes('Content-Type: text/calendar'));
    const ics = Buffer.from(
      /filename=booking\.ics[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail!)![1]!.replace(/\s/g, ''),
      'base64',
    )
      .toString()
      .replace(/\r\n /g, '');
    expect(ics).toContain('LOCATION:Suite 400\\, 12 Harbor Road\\; Springfield\\, IL 62701\\n3rd floor\r\n');
  });

  it('a date asked for takes an address too; an empty one is none', async () => {
    const { a, proposal } = await accepted();
    const call = caller(t);
    const asked = await call('POST', `/api/user/proposals/${proposal.id}/booking`, a.token, {
      requested_date: inDays(9),
      note: 'Mornings only.',
      address: '   ',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().booking).toMatchObject({ requested_date: inDays(9), address: null });
    expect((await db().select({ address: bookings.address }).from(bookings)).map((r) => r.address)).toEqual([
      null,
    ]);
  });

  it('a confirmed installation the shop cancels leaves the calendar: the same entry, a later SEQUENCE, METHOD:CANCEL', async () => {
    const { a, admin, proposal } = await accepted();
    const call = caller(t);
    const slots = (await call('GET', `/api/user/proposals/${proposal.id}/slots`, a.token)).json().slots;
    const booked = await call('POST', `/api/user/proposals/${proposal.id}/booking`, a.token, {
      slot_start: slots[slots.length - 1].start,
    });
    const id = booked.json().booking.id as number;
    expect((await call('POST', `/api/admin/bookings/${id}/confirm`, admin.token)).statusCode).toBe(200);
    await db().delete(mailQueue);
    await t.deliverMail();
    expect((await call('POST', `/api/admin/bookings/${id}/cancel`, admin.token)).statusCode).toBe(200);
    const entries = (await db().select().from(mailQueue)).flatMap((m) =>
      (m.attachments ?? []).map((att) => Buffer.from(att.contentBase64, 'base64').toString()),
    );
    expect(entries).toHaveLength(1);
    const cancel = entries[0]!;
    expect(cancel).toContain('METHOD:CANCEL');
    expect(cancel).toContain('STATUS:CANCELLED');
    expect(cancel).toMatch(new RegExp(`UID:booking-${id}-\\d+@`));
    const sequence = Number(/SEQUENCE:(\d+)/.exec(cancel)![1]);
    // Seconds since 2024: grows with every change and fits RFC 5545's 32-bit integer.
    expect(sequence).toBeGreaterThan((Date.now() - Date.UTC(2024, 0, 1)) / 1000 - 60);
    expect(sequence).toBeLessThan(2 ** 31);
  });

  it('a confirmed date leaves the calendar whenever it stops being confirmed, whoever moves, answers or cancels it', async () => {
    const { a, admin, proposal } = await accepted();
    const call = caller(t);
    const { slots, id } = await bookedWindow({ a, proposal }, 20);
    /** The calendar files mailed to the customer since the last look, each with its method, entry and start. */
    const entries = async () => {
      const mails = await db()
        .select()
        .from(mailQueue)
        .where(eq(mailQueue.toAddress, a.email))
        .orderBy(mailQueue.id);
      await db().delete(mailQueue);
      return mails.flatMap((m) =>
        (m.attachments ?? []).map((att) => {
          const ics = Buffer.from(att.contentBase64, 'base64').toString();
          return {
            method: /METHOD:(\w+)/.exec(ics)![1],
            uid: /UID:(\S+)/.exec(ics)![1],
            start: /DTSTART:(\S+)/.exec(ics)![1],
            text: m.textBody,
          };
        }),
      );
    };
    const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace('.000', '');
    const confirmed = async (path: string, token: string) => {
      const res = await call('POST', path, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().booking.status).toBe('confirmed');
    };
    await entries();

    await confirmed(`/api/admin/bookings/${id}/confirm`, admin.token);
    const [first] = await entries();
    expect(first).toMatchObject({ method: 'PUBLISH', start: stamp(slots[20].start) });
    // Written in the shop's zone, with its name.
    expect(first!.text).toMatch(/confirmed on \w+day, \w+ \d+, \d{4} at \d+:00 [AP]M UTC\./);

    // The customer moves it: the confirmed entry leaves until the shop confirms the new time.
    const moved = await call('POST', `/api/user/bookings/${id}/reschedule`, a.token, {
      slot_start: slots[22].start,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [withdrawn] = await entries();
    expect(withdrawn).toMatchObject({ method: 'CANCEL', uid: first!.uid, start: stamp(slots[20].start) });

    // Confirmed again: an entry of its own; the shop then proposes another window, which withdraws it.
    await confirmed(`/api/admin/bookings/${id}/confirm`, admin.token);
    const [second] = await entries();
    expect(second).toMatchObject({ method: 'PUBLISH', start: stamp(slots[22].start) });
    expect(second!.uid).not.toBe(first!.uid);
    const proposed = await call('POST', `/api/admin/bookings/${id}/propose`, admin.token, {
      slot_start: slots[24].start,
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(await entries()).toMatchObject([{ method: 'CANCEL', uid: second!.uid }]);

    // The customer takes the proposed time, then cancels it: the last entry leaves too.
    await confirmed(`/api/user/bookings/${id}/confirm`, a.token);
    const [third] = await entries();
    expect(third).toMatchObject({ method: 'PUBLISH', start: stamp(slots[24].start) });
    expect((await call('POST', `/api/user/bookings/${id}/cancel`, a.token)).statusCode).toBe(200);
    expect(await entries()).toMatchObject([{ method: 'CANCEL', uid: third!.uid }]);
  });

  it('a window that has started is neither confirmed nor declined; a date without a window waits for one', async () => {
    const { a, admin, proposal } = await accepted();
    const call = caller(t);
    const { slots, id } = await bookedWindow({ a, proposal }, 10);
    await startIn(id, -5);
    await db().delete(mailQueue);
    const before = await db().select().from(bookings);
    for (const [path, token] of [
      [`/api/admin/bookings/${id}/confirm`, admin.token],
      [`/api/admin/bookings/${id}/cancel`, admin.token],
    ] as const) {
      const res = await call('POST', path, token);
      expect(res.statusCode, path).toBe(409);
      expect(res.json().message).toBe(SCHEDULING_MESSAGES.started);
    }
    // A time the shop proposed, which started before the customer answered.
    await db().update(bookings).set({ status: 'proposed' }).where(eq(bookings.id, id));
    const late = await call('POST', `/api/user/bookings/${id}/confirm`, a.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(SCHEDULING_MESSAGES.started);
    expect((await db().select().from(bookings))[0]).toMatchObject({ ...before[0], status: 'proposed' });
    expect(await db().$count(mailQueue)).toBe(0);

    // A date the shop proposes without a window: neither side confirms it until a window is proposed.
    await startIn(id, 24 * 9);
    const dated = await call('POST', `/api/admin/bookings/${id}/propose`, admin.token, {
      requested_date: inDays(12),
      note: 'The team is free that day; a window follows.',
    });
    expect(dated.statusCode, dated.body).toBe(200);
    // Its notice names the day as a reader writes it, not as the API stores it.
    const day = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }).format(new Date(`${inDays(12)}T00:00:00Z`));
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, a.user.id))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(notice!.data.message).toContain(
      `We propose another time for your installation: ${day}, at a time to be agreed.`,
    );
    expect(notice!.data.message).not.toContain(inDays(12));
    for (const [path, token] of [
      [`/api/user/bookings/${id}/confirm`, a.token],
      [`/api/admin/bookings/${id}/confirm`, admin.token],
    ] as const) {
      const res = await call('POST', path, token);
      expect(res.statusCode, path).toBe(409);
      expect(res.json().message).toBe(SCHEDULING_MESSAGES.noWindowYet);
    }
    // The customer may answer it with a window of their own.
    const picked = await call('POST', `/api/user/bookings/${id}/reschedule`, a.token, {
      slot_start: slots[30].start,
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().booking).toMatchObject({ status: 'requested', slot_start: slots[30].start });
  });

  it('the admin list finds the booking of a proposal wherever it falls in the list; bad filters 422', async () => {
    const { a, admin, proposal } = await accepted();
    const call = caller(t);
    const slots = (await call('GET', `/api/user/proposals/${proposal.id}/slots`, a.token)).json().slots;
    const own = await call('POST', `/api/user/proposals/${proposal.id}/booking`, a.token, {
      slot_start: slots[slots.length - 1].start,
    });
    expect(own.statusCode, own.body).toBe(201);
    // Twelve earlier site visits, of twelve guests, push the installation off the first page (upcoming first).
    const visits = (await call('GET', '/api/site-visits/slots')).json().slots as { start: string }[];
    for (const [i, v] of visits.slice(0, 12).entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/site-visits',
        remoteAddress: `192.0.2.${i + 1}`,
        payload: {
          slot_start: v.start,
          name: `Guest ${i}`,
          email: `early${i}@example.com`,
          phone: '555 0100',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const firstPage = (await call('GET', '/api/admin/bookings', admin.token)).json();
    expect(firstPage.total).toBe(13);
    expect(firstPage.bookings.map((b: { id: number }) => b.id)).not.toContain(own.json().booking.id);
    const mine = await call('GET', `/api/admin/bookings?proposal_id=${proposal.id}`, admin.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({
      total: 1,
      bookings: [{ id: own.json().booking.id, proposal_id: proposal.id, kind: 'installation' }],
    });
    expect((await call('GET', '/api/admin/bookings?proposal_id=2147483647', admin.token)).json().total).toBe(
      0,
    );
    expect((await call('GET', `/api/admin/bookings?proposal_id=${proposal.id}`, a.token)).statusCode).toBe(
      403,
    );
    const before = await db().select().from(bookings);
    for (const value of ['abc', '0', '-1', '2.5', '2147483648']) {
      const res = await call('GET', `/api/admin/bookings?proposal_id=${value}`, admin.token);
      expect(res.statusCode, value).toBe(422);
      expect(Object.keys(res.json().errors ?? {}), value).toContain('proposal_id');
    }
    expect(await db().select().from(bookings)).toEqual(before);
  });

  it("the admin list finds the bookings of one day of the shop's timezone: windows starting on it, dates asked for it; a bad date 422", async () => {
    // Auckland is 12 or 13 hours ahead of UTC: its morning windows start on the day before in UTC.
    const zone = 'Pacific/Auckland';
    await t.close();
    t = await createTestApp({ env: { SHOP_TIMEZONE: zone } });
    const deal = await accepted();
    const call = caller(t);
    const open = (await call('GET', `/api/user/proposals/${deal.proposal.id}/slots`, deal.a.token)).json()
      .slots as { start: string }[];
    const hour = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' });
    const morning = open.findIndex((w) => hour.format(new Date(w.start)) === '09');
    const { slots, id } = await bookedWindow(deal, morning);
    const day = new Date(slots[morning].start).toLocaleDateString('en-CA', { timeZone: zone });
    expect(day).not.toBe(slots[morning].start.slice(0, 10));
    const asked = await call('POST', '/api/site-visits', deal.b.token, { requested_date: inDays(9) });
    expect(asked.statusCode, asked.body).toBe(201);
    const idsOn = async (date: string) => {
      const res = await call('GET', `/api/admin/bookings?date=${date}`, deal.admin.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().bookings.map((b: { id: number }) => b.id);
    };
    expect(await idsOn(day)).toEqual([id]);
    expect(await idsOn(slots[morning].start.slice(0, 10))).not.toContain(id);
    expect(await idsOn(inDays(9))).toEqual([asked.json().booking.id]);
    expect(await idsOn('2031-01-01')).toEqual([]);
    expect(
      (await call('GET', `/api/admin/bookings?date=${day}&kind=site_visit`, deal.admin.token)).json().total,
    ).toBe(0);
    for (const [value, error] of [
      ['tomorrow', 'The date must be a date (YYYY-MM-DD).'],
      ['2026-02-30', 'The date must be a valid date.'],
    ]) {
      const res = await call('GET', `/api/admin/bookings?date=${value}`, deal.admin.token);
      expect(res.statusCode, value).toBe(422);
      expect(Object.keys(res.json().errors), value).toEqual(['date']);
      expect(res.json().errors.date[0], value).toBe(error);
    }
  });

  it('only an accepted proposal can be booked', async () => {
    const setup = await dealSetup(t);
    const call = caller(t);
    await call('PUT', '/api/admin/schedule', setup.admin.token, everyDay(2));
    const p = (
      await call('POST', `/api/admin/designs/${setup.design.id}/proposals`, setup.admin.token, {
        valid_until: inDays(10),
        lines: [{ name: 'Fee', quantity: 1, unit_price: '10' }],
      })
    ).json().proposal;
    await call('POST', `/api/admin/proposals/${p.id}/send`, setup.admin.token);
    const res = await call('POST', `/api/user/proposals/${p.id}/booking`, setup.a.token, {
      requested_date: inDays(7),
      note: 'Mornings',
    });
    expect(res.statusCode).toBe(409);
    expect(await db().$count(bookings)).toBe(0);
  });

  it('blacks out no day with a booking still open on it (422 under that date, nothing saved); a day whose bookings are cancelled, or one blacked out before, saves', async () => {
    const deal = await accepted();
    const { a, admin, proposal } = deal;
    const call = caller(t);
    const { slots, id } = await bookedWindow(deal, 0);
    const bookedDay = (slots[0].start as string).slice(0, 10);
    const asked = (await call('POST', '/api/site-visits', a.token, { requested_date: inDays(12) })).json();
    const schedule = (blackout: string[]) => ({ ...everyDay(2), blackout_dates: blackout });
    const saved = () => call('GET', '/api/admin/schedule', admin.token).then((r) => r.json().blackout_dates);
    const before = await saved();
    // Requested (a window, or a day asked for), then confirmed by the shop: each keeps its day open.
    for (const step of ['requested', 'confirmed']) {
      if (step === 'confirmed')
        expect((await call('POST', `/api/admin/bookings/${id}/confirm`, admin.token)).statusCode).toBe(200);
      const refused = await call(
        'PUT',
        '/api/admin/schedule',
        admin.token,
        schedule([inDays(5), inDays(20), bookedDay, inDays(12)]),
      );
      expect(refused.statusCode, step).toBe(422);
      expect(refused.json().errors, step).toEqual({
        'blackout_dates.2': [SCHEDULING_MESSAGES.blackoutBooked],
        'blackout_dates.3': [SCHEDULING_MESSAGES.blackoutBooked],
      });
      expect(await saved()).toEqual(before);
    }
    // Cancelled, with the customers told, both days may close.
    expect(
      (await call('POST', `/api/admin/bookings/${id}/cancel`, admin.token, { reason: 'We are closed.' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/admin/bookings/${asked.booking.id}/cancel`, admin.token)).statusCode,
    ).toBe(200);
    const closed = await call('PUT', '/api/admin/schedule', admin.token, schedule([bookedDay, inDays(12)]));
    expect(closed.statusCode, closed.body).toBe(200);
    // A day blacked out before keeps saving with the others, whatever was booked on it before the blackout.
    await db()
      .insert(bookings)
      .values({
        kind: 'installation',
        proposalId: proposal.id,
        userId: a.user.id,
        name: 'A',
        email: 'a@example.com',
        requestedDate: inDays(12),
        note: 'Kept from before',
      });
    const again = await call('PUT', '/api/admin/schedule', admin.token, schedule([inDays(12), inDays(30)]));
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a booking and a blackout of its day never cross: each waits for the other one under way', async () => {
    const { a, admin, proposal } = await accepted();
    const call = caller(t);
    const pool = t.ctx.database.pool;
    /**
     * Resolves once `request` waits for a lock of this database (a barrier, not a sleep); fails if the request ends
     * without having waited.
     */
    const waitsForLock = async (request: Promise<unknown>) => {
      let ended = false;
      void request.then(
        () => (ended = true),
        () => (ended = true),
      );
      while (!ended) {
        const { rows } = await pool.query(
          `select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
           where l.locktype = 'advisory' and not l.granted and d.datname = current_database()`,
        );
        if (rows[0].n > 0) return;
        await new Promise((r) => setImmediate(r));
      }
      throw new Error('the request ended without waiting for the transaction under way');
    };
    // A save under way blacks out day 11: a customer asking for it meanwhile waits, then is told it is closed.
    const saving = await pool.connect();
    try {
      await saving.query('begin');
      await saving.query('select pg_advisory_xact_lock(14016, 0)');
      await saving.query(`insert into schedule_blackouts (day) values ($1)`, [inDays(11)]);
      const asking = call('POST', `/api/user/proposals/${proposal.id}/booking`, a.token, {
        requested_date: inDays(11),
        note: 'Any time',
      });
      await waitsForLock(asking);
      await saving.query('commit');
      const asked = await asking;
      expect(asked.statusCode, asked.body).toBe(422);
      expect(asked.json().errors).toEqual({ requested_date: [SCHEDULING_MESSAGES.closedDay] });
    } finally {
      saving.release();
    }
    // A booking under way on day 12: a save blacking it out meanwhile waits, then is refused.
    const booking = await pool.connect();
    try {
      await booking.query('begin');
      await booking.query('select pg_advisory_xact_lock_shared(14016, 0)');
      await booking.query(
        `insert into bookings (kind, proposal_id, user_id, name, email, requested_date, note)
         values ('installation', $1, $2, 'A', 'a@example.com', $3, 'x')`,
        [proposal.id, a.user.id, inDays(12)],
      );
      const saved = call('PUT', '/api/admin/schedule', admin.token, {
        ...everyDay(2),
        blackout_dates: [inDays(12)],
      });
      await waitsForLock(saved);
      await booking.query('commit');
      const refused = await saved;
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors).toEqual({ 'blackout_dates.0': [SCHEDULING_MESSAGES.blackoutBooked] });
    } finally {
      booking.release();
    }
  });

  it('asks for or proposes no blacked-out day (422 under the date, nothing written)', async () => {
    const { a, admin, proposal } = await accepted();
    const call = caller(t);
    const closed = inDays(5); // everyDay's blackout date
    const refusals = [
      await call('POST', `/api/user/proposals/${proposal.id}/booking`, a.token, {
        requested_date: closed,
        note: 'Any time',
      }),
      await call('POST', '/api/site-visits', a.token, { requested_date: closed }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ requested_date: [SCHEDULING_MESSAGES.closedDay] });
    }
    expect(await db().$count(bookings)).toBe(0);
    const res = await call('POST', `/api/user/proposals/${proposal.id}/booking`, a.token, {
      requested_date: inDays(9),
      note: 'Saturday please',
    });
    const id = res.json().booking.id;
    const proposed = await call('POST', `/api/admin/bookings/${id}/propose`, admin.token, {
      requested_date: closed,
      note: 'How about this day?',
    });
    expect(proposed.statusCode).toBe(422);
    expect(proposed.json().errors).toEqual({ requested_date: [SCHEDULING_MESSAGES.closedDay] });
    expect((await call('GET', '/api/user/bookings', a.token)).json().bookings).toEqual([
      expect.objectContaining({ id, status: 'requested', requested_date: inDays(9) }),
    ]);
  });

  it('a date asked for; the admin proposes a window; the customer confirms it', async () => {
    const { a, admin, proposal } = await accepted();
    const call = caller(t);
    const bad = await call('POST', `/api/user/proposals/${proposal.id}/booking`, a.token, {
      requested_date: inDays(90),
      note: 'x',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('requested_date');
    // A window or a date with a note: a body that is neither names the field that is wrong.
    for (const [body, errors] of [
      [{ requested_date: inDays(9) }, { note: ['The note field is required.'] }],
      [{}, { slot_start: [SCHEDULING_MESSAGES.slotOrDate] }],
      [{ note: 'Saturday please' }, { slot_start: [SCHEDULING_MESSAGES.slotOrDate] }],
      [
        { slot_start: `${inDays(8)}T13:00:00.000Z`, requested_date: inDays(9), note: 'x' },
        { requested_date: [SCHEDULING_MESSAGES.slotAndDate], note: [SCHEDULING_MESSAGES.slotAndDate] },
      ],
      [{ slot_start: 42 }, { slot_start: ['The slot start must be an ISO date and time.'] }],
      [
        { requested_date: inDays(9), note: 'x', when: 'soon' },
        { _: ['The field "when" is not accepted here.'] },
      ],
    ] as const) {
      const res = await call('POST', `/api/user/proposals/${proposal.id}/booking`, a.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await db().$count(bookings)).toBe(0);
    const res = await call('POST', `/api/user/proposals/${proposal.id}/booking`, a.token, {
      requested_date: inDays(9),
      note: 'Saturday please',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().booking.id;
    expect((await call('POST', `/api/admin/bookings/${id}/confirm`, admin.token)).statusCode).toBe(409); // no window yet
    const slot = `${inDays(8)}T13:00:00.000Z`;
    const proposed = await call('POST', `/api/admin/bookings/${id}/propose`, admin.token, {
      slot_start: slot,
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json().booking).toMatchObject({ status: 'proposed', slot_start: slot });
    const [note] = await db().select().from(notifications).where(eq(notifications.userId, a.user.id));
    expect(note!.data.type).toBe('booking_proposed');
    const confirmed = await call('POST', `/api/user/bookings/${id}/confirm`, a.token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().booking.status).toBe('confirmed');
  });

  it('reschedules and cancels up to 48 hours before, not later', async () => {
    const { a, b, admin, proposal } = await accepted(1);
    const call = caller(t);
    const { slots, id } = await bookedWindow({ a, proposal }, 10);
    expect(
      (await call('POST', `/api/user/bookings/${id}/reschedule`, b.token, { slot_start: slots[11].start }))
        .statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/user/bookings/${id}/cancel`, b.token)).statusCode).toBe(404);
    const moved = await call('POST', `/api/user/bookings/${id}/reschedule`, a.token, {
      slot_start: slots[11].start,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().booking.slot_start).toBe(slots[11].start);
    // The place left behind is free again.
    const now = (await call('GET', `/api/user/proposals/${proposal.id}/slots`, a.token)).json().slots;
    expect(now.find((s: { start: string }) => s.start === slots[10].start).available).toBe(true);
    expect(now.find((s: { start: string }) => s.start === slots[11].start).available).toBe(false);

    // Within 48 hours: neither side may change a confirmed booking.
    expect((await call('POST', `/api/admin/bookings/${id}/confirm`, admin.token)).statusCode).toBe(200);
    await startIn(id, 47);
    const late = await call('POST', `/api/user/bookings/${id}/cancel`, a.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(SCHEDULING_MESSAGES.tooLate);
    expect(
      (await call('POST', `/api/user/bookings/${id}/reschedule`, a.token, { slot_start: slots[12].start }))
        .statusCode,
    ).toBe(409);
    expect((await call('POST', `/api/admin/bookings/${id}/cancel`, admin.token)).statusCode).toBe(409);
    expect((await call('GET', '/api/user/bookings', a.token)).json().bookings[0].changeable).toBe(false);

    const later = new Date(Date.now() + 49 * 3_600_000);
    await db().update(bookings).set({ slotStart: later }).where(eq(bookings.id, id));
    const cancelled = await call('POST', `/api/user/bookings/${id}/cancel`, a.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().booking.status).toBe('cancelled');
    expect((await call('POST', `/api/user/bookings/${id}/cancel`, a.token)).statusCode).toBe(409);
    const [note] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, admin.user.id))
      .orderBy(notifications.id);
    expect(note).toBeDefined();
  });

  it('the customer changes the address of a booking: the shop is told it, a bad or unchanged one writes nothing, another customer gets 404', async () => {
    const { a, b, admin, proposal } = await accepted();
    const call = caller(t);
    const { id } = await bookedWindow({ a, proposal }, 10);
    await db().delete(mailQueue);
    await db().delete(notifications);
    const url = `/api/user/bookings/${id}/address`;
    const [before] = await db().select().from(bookings).where(eq(bookings.id, id));

    for (const [body, error] of [
      [{ address: 'x'.repeat(301) }, 'The address may not be greater than 300 characters.'],
      [{ address: 42 }, 'The address must be a string.'],
      [{}, 'The address field is required.'],
    ] as const) {
      const res = await call('POST', url, a.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors).toEqual({ address: [error] });
    }
    expect((await call('POST', url, a.token, { address: 'Pier 9', slot_start: 'x' })).statusCode).toBe(422);
    // The booking has none: taking it out changes nothing.
    const same = await call('POST', url, a.token, { address: '  ' });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual({ address: [SCHEDULING_MESSAGES.sameAddress] });
    expect((await call('POST', url, b.token, { address: 'Pier 9' })).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/user/bookings/999999/address', a.token, { address: 'Pier 9' })).statusCode,
    ).toBe(404);
    expect((await db().select().from(bookings).where(eq(bookings.id, id)))[0]).toEqual(before);
    expect(await db().$count(mailQueue)).toBe(0);
    expect(await db().$count(notifications)).toBe(0);

    const changed = await call('POST', url, a.token, { address: '  Pier 9, Dock Street  ' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().booking).toMatchObject({ id, address: 'Pier 9, Dock Street', status: 'requested' });
    expect((await call('GET', '/api/user/bookings', a.token)).json().bookings).toEqual([
      expect.objectContaining({ id, address: 'Pier 9, Dock Street' }),
    ]);
    expect(
      (await call('GET', `/api/admin/bookings?proposal_id=${proposal.id}`, admin.token)).json().bookings,
    ).toEqual([expect.objectContaining({ id, address: 'Pier 9, Dock Street' })]);
    // The shop is told the new address; the customer, whose request is not confirmed yet, has no calendar entry to
    // update and gets nothing.
    const told = await db().select().from(notifications);
    expect(told.map((n) => [n.userId, n.data.type])).toEqual([[admin.user.id, 'booking_updated']]);
    expect(told[0]!.data.message).toContain('to "Pier 9, Dock Street"');
    expect(told[0]!.data.booking_id).toBe(id);
    expect((await db().select().from(mailQueue)).map((m) => m.toAddress)).toEqual([t.ctx.config.shopInbox]);

    // An empty address takes it out.
    await db().delete(mailQueue);
    const out = await call('POST', url, a.token, { address: null });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().booking.address).toBeNull();
    const [last] = await db().select().from(notifications).orderBy(desc(notifications.id)).limit(1);
    expect(last!.data.message).toContain('took the address out');
  });

  it('a confirmed booking’s new address reaches the customer’s calendar: the same entry, its SEQUENCE the change’s, the new LOCATION', async () => {
    const { a, admin, proposal } = await accepted();
    const call = caller(t);
    const { id } = await bookedWindow({ a, proposal }, 10);
    expect((await call('POST', `/api/admin/bookings/${id}/confirm`, admin.token)).statusCode).toBe(200);
    const entries = async () =>
      (await db().select().from(mailQueue).orderBy(mailQueue.id))
        .filter((m) => m.toAddress !== t.ctx.config.shopInbox)
        .flatMap((m) =>
          (m.attachments ?? []).map((att) => Buffer.from(att.contentBase64, 'base64').toString()),
        );
    const [confirmation] = await entries();
    await db().delete(mailQueue);
    await db().delete(notifications);

    const changed = await call('POST', `/api/user/bookings/${id}/address`, a.token, {
      address: 'Pier 9; Gate B',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Still confirmed: the shop need not confirm the window again.
    expect(changed.json().booking.status).toBe('confirmed');
    const [update] = await entries();
    expect(update).toBeDefined();
    expect(update).toContain('METHOD:PUBLISH');
    expect(update).toContain('LOCATION:Pier 9\\; Gate B\r\n');
    const uid = (ics: string) => /UID:(.+)\r\n/.exec(ics)![1];
    const sequence = (ics: string) => Number(/SEQUENCE:(\d+)/.exec(ics)![1]);
    expect(uid(update!)).toBe(uid(confirmation!));
    // The SEQUENCE is the change's second (since 2024): never below the confirmation's, above it once a second passed.
    const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
    expect(sequence(update!)).toBe(Math.floor((row!.updatedAt!.getTime() - Date.UTC(2024, 0, 1)) / 1000));
    expect(sequence(update!)).toBeGreaterThanOrEqual(sequence(confirmation!));
    expect(await db().$count(notifications, eq(notifications.userId, a.user.id))).toBe(0);

    // Within 48 hours of its start the address is no longer changed here, as the window is not.
    await startIn(id, 47);
    const late = await call('POST', `/api/user/bookings/${id}/address`, a.token, { address: 'Pier 10' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(SCHEDULING_MESSAGES.tooLate);
    await startIn(id, 72);
    expect((await call('POST', `/api/user/bookings/${id}/cancel`, a.token)).statusCode).toBe(200);
    const cancelled = await call('POST', `/api/user/bookings/${id}/address`, a.token, { address: 'Pier 10' });
    expect(cancelled.statusCode).toBe(409);
    expect((await db().select().from(bookings).where(eq(bookings.id, id)))[0]!.address).toBe(
      'Pier 9; Gate B',
    );
  });

  it('the shop changes the address until the window starts, inside the 48 hours too: the customer is told, and the calendar entry follows', async () => {
    const { a, admin, proposal } = await accepted();
    const call = caller(t);
    const { id } = await bookedWindow({ a, proposal }, 10);
    expect((await call('POST', `/api/admin/bookings/${id}/confirm`, admin.token)).statusCode).toBe(200);
    await startIn(id, 20);
    await db().delete(mailQueue);
    await db().delete(notifications);
    const url = `/api/admin/bookings/${id}/address`;
    // The customer's own route refuses inside the 48 hours; the shop's does not.
    expect(
      (await call('POST', `/api/user/bookings/${id}/address`, a.token, { address: 'Pier 9' })).statusCode,
    ).toBe(409);
    expect((await call('POST', url, a.token, { address: 'Pier 9' })).statusCode).toBe(403);
    const same = await call('POST', url, admin.token, { address: null });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual({ address: [SCHEDULING_MESSAGES.sameAddress] });
    expect(await db().$count(notifications)).toBe(0);
    expect(await db().$count(mailQueue)).toBe(0);

    const changed = await call('POST', url, admin.token, { address: 'Pier 9; Gate B' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().booking).toMatchObject({ address: 'Pier 9; Gate B', status: 'confirmed' });
    const told = await db().select().from(notifications);
    expect(told.map((n) => [n.userId, n.data.type, n.data.booking_id])).toEqual([
      [a.user.id, 'booking_updated', id],
    ]);
    const mails = await db().select().from(mailQueue);
    expect(mails.map((m) => m.toAddress)).toEqual([a.email]);
    // The mail says the address changed without quoting it; the calendar entry names it (the account's own booking).
    expect(mails[0]!.textBody).toContain('We changed the address of your installation');
    expect(mails[0]!.textBody).not.toContain('Pier 9');
    const ics = Buffer.from(mails[0]!.attachments![0]!.contentBase64, 'base64').toString();
    expect(ics).toContain('LOCATION:Pier 9\\; Gate B\r\n');
    expect(ics).toContain('METHOD:PUBLISH');

    // Once the window has started, or the booking is cancelled, there is nothing to change.
    await startIn(id, -1);
    const started = await call('POST', url, admin.token, { address: 'Pier 10' });
    expect(started.statusCode).toBe(409);
    expect(started.json().message).toBe(SCHEDULING_MESSAGES.started);
    await startIn(id, 72);
    expect((await call('POST', `/api/admin/bookings/${id}/cancel`, admin.token)).statusCode).toBe(200);
    expect((await call('POST', url, admin.token, { address: 'Pier 10' })).statusCode).toBe(409);
    expect((await db().select().from(bookings).where(eq(bookings.id, id)))[0]!.address).toBe(
      'Pier 9; Gate B',
    );
  });

  it('refuses a move or a proposal to the window the booking is already in (422), and the booking stays confirmed', async () => {
    const { a, admin, proposal } = await accepted();
    const call = caller(t);
    const { slots, id } = await bookedWindow({ a, proposal }, 10);
    expect((await call('POST', `/api/admin/bookings/${id}/confirm`, admin.token)).statusCode).toBe(200);
    await db().delete(mailQueue);
    await db().delete(notifications);
    const [before] = await db().select().from(bookings).where(eq(bookings.id, id));

    // The same instant written another way is the same window.
    const sameInstant = new Date(slots[10].start).toISOString().replace('.000Z', 'Z');
    for (const slot_start of [slots[10].start, sameInstant]) {
      const res = await call('POST', `/api/user/bookings/${id}/reschedule`, a.token, { slot_start });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ slot_start: [SCHEDULING_MESSAGES.sameWindow] });
    }
    // Nor does the shop propose it as "another time".
    const proposed = await call('POST', `/api/admin/bookings/${id}/propose`, admin.token, {
      slot_start: sameInstant,
    });
    expect(proposed.statusCode, proposed.body).toBe(422);
    expect(proposed.json().errors).toEqual({ slot_start: [SCHEDULING_MESSAGES.sameWindow] });
    const [after] = await db().select().from(bookings).where(eq(bookings.id, id));
    expect(after).toEqual(before);
    expect(after!.status).toBe('confirmed');
    expect(await db().$count(mailQueue)).toBe(0);
    expect(await db().$count(notifications)).toBe(0);
  });

  it('a cancelled installation stays readable on both sides, its window, when and by whom it was cancelled; the customer books again, the shop has nothing to answer on it', async () => {
    const { a, admin, proposal } = await accepted();
    const call = caller(t);
    const { slots, id } = await bookedWindow({ a, proposal }, 10);
    const asked = Date.now();
    const cancelled = await call('POST', `/api/admin/bookings/${id}/cancel`, admin.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const shopCancelled = cancelled.json().booking;
    expect(shopCancelled).toMatchObject({
      status: 'cancelled',
      slot_start: slots[10].start,
      changeable: false,
      cancelled_by: 'shop',
    });
    expect(Date.parse(shopCancelled.cancelled_at)).toBeGreaterThanOrEqual(asked - 1_000);
    expect(Date.parse(shopCancelled.cancelled_at)).toBeLessThanOrEqual(Date.now());

    // The proposal stays accepted with no booking, on either side; both sides' lists keep the cancelled one.
    for (const [url, token] of [
      [`/api/admin/proposals/${proposal.id}`, admin.token],
      [`/api/user/proposals/${proposal.id}`, a.token],
    ] as const)
      expect((await call('GET', url, token)).json().proposal, url).toMatchObject({
        status: 'accepted',
        booking_id: null,
      });
    const kept = {
      id,
      status: 'cancelled',
      slot_start: slots[10].start,
      cancelled_at: shopCancelled.cancelled_at,
      cancelled_by: 'shop',
    };
    expect(
      (await call('GET', `/api/admin/bookings?proposal_id=${proposal.id}`, admin.token)).json().bookings,
    ).toEqual([expect.objectContaining(kept)]);
    expect((await call('GET', '/api/user/bookings', a.token)).json().bookings).toEqual([
      expect.objectContaining(kept),
    ]);

    // The shop cannot answer a cancelled booking with another window; the customer books a new one.
    const proposed = await call('POST', `/api/admin/bookings/${id}/propose`, admin.token, {
      slot_start: slots[12].start,
    });
    expect(proposed.statusCode).toBe(409);
    expect(proposed.json().message).toBe(SCHEDULING_MESSAGES.notChangeable);
    expect((await call('POST', `/api/admin/bookings/${id}/confirm`, admin.token)).statusCode).toBe(409);
    const again = await call('POST', `/api/user/proposals/${proposal.id}/booking`, a.token, {
      slot_start: slots[12].start,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().booking).toMatchObject({
      status: 'requested',
      cancelled_at: null,
      cancelled_by: null,
    });
    expect(
      (await call('GET', `/api/admin/proposals/${proposal.id}`, admin.token)).json().proposal.booking_id,
    ).toBe(again.json().booking.id);

    // The customer's own cancellation is dated the same way, and says it was theirs on both sides.
    const own = await call('POST', `/api/user/bookings/${again.json().booking.id}/cancel`, a.token);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().booking).toMatchObject({ cancelled_at: expect.any(String), cancelled_by: 'customer' });
    expect(
      (await call('GET', `/api/admin/bookings?proposal_id=${proposal.id}`, admin.token)).json().bookings,
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: again.json().booking.id, cancelled_by: 'customer' }),
        expect.objectContaining({ id, cancelled_by: 'shop' }),
      ]),
    );
  });

  it('the shop cancels with a reason: the booking keeps it, the customer reads it and is told it in the notification and the mail', async () => {
    const { a, admin, proposal } = await accepted();
    const call = caller(t);
    const { id } = await bookedWindow({ a, proposal }, 10);
    await db().delete(mailQueue);
    await db().delete(notifications);
    const reason = 'Our crew is ill <b>&</b> "snowed in".';
    // Trimmed, as every text of the shop's is.
    const res = await call('POST', `/api/admin/bookings/${id}/cancel`, admin.token, {
      reason: `  ${reason}\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'shop',
      cancel_reason: reason,
    });

    // Both sides read it: the customer's bookings (which their proposal's page shows), the shop's list.
    expect(
      (await call('GET', `/api/user/proposals/${proposal.id}`, a.token)).json().proposal.booking_id,
    ).toBe(null);
    await bothSidesRead(call, { customer: a.token, admin: admin.token }, proposal.id, { id, reason });

    // The customer is told it, quoted after the cancellation.
    const [note] = await db().select().from(notifications).where(eq(notifications.userId, a.user.id));
    expect(note!.data).toMatchObject({ type: 'booking_cancelled', booking_id: id });
    expect(note!.data.message).toMatch(
      /^Your installation on \w+day, \w+ \d+, \d{4} at \d+:00 [AP]M UTC is cancelled\. Reason: "Our crew is ill <b>&<\/b> "snowed in"\."$/,
    );
    const [mail] = await db().select().from(mailQueue).where(eq(mailQueue.toAddress, a.email));
    expect(mail!.textBody).toContain(`is cancelled. Reason: "${reason}"`);
    // Escaped in the HTML: the reason is text, never markup.
    expect(mail!.htmlBody).toContain(
      'is cancelled. Reason: &quot;Our crew is ill &lt;b&gt;&amp;&lt;/b&gt; &quot;snowed in&quot;.&quot;',
    );
    expect(mail!.htmlBody).not.toContain('<b>&</b>');
  });

  it('the customer cancels with a reason: the shop reads it and is told it; another customer sending one gets 404', async () => {
    const { a, b, admin, proposal } = await accepted();
    const call = caller(t);
    const { id } = await bookedWindow({ a, proposal }, 10);
    expect((await call('POST', `/api/admin/bookings/${id}/confirm`, admin.token)).statusCode).toBe(200);
    await db().delete(mailQueue);
    await db().delete(notifications);
    const reason = 'We moved offices <again>.';

    // Another customer's booking is not found, reason or not, and stays as it was.
    const [before] = await db().select().from(bookings).where(eq(bookings.id, id));
    const foreign = await call('POST', `/api/user/bookings/${id}/cancel`, b.token, { reason });
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect((await db().select().from(bookings).where(eq(bookings.id, id)))[0]).toEqual(before);

    const res = await call('POST', `/api/user/bookings/${id}/cancel`, a.token, { reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'customer',
      cancel_reason: reason,
    });
    await bothSidesRead(call, { customer: a.token, admin: admin.token }, proposal.id, { id, reason });

    const [note] = await db().select().from(notifications).where(eq(notifications.userId, admin.user.id));
    expect(note!.data).toMatchObject({ type: 'booking_cancelled', booking_id: id });
    expect(note!.data.message).toMatch(
      new RegExp(`^.+ cancelled the installation #${id} on .+ UTC\\. Reason: "We moved offices <again>\\."$`),
    );
    const [shopMail] = await db()
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.toAddress, t.ctx.config.shopInbox));
    expect(shopMail!.textBody).toContain(`. Reason: "${reason}"`);
    expect(shopMail!.htmlBody).toContain('Reason: &quot;We moved offices &lt;again&gt;.&quot;');
    // Their own mail (the calendar entry taken out) goes to the booking's address: it repeats nothing they typed.
    const [own] = await db().select().from(mailQueue).where(eq(mailQueue.toAddress, a.email));
    expect(own!.textBody).toContain('is cancelled.');
    expect(own!.textBody).not.toContain(reason);
  });

  it('a cancellation without a body, or with an empty or null reason, has none, and says none', async () => {
    const { a, admin, proposal } = await accepted();
    const call = caller(t);
    const { slots, id } = await bookedWindow({ a, proposal }, 10);
    const plain = await call('POST', `/api/admin/bookings/${id}/cancel`, admin.token);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().booking).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'shop',
      cancel_reason: null,
    });
    const [note] = await db().select().from(notifications).where(eq(notifications.userId, a.user.id));
    expect(note!.data.message).toMatch(/ is cancelled\.$/);

    for (const body of [{}, { reason: '' }, { reason: ' \n\t ' }, { reason: null }]) {
      const again = await call('POST', `/api/user/proposals/${proposal.id}/booking`, a.token, {
        slot_start: slots[12].start,
      });
      expect(again.statusCode, again.body).toBe(201);
      const res = await call('POST', `/api/user/bookings/${again.json().booking.id}/cancel`, a.token, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().booking, JSON.stringify(body)).toMatchObject({
        status: 'cancelled',
        cancelled_by: 'customer',
        cancel_reason: null,
      });
    }
    const told = await db().select().from(notifications).where(eq(notifications.userId, admin.user.id));
    expect(told.filter((n) => n.data.type === 'booking_cancelled')).toHaveLength(4);
    for (const n of told) expect(n.data.message).not.toContain('Reason');
  });

  it('refuses a reason over 500 characters, one that is not text, or a body that is not an object (422), and the booking stays as it was', async () => {
    const { a, admin, proposal } = await accepted();
    const call = caller(t);
    const { id } = await bookedWindow({ a, proposal }, 10);
    await db().delete(mailQueue);
    await db().delete(notifications);
    const [before] = await db().select().from(bookings).where(eq(bookings.id, id));
    const tooLong = 'The reason may not be greater than 500 characters.';
    const notText = 'The reason must be a string.';
    for (const [path, token] of [
      [`/api/admin/bookings/${id}/cancel`, admin.token],
      [`/api/user/bookings/${id}/cancel`, a.token],
    ] as const) {
      for (const [body, errors] of [
        [{ reason: 'x'.repeat(501) }, { reason: [tooLong] }],
        [{ reason: 42 }, { reason: [notText] }],
        [{ reason: ['Too busy'] }, { reason: [notText] }],
        [{ reason: { text: 'Too busy' } }, { reason: [notText] }],
        [['Too busy'], { _: [BODY_NOT_OBJECT_MESSAGE] }],
      ] as const) {
        const res = await call('POST', path, token, body);
        expect(res.statusCode, `${path} ${JSON.stringify(body).slice(0, 40)}: ${res.body}`).toBe(422);
        expect(res.json().errors).toEqual(errors);
      }
      // JSON texts that are no object at all, null among them (no body at all is another thing: no reason).
      for (const payload of ['"Too busy"', '42', 'null']) {
        const res = await t.app.inject({
          method: 'POST',
          url: path,
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${path} ${payload}: ${res.body}`).toBe(422);
        expect(res.json().errors, payload).toEqual({ _: [BODY_NOT_OBJECT_MESSAGE] });
      }
    }
    // Read back: nothing changed, nobody was told.
    expect((await db().select().from(bookings).where(eq(bookings.id, id)))[0]).toEqual(before);
    expect((await call('GET', '/api/user/bookings', a.token)).json().bookings[0]).toMatchObject({
      status: 'requested',
      cancelled_at: null,
      cancel_reason: null,
    });
    expect(await db().$count(mailQueue)).toBe(0);
    expect(await db().$count(notifications)).toBe(0);

    // 500 characters (spaces around them trimmed) is a reason.
    const longest = `${'y'.repeat(499)}z`;
    const res = await call('POST', `/api/user/bookings/${id}/cancel`, a.token, { reason: ` ${longest} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking.cancel_reason).toBe(longest);
  });

  it('describes the cancellations’ optional body in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    for (const path of ['/api/admin/bookings/{id}/cancel', '/api/user/bookings/{id}/cancel']) {
      const post = doc.paths[path].post;
      expect(post.requestBody, path).toMatchObject({
        description: expect.stringMatching(/^Optional: a request without a body /),
        content: {
          'application/json': {
            schema: { type: 'object', properties: { reason: { type: 'string', maxLength: 500 } } },
          },
        },
      });
      expect(Object.keys(post.responses), path).toEqual(expect.arrayContaining(['200', '404', '409', '422']));
    }
  });

  it('the shop declines a request it has not confirmed even within 48 hours, and the window is free again', async () => {
    const { admin } = await dealSetup(t);
    const call = caller(t);
    await call('PUT', '/api/admin/schedule', admin.token, everyDay(1));
    const slot = (await call('GET', '/api/site-visits/slots')).json().slots[10].start as string;
    const res = await call('POST', '/api/site-visits', undefined, {
      slot_start: slot,
      name: 'Guest',
      email: 'late@example.com',
      phone: '555 0100',
    });
    const id = res.json().booking.id as number;
    // Within 48 hours (moved there, as time brings it: no window that near is offered).
    await startIn(id, 30);
    const declined = await call('POST', `/api/admin/bookings/${id}/cancel`, admin.token);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().booking.status).toBe('cancelled');
    expect((await call('POST', `/api/admin/bookings/${id}/cancel`, admin.token)).statusCode).toBe(409);
  });
});
