import {
  blackoutDateRange,
  SCHEDULING,
  SCHEDULING_MESSAGES,
  SITE_VISITS_OPEN_PER_CONTACT,
  SITE_VISITS_OPEN_PER_GUEST_NETWORK,
  PROPOSAL_MESSAGES,
  type Booking,
  type BookingInput,
  type InstallationBookingInput,
  type Schedule,
  type SiteVisitInput,
  type Slot,
} from '@shop/contracts';
import type { AppContext } from '../../context';
import { readTogether, type DbOrTx } from '../../db/connection';
import type { NotificationData } from '../../db/schema/notifications';
import { networkOf } from '../../platform/client-address';
import { conflict, fieldError, notFound, validationFailed } from '../../platform/errors';
import { enqueueMail, enqueueMailCapped, simpleHtml } from '../../platform/mail/queue';
import {
  activeAdminIds,
  createNotifications,
  publishNotifications,
  type NotificationRow,
} from '../notifications/service';
import { checkCustomerProposal, lockAcceptedProposal } from '../proposals/service';
import { userContact } from '../users/service';
import { bookingIcs } from './ics';
import * as q from './queries';
import { addDays, weekdayOf, zonedDay, zonedInstant } from './shop-time';

const HOUR = 3_600_000;

/* ------------------------------------------------------------------------------------------ the schedule */

/**
 * The weekly windows and the blackout dates from a year ago on (blackoutDateRange): older ones block nothing, and
 * the schedule answered is one the admin can save again as it is; the next save drops them.
 */
export async function getSchedule(ctx: AppContext): Promise<Schedule> {
  const db = ctx.database.db;
  const { from } = blackoutDateRange();
  const [weekly, days] = await Promise.all([
    q.windows(db),
    q.blackouts(db).then((all) => all.filter((day) => day >= from)),
  ]);
  return {
    weekly: weekly.map((w) => ({
      weekday: w.weekday,
      start: w.startTime,
      end: w.endTime,
      capacity: w.capacity,
    })),
    blackout_dates: days,
  };
}

/**
 * Saves the schedule. A day newly blacked out must have no booking still open on it (requested, proposed or
 * confirmed, from today on): the shop moves or cancels those first, and each customer is told; a blackout saved over
 * them would leave bookings the schedule no longer has, which the customer could still confirm. The bookings are
 * read under the schedule's lock (lockSchedule), which bookings under way hold back (holdSchedule): a booking and a
 * blackout of its day never cross.
 */
export async function putSchedule(ctx: AppContext, input: Schedule): Promise<Schedule> {
  const seen = new Set<string>();
  const errors: Record<string, string[]> = {};
  input.weekly.forEach((w, i) => {
    const key = `${w.weekday} ${w.start}`;
    if (seen.has(key)) errors[`weekly.${i}.start`] = ['Two windows start at the same time on this weekday.'];
    seen.add(key);
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  await ctx.database.db.transaction(async (tx) => {
    await q.lockSchedule(tx);
    const today = zonedDay(new Date(), ctx.config.shopTimezone);
    const before = new Set(await q.blackouts(tx));
    const added = input.blackout_dates.filter((day) => day >= today && !before.has(day));
    const booked = await q.daysWithOpenBookings(tx, [...new Set(added)], ctx.config.shopTimezone);
    input.blackout_dates.forEach((day, i) => {
      if (booked.has(day)) errors[`blackout_dates.${i}`] = [SCHEDULING_MESSAGES.blackoutBooked];
    });
    if (Object.keys(errors).length) throw validationFailed(errors);
    await q.replaceSchedule(
      tx,
      input.weekly.map((w) => ({
        weekday: w.weekday,
        startTime: w.start,
        endTime: w.end,
        capacity: w.capacity,
      })),
      [...new Set(input.blackout_dates)],
    );
  });
  return getSchedule(ctx);
}

/* ------------------------------------------------------------------------------------------ slots */

interface Window {
  start: Date;
  end: Date;
  capacity: number;
}

/**
 * Every window of the next 60 days that may still be booked: the weekly windows on days that are not blacked out,
 * starting more than 48 hours from now. A window nearer than that could not be moved or cancelled once booked.
 */
async function upcomingWindows(ctx: AppContext, db: DbOrTx, now = new Date()): Promise<Window[]> {
  const tz = ctx.config.shopTimezone;
  const [weekly, days] = await readTogether(db, [() => q.windows(db), () => q.blackouts(db)]);
  const blocked = new Set(days);
  const today = zonedDay(now, tz);
  const out: Window[] = [];
  for (let i = 0; i <= SCHEDULING.horizonDays; i++) {
    const day = addDays(today, i);
    if (blocked.has(day)) continue;
    for (const w of weekly) {
      if (w.weekday !== weekdayOf(day)) continue;
      const start = zonedInstant(day, w.startTime, tz);
      if (start.getTime() - now.getTime() <= SCHEDULING.changeCutoffHours * HOUR) continue;
      out.push({ start, end: zonedInstant(day, w.endTime, tz), capacity: w.capacity });
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}

export async function slots(ctx: AppContext): Promise<Slot[]> {
  const db = ctx.database.db;
  const list = await upcomingWindows(ctx, db);
  if (!list.length) return [];
  const held = await q.heldBetween(db, list[0]!.start, new Date(list[list.length - 1]!.start.getTime() + 1));
  const counts = new Map(held.map((h) => [h.start!.getTime(), h.held]));
  return list.map((w) => ({
    start: w.start.toISOString(),
    end: w.end.toISOString(),
    available: (counts.get(w.start.getTime()) ?? 0) < w.capacity,
  }));
}

/** The window a slot start names, or a 422 naming slot_start; in a transaction (the schedule held, holdSchedule). */
async function windowAt(ctx: AppContext, tx: DbOrTx, slotStart: string): Promise<Window> {
  await q.holdSchedule(tx);
  const at = new Date(slotStart).getTime();
  const found = (await upcomingWindows(ctx, tx)).find((w) => w.start.getTime() === at);
  if (!found) throw fieldError('slot_start', SCHEDULING_MESSAGES.notAWindow);
  return found;
}

/** Takes a place in a window: 409 when it is full, also when bookings race for its last place. */
async function reserve(db: DbOrTx, window: Window, exceptId?: number) {
  await q.lockWindow(db, window.start);
  if ((await q.heldAt(db, window.start, exceptId)) >= window.capacity)
    throw conflict(SCHEDULING_MESSAGES.windowFull);
}

/**
 * A day asked for, or proposed, without a window: within the next 60 days, and not blacked out; in a transaction
 * (the schedule held, holdSchedule).
 */
async function checkRequestedDate(ctx: AppContext, tx: DbOrTx, day: string, field = 'requested_date') {
  const today = zonedDay(new Date(), ctx.config.shopTimezone);
  if (day <= today || day > addDays(today, SCHEDULING.horizonDays))
    throw fieldError(field, SCHEDULING_MESSAGES.dateOutOfRange);
  await q.holdSchedule(tx);
  if ((await q.blackouts(tx)).includes(day)) throw fieldError(field, SCHEDULING_MESSAGES.closedDay);
}

/** Either side may change or cancel up to 48 hours before the start. */
function changeable(row: q.BookingRow, now = Date.now()) {
  if (row.status === 'cancelled') return false;
  return !row.slotStart || row.slotStart.getTime() - now > SCHEDULING.changeCutoffHours * HOUR;
}

function checkChangeable(row: q.BookingRow) {
  if (row.status === 'cancelled') throw conflict(SCHEDULING_MESSAGES.notChangeable);
  if (!changeable(row)) throw conflict(SCHEDULING_MESSAGES.tooLate);
}

/* ------------------------------------------------------------------------------------------ answers */

export function toBookingDto(found: q.BookingWithProposal): Booking {
  const b = found.booking;
  return {
    id: b.id,
    kind: b.kind,
    status: b.status,
    proposal_id: b.proposalId,
    proposal_number: found.proposalNumber ?? null,
    design_id: found.designId ?? null,
    user_id: b.userId,
    name: b.name,
    email: b.email,
    phone: b.phone,
    company_name: b.companyName,
    address: b.address,
    slot_start: b.slotStart?.toISOString() ?? null,
    slot_end: b.slotEnd?.toISOString() ?? null,
    requested_date: b.requestedDate,
    note: b.note,
    changeable: changeable(b),
    created_at: b.createdAt.toISOString(),
    confirmed_at: b.confirmedAt?.toISOString() ?? null,
    cancelled_at: b.cancelledAt?.toISOString() ?? null,
    cancelled_by: b.cancelledBy,
    cancel_reason: b.cancelReason,
    reminded_at: b.remindedAt?.toISOString() ?? null,
  };
}

async function bookingDto(db: DbOrTx, id: number): Promise<Booking> {
  const found = await q.findBooking(db, id);
  if (!found) throw notFound();
  return toBookingDto(found);
}

/* ------------------------------------------------------------------------------------------ telling */

const what = (b: q.BookingRow) => (b.kind === 'installation' ? 'installation' : 'site visit');

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

function when(ctx: AppContext, b: q.BookingRow) {
  // A date without a window (asked for by the customer, or proposed by the shop) is a calendar day of the shop's.
  if (!b.slotStart)
    return b.requestedDate
      ? `on ${dayFormat.format(new Date(`${b.requestedDate}T00:00:00Z`))}, at a time to be agreed`
      : 'at a time to be agreed';
  // With the zone's name, as the app writes windows: the reader may be anywhere.
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone: ctx.config.shopTimezone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return `on ${fmt.format(b.slotStart)}`;
}

/** A cancellation's reason as the other side is told it, quoted after the sentence; nothing without one. */
const reasonQuoted = (reason: string | null) => (reason ? ` Reason: "${reason}"` : '');

/** The booking as it was, when its calendar entry must leave the customer's calendar: it was confirmed, now not. */
const entryOf = (before: q.BookingRow) =>
  before.status === 'confirmed' && before.slotStart && before.slotEnd ? before : undefined;

/** A window that has started can no longer be confirmed or declined: the visit took place or it did not. */
function checkNotStarted(b: q.BookingRow) {
  if (b.slotStart && b.slotStart.getTime() <= Date.now()) throw conflict(SCHEDULING_MESSAGES.started);
}

/** Only a booking with a window is confirmed; a date asked for or proposed waits until a window is proposed. */
function checkConfirmable(b: q.BookingRow, status: q.BookingRow['status'][]) {
  if (!status.includes(b.status)) throw conflict(SCHEDULING_MESSAGES.notConfirmable);
  if (!b.slotStart) throw conflict(SCHEDULING_MESSAGES.noWindowYet);
  checkNotStarted(b);
}

/**
 * The calendar entry of one confirmation: a booking confirmed again after it was moved gets an entry of its own,
 * and a withdrawal names the entry it takes out. A client that was told an entry is cancelled need not bring the
 * same one back.
 */
function entryUid(ctx: AppContext, entry: q.BookingRow) {
  const host = new URL(ctx.config.publicUrl).hostname;
  const confirmed = entry.confirmedAt ? `-${entry.confirmedAt.getTime()}` : '';
  return `booking-${entry.id}${confirmed}@${host}`;
}

/** RFC 5545's SEQUENCE is a 32-bit integer: seconds since this moment fit it until 2092 and only ever grow. */
const ICS_SEQUENCE_EPOCH_MS = Date.UTC(2024, 0, 1);

/**
 * Tells the customer: a notification (accounts only) and a mail, with the calendar entry once confirmed, and the
 * entry's cancellation whenever a confirmed booking stops being confirmed (`withdrawn`: the booking as it was,
 * from `entryOf`), cancelled, moved or answered with another time by either side, so it leaves their calendar.
 * The mail carries nothing a guest typed: the booking's e-mail address may be anybody's. The calendar entry names
 * the premises' address only when the booking is the account's own (its e-mail the account's).
 */
async function tellCustomer(
  ctx: AppContext,
  tx: DbOrTx,
  b: q.BookingRow,
  type: NotificationData['type'],
  sentence: string,
  notify = true,
  withdrawn?: q.BookingRow,
): Promise<NotificationRow[]> {
  const link = b.proposalId
    ? `${ctx.config.publicUrl}/user/proposals/${b.proposalId}`
    : b.userId
      ? `${ctx.config.publicUrl}/user/proposals` // where a customer's site visits are listed
      : ctx.config.publicUrl;
  // A name only from an account whose own address this is: a booking's name and address may be typed by anyone.
  const account = b.userId ? await userContact(tx, b.userId) : null;
  const own = account && account.email.toLowerCase() === b.email.toLowerCase();
  const paragraphs = [own ? `Hello ${account.name},` : 'Hello,', sentence];
  const confirmed = b.status === 'confirmed' && b.slotStart && b.slotEnd;
  const entry = confirmed ? b : b.status !== 'confirmed' ? withdrawn : undefined;
  if (confirmed) paragraphs.push('The calendar entry is attached.');
  else if (entry) paragraphs.push('The attached file takes the entry out of your calendar.');
  await enqueueMail(tx, {
    to: b.email,
    subject: `${type === 'booking_reminder' ? 'Reminder: your' : 'Your'} ${what(b)} with ${ctx.config.appName}`,
    text: `${paragraphs.join('\n\n')}\n\n${link}\n`,
    html: simpleHtml(ctx.config.appName, paragraphs, { label: 'View the details', url: link }),
    kind: type,
    ref: String(b.id),
    attachments: entry
      ? [
          {
            filename: 'booking.ics',
            contentType: `text/calendar; charset=utf-8; method=${confirmed ? 'PUBLISH' : 'CANCEL'}`,
            contentBase64: Buffer.from(
              bookingIcs({
                uid: entryUid(ctx, entry),
                start: entry.slotStart!,
                end: entry.slotEnd!,
                summary: `${ctx.config.appName}: ${what(b)}`,
                description: sentence,
                location: own ? entry.address : null,
                organizer: { name: ctx.config.appName, email: ctx.config.shopInbox },
                sequence: Math.max(
                  0,
                  Math.floor(((b.updatedAt?.getTime() ?? 0) - ICS_SEQUENCE_EPOCH_MS) / 1000),
                ),
                cancelled: !confirmed,
              }),
            ).toString('base64'),
          },
        ]
      : undefined,
  });
  if (b.userId === null || !notify) return [];
  return createNotifications(tx, [b.userId], {
    type,
    message: sentence,
    proposal_id: b.proposalId,
    booking_id: b.id,
  });
}

async function tellShop(
  ctx: AppContext,
  tx: DbOrTx,
  b: q.BookingRow,
  type: NotificationData['type'],
  sentence: string,
): Promise<NotificationRow[]> {
  const link = b.proposalId
    ? `${ctx.config.publicUrl}/admin/proposals/${b.proposalId}`
    : `${ctx.config.publicUrl}/admin/bookings`;
  await enqueueMail(tx, {
    to: ctx.config.shopInbox,
    subject: `${what(b).charAt(0).toUpperCase()}${what(b).slice(1)} #${b.id}: ${type.replace('booking_', '')}`,
    text: `${sentence}\n\n${link}\n`,
    html: simpleHtml(ctx.config.appName, [sentence], { label: 'Open it', url: link }),
    kind: type,
    ref: String(b.id),
  });
  return createNotifications(tx, await activeAdminIds(tx), {
    type,
    message: sentence,
    sender_id: b.userId,
    proposal_id: b.proposalId,
    booking_id: b.id,
  });
}

/* ------------------------------------------------------------------------------------------ customer side */

/**
 * The customer's booking of an accepted proposal: a window (held at once) or a date asked for with a note, and
 * where the installation is made if the customer says.
 */
export async function bookInstallation(
  ctx: AppContext,
  userId: number,
  proposalId: number,
  input: InstallationBookingInput,
) {
  let rows: NotificationRow[] = [];
  const id = await ctx.database.db.transaction(async (tx) => {
    const proposal = await lockAcceptedProposal(tx, userId, proposalId);
    if (await q.activeBookingForProposals(tx, [proposalId])) throw conflict(PROPOSAL_MESSAGES.alreadyBooked);
    const base = {
      kind: 'installation' as const,
      proposalId,
      userId,
      name: proposal.name,
      email: proposal.email,
      phone: proposal.phone,
      companyName: proposal.companyName,
      address: input.address,
    };
    let booking: q.BookingRow;
    if ('slot_start' in input) {
      const window = await windowAt(ctx, tx, input.slot_start);
      await reserve(tx, window);
      booking = await q.insertBooking(tx, { ...base, slotStart: window.start, slotEnd: window.end });
    } else {
      await checkRequestedDate(ctx, tx, input.requested_date);
      booking = await q.insertBooking(tx, { ...base, requestedDate: input.requested_date, note: input.note });
    }
    rows = await tellShop(
      ctx,
      tx,
      booking,
      'booking_requested',
      `${booking.name} asks for the installation of proposal ${proposal.number} ${when(ctx, booking)}.`,
    );
    return booking.id;
  });
  await publishNotifications(ctx, rows);
  return bookingDto(ctx.database.db, id);
}

export async function proposalSlots(ctx: AppContext, userId: number, proposalId: number) {
  await checkCustomerProposal(ctx.database.db, userId, proposalId);
  return slots(ctx);
}

export async function customerBookings(ctx: AppContext, userId: number) {
  const { rows } = await q.listBookings(ctx.database.db, { userId }, 1, 100);
  return rows.map(toBookingDto);
}

/** Locks a booking of the customer's (404 for anyone else's) and answers it. */
async function ownBooking(tx: DbOrTx, userId: number, id: number) {
  await q.lockBooking(tx, id);
  const found = await q.findBooking(tx, id);
  if (!found || found.booking.userId !== userId) throw notFound();
  return found.booking;
}

async function adminBooking(tx: DbOrTx, id: number) {
  await q.lockBooking(tx, id);
  const found = await q.findBooking(tx, id);
  if (!found) throw notFound();
  return found.booking;
}

type ChangeWork = (tx: DbOrTx) => Promise<{ id: number; rows: NotificationRow[] }>;

async function change(ctx: AppContext, work: ChangeWork): Promise<Booking> {
  const { id, rows } = await ctx.database.db.transaction(work);
  await publishNotifications(ctx, rows);
  return bookingDto(ctx.database.db, id);
}

/**
 * A customer's change of a booking of theirs. Each one tells the shop (a mail and a notification to every admin), so
 * it spends the account's `bookingChange` allowance: checked first, and spent by `spend` once the change is allowed,
 * just before its write, so a refused change spends nothing.
 */
async function customerChange(
  ctx: AppContext,
  userId: number,
  work: (tx: DbOrTx, spend: () => Promise<void>) => ReturnType<ChangeWork>,
): Promise<Booking> {
  const key = String(userId);
  await ctx.limits.check('bookingChange', key);
  return change(ctx, (tx) => work(tx, () => ctx.limits.consume('bookingChange', key)));
}

/**
 * A move or a proposal to the window a booking is already in is refused (422): it changes nothing but would undo a
 * confirmation (a move puts the booking back to requested), and "another time" is another window.
 */
function refuseSameWindow(b: q.BookingRow, window: { start: Date }) {
  if (b.slotStart?.getTime() === window.start.getTime())
    throw fieldError('slot_start', SCHEDULING_MESSAGES.sameWindow);
}

export const customerReschedule = (ctx: AppContext, userId: number, id: number, slotStart: string) =>
  customerChange(ctx, userId, async (tx, spend) => {
    const b = await ownBooking(tx, userId, id);
    checkChangeable(b);
    const window = await windowAt(ctx, tx, slotStart);
    refuseSameWindow(b, window);
    await reserve(tx, window, b.id);
    await spend();
    const next = await q.updateBooking(tx, b.id, {
      slotStart: window.start,
      slotEnd: window.end,
      status: 'requested',
      confirmedAt: null,
    });
    const rows = await tellShop(
      ctx,
      tx,
      next,
      'booking_requested',
      `${b.name} moved the ${what(b)} #${b.id} to ${when(ctx, next).replace(/^on /, '')}.`,
    );
    // A confirmed date they move leaves their calendar until the shop confirms the new one.
    const before = entryOf(b);
    if (before)
      await tellCustomer(
        ctx,
        tx,
        next,
        'booking_requested',
        `Your ${what(b)} ${when(ctx, before)} is moved to ${when(ctx, next).replace(/^on /, '')}, which we will confirm.`,
        false,
        before,
      );
    return { id: b.id, rows };
  });

/**
 * The customer cancels, with the reason they give if any: the shop is told it. Their own mail (the calendar entry
 * taken out) does not repeat it: the booking's address may be one they typed, and a mail carries nothing typed
 * to an address it is not sure of.
 */
export const customerCancel = (ctx: AppContext, userId: number, id: number, reason: string | null = null) =>
  customerChange(ctx, userId, async (tx, spend) => {
    const b = await ownBooking(tx, userId, id);
    checkChangeable(b);
    await spend();
    const next = await q.updateBooking(tx, b.id, {
      status: 'cancelled',
      cancelledAt: new Date(),
      cancelledBy: 'customer',
      cancelReason: reason,
    });
    const rows = await tellShop(
      ctx,
      tx,
      next,
      'booking_cancelled',
      `${b.name} cancelled the ${what(b)} #${b.id} ${when(ctx, b)}.${reasonQuoted(reason)}`,
    );
    const before = entryOf(b);
    if (before)
      await tellCustomer(
        ctx,
        tx,
        next,
        'booking_cancelled',
        `Your ${what(b)} ${when(ctx, b)} is cancelled.`,
        false,
        before,
      );
    return { id: b.id, rows };
  });

/** The customer accepts a time the shop proposed. */
export const customerConfirm = (ctx: AppContext, userId: number, id: number) =>
  customerChange(ctx, userId, async (tx, spend) => {
    const b = await ownBooking(tx, userId, id);
    checkConfirmable(b, ['proposed']);
    await spend();
    const next = await q.updateBooking(tx, b.id, { status: 'confirmed', confirmedAt: new Date() });
    const rows = [
      ...(await tellShop(
        ctx,
        tx,
        next,
        'booking_confirmed',
        `${b.name} confirmed the ${what(b)} #${b.id} ${when(ctx, next)}.`,
      )),
      // The customer gets the confirmation mail with its calendar entry; the notification is for the shop.
      ...(await tellCustomer(
        ctx,
        tx,
        next,
        'booking_confirmed',
        `Your ${what(b)} is confirmed ${when(ctx, next)}.`,
        false,
      )),
    ];
    return { id: b.id, rows };
  });

/**
 * The customer changes where the booking is made (null takes the address out), up to 48 hours before its start as
 * any change. The shop is told the new address; a confirmed window's calendar entry is sent again, the same entry
 * with a later SEQUENCE, so the customer's calendar shows the new place. An address the booking already has is
 * refused (422): it changes nothing, and the shop would be told of nothing.
 */
export const customerChangeAddress = (ctx: AppContext, userId: number, id: number, address: string | null) =>
  customerChange(ctx, userId, async (tx, spend) => {
    const b = await ownBooking(tx, userId, id);
    checkChangeable(b);
    if (b.address === address) throw fieldError('address', SCHEDULING_MESSAGES.sameAddress);
    await spend();
    const next = await q.updateBooking(tx, b.id, { address });
    const rows = await tellShop(
      ctx,
      tx,
      next,
      'booking_updated',
      address
        ? `${b.name} changed the address of the ${what(b)} #${b.id} ${when(ctx, b)} to "${address}".`
        : `${b.name} took the address out of the ${what(b)} #${b.id} ${when(ctx, b)}.`,
    );
    if (entryOf(next))
      await tellCustomer(
        ctx,
        tx,
        next,
        'booking_updated',
        `The address of your ${what(b)} ${when(ctx, next)} is changed as you asked.`,
        false,
      );
    return { id: b.id, rows };
  });

/* ------------------------------------------------------------------------------------------ reminders */

/** The customer of a confirmed window is reminded this many hours before it starts. */
const REMINDER_LEAD_HOURS = 24;
/** Bookings reminded of in one transaction. */
const REMINDER_BATCH = 50;

/**
 * Reminds the customers of the confirmed windows starting within REMINDER_LEAD_HOURS (a notification for an
 * account, and a mail with the calendar entry), each once: a window moved since is reminded of again. Instances may
 * run it at the same time (q.claimDueReminders skips what another holds). Answers how many were reminded.
 */
export async function sendBookingReminders(ctx: AppContext): Promise<number> {
  let reminded = 0;
  for (;;) {
    let rows: NotificationRow[] = [];
    const batch = await ctx.database.db.transaction(async (tx) => {
      const due = await q.claimDueReminders(tx, REMINDER_LEAD_HOURS, REMINDER_BATCH);
      for (const b of due)
        rows = rows.concat(
          await tellCustomer(
            ctx,
            tx,
            b,
            'booking_reminder',
            `A reminder: your ${what(b)} is ${when(ctx, b)}.`,
          ),
        );
      return due.length;
    });
    await publishNotifications(ctx, rows);
    reminded += batch;
    if (batch < REMINDER_BATCH) return reminded;
  }
}

/* ------------------------------------------------------------------------------------------ shop side */

export async function adminBookings(
  ctx: AppContext,
  query: {
    page: number;
    perPage: number;
    status?: Booking['status'];
    kind?: Booking['kind'];
    proposal_id?: number;
    date?: string;
  },
) {
  const { rows, total } = await q.listBookings(
    ctx.database.db,
    {
      status: query.status,
      kind: query.kind,
      proposalId: query.proposal_id,
      day: query.date ? { date: query.date, tz: ctx.config.shopTimezone } : undefined,
    },
    query.page,
    query.perPage,
  );
  return { bookings: rows.map(toBookingDto), total };
}

export const adminConfirm = (ctx: AppContext, id: number) =>
  change(ctx, async (tx) => {
    const b = await adminBooking(tx, id);
    checkConfirmable(b, ['requested', 'proposed']);
    const next = await q.updateBooking(tx, b.id, { status: 'confirmed', confirmedAt: new Date() });
    const rows = await tellCustomer(
      ctx,
      tx,
      next,
      'booking_confirmed',
      `Your ${what(b)} is confirmed ${when(ctx, next)}.`,
    );
    return { id: b.id, rows };
  });

export const adminPropose = (ctx: AppContext, id: number, input: BookingInput) =>
  change(ctx, async (tx) => {
    const b = await adminBooking(tx, id);
    checkChangeable(b);
    let next: q.BookingRow;
    if ('slot_start' in input) {
      const window = await windowAt(ctx, tx, input.slot_start);
      refuseSameWindow(b, window);
      await reserve(tx, window, b.id);
      next = await q.updateBooking(tx, b.id, {
        status: 'proposed',
        slotStart: window.start,
        slotEnd: window.end,
        confirmedAt: null,
      });
    } else {
      await checkRequestedDate(ctx, tx, input.requested_date);
      next = await q.updateBooking(tx, b.id, {
        status: 'proposed',
        slotStart: null,
        slotEnd: null,
        requestedDate: input.requested_date,
        note: input.note,
        confirmedAt: null,
      });
    }
    const rows = await tellCustomer(
      ctx,
      tx,
      next,
      'booking_proposed',
      `We propose another time for your ${what(b)}: ${when(ctx, next).replace(/^on /, '')}.${'note' in input ? ` ${input.note}` : ''}`,
      true,
      entryOf(b),
    );
    return { id: b.id, rows };
  });

/**
 * The shop cancels a booking up to 48 hours before, as the customer may; a request it has not confirmed (requested,
 * or a time it proposed and the customer has not taken) it may decline until the start: a late request, or one a
 * guest made to hold a window, must not keep a place the installations need. The reason it gives, if any, is told
 * to the customer (notification and mail).
 */
export const adminCancel = (ctx: AppContext, id: number, reason: string | null = null) =>
  change(ctx, async (tx) => {
    const b = await adminBooking(tx, id);
    if (b.status === 'confirmed' || b.status === 'cancelled') checkChangeable(b);
    else checkNotStarted(b);
    const next = await q.updateBooking(tx, b.id, {
      status: 'cancelled',
      cancelledAt: new Date(),
      cancelledBy: 'shop',
      cancelReason: reason,
    });
    const rows = await tellCustomer(
      ctx,
      tx,
      next,
      'booking_cancelled',
      `Your ${what(b)} ${when(ctx, b)} is cancelled.${reasonQuoted(reason)}`,
      true,
      entryOf(b),
    );
    return { id: b.id, rows };
  });

/**
 * The shop changes where a booking is made (null takes the address out), as the customer asked it by phone or in
 * the chat: a correction, not a move, so it may until the window starts, inside the 48 hours too. The customer is
 * told (a notification for an account, and a mail); a confirmed window's calendar entry comes with it again, the
 * same entry with the new LOCATION. An address the booking already has is refused (422).
 */
export const adminChangeAddress = (ctx: AppContext, id: number, address: string | null) =>
  change(ctx, async (tx) => {
    const b = await adminBooking(tx, id);
    if (b.status === 'cancelled') throw conflict(SCHEDULING_MESSAGES.notChangeable);
    checkNotStarted(b);
    if (b.address === address) throw fieldError('address', SCHEDULING_MESSAGES.sameAddress);
    const next = await q.updateBooking(tx, b.id, { address });
    const rows = await tellCustomer(
      ctx,
      tx,
      next,
      'booking_updated',
      `We changed the address of your ${what(b)} ${when(ctx, next)}. You find the new one with the booking.`,
    );
    return { id: b.id, rows };
  });

/* ------------------------------------------------------------------------------------------ site visits */

/** 'Site visit received' mails one address gets in 24 hours (the booking itself is kept). */
const SITE_VISIT_MAILS_PER_ADDRESS_PER_DAY = SITE_VISITS_OPEN_PER_CONTACT;

/**
 * Anyone may ask for a site visit; guests give their contact details, customers' come from the account unless
 * they give others. Guests are limited per network and customers per account. An account, or a guest's e-mail
 * address, has at most SITE_VISITS_OPEN_PER_CONTACT visits ahead, and the guests of one network at most
 * SITE_VISITS_OPEN_PER_GUEST_NETWORK: a visit may hold a place in a window, and those places are the installations'
 * too. Bad input (422) spends none of the hourly allowance (decisions.md D2): the limit is
 * checked first and a point spent once the input is valid, before the visits ahead and the window's places are
 * counted (a request refused for those still counts).
 */
export async function bookSiteVisit(
  ctx: AppContext,
  userId: number | null,
  input: SiteVisitInput,
  ip: string,
) {
  const limit = userId === null ? 'siteVisitGuest' : 'siteVisitCustomer';
  const network = userId === null ? networkOf(ip) : null;
  const key = network ?? String(userId);
  await ctx.limits.check(limit, key);
  let rows: NotificationRow[] = [];
  const id = await ctx.database.db.transaction(async (tx) => {
    const account = userId ? await userContact(tx, userId) : null;
    const name = input.name ?? account?.name;
    const email = input.email ?? account?.email;
    const errors: Record<string, string[]> = {};
    if (!name) errors.name = ['The name field is required.'];
    if (!email) errors.email = ['The email field is required.'];
    if (!userId && !input.phone) errors.phone = ['The phone field is required.'];
    if (!input.slot_start && !input.requested_date) errors.slot_start = [SCHEDULING_MESSAGES.slotOrDate];
    if (Object.keys(errors).length) throw validationFailed(errors);
    const window = input.slot_start ? await windowAt(ctx, tx, input.slot_start) : null;
    if (!window) await checkRequestedDate(ctx, tx, input.requested_date!);
    await ctx.limits.consume(limit, key);
    const today = zonedDay(new Date(), ctx.config.shopTimezone);
    if (
      (await q.siteVisitsAhead(tx, userId !== null ? { userId } : { email: email! }, today)) >=
      SITE_VISITS_OPEN_PER_CONTACT
    )
      throw conflict(SCHEDULING_MESSAGES.tooManyVisits);
    if (
      network !== null &&
      (await q.guestSiteVisitsAheadFrom(tx, network, today)) >= SITE_VISITS_OPEN_PER_GUEST_NETWORK
    )
      throw conflict(SCHEDULING_MESSAGES.tooManyGuestVisits);
    const base = {
      kind: 'site_visit' as const,
      userId,
      name: name!,
      email: email!,
      phone: input.phone ?? null,
      companyName: input.company_name ?? null,
      address: input.address ?? null,
      note: input.note ?? null,
      requesterNetwork: network,
    };
    let booking: q.BookingRow;
    if (window) {
      await reserve(tx, window);
      booking = await q.insertBooking(tx, { ...base, slotStart: window.start, slotEnd: window.end });
    } else {
      booking = await q.insertBooking(tx, { ...base, requestedDate: input.requested_date });
    }
    rows = await tellShop(
      ctx,
      tx,
      booking,
      'booking_requested',
      `${booking.name} asks for a site visit ${when(ctx, booking)}.`,
    );
    // Nothing the sender typed goes into this mail: the address may not be theirs.
    const received = `We received your request for a site visit ${when(ctx, booking)}. We will confirm it shortly.`;
    await enqueueMailCapped(
      tx,
      {
        to: booking.email,
        subject: `Your site visit request with ${ctx.config.appName}`,
        text: `Hello,\n\n${received}\n`,
        html: simpleHtml(ctx.config.appName, ['Hello,', received]),
        kind: 'site_visit_received',
        ref: String(booking.id),
      },
      SITE_VISIT_MAILS_PER_ADDRESS_PER_DAY,
    );
    return booking.id;
  });
  await publishNotifications(ctx, rows);
  return bookingDto(ctx.database.db, id);
}
