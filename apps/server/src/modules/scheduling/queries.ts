import { and, asc, count, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { bookings, proposals, scheduleBlackouts, scheduleWindows } from '../../db/schema/deals';
import { lockForTransaction } from '../../platform/xact-lock';

export type BookingRow = typeof bookings.$inferSelect;
export type WindowRow = typeof scheduleWindows.$inferSelect;

export async function windows(db: DbOrTx) {
  return db
    .select()
    .from(scheduleWindows)
    .orderBy(asc(scheduleWindows.weekday), asc(scheduleWindows.startTime));
}

export async function blackouts(db: DbOrTx) {
  const rows = await db.select().from(scheduleBlackouts).orderBy(asc(scheduleBlackouts.day));
  return rows.map((r) => r.day);
}

/** The advisory lock's key of the schedule's saves and the bookings made on it (14014 is a window's, 14015 a customer's visits). */
const SCHEDULE_LOCK = 14016;

/**
 * Takes the schedule's tables for a save, for the rest of the transaction. Two saves at once take turns (readers
 * are not held up): without it, the second one's delete could not see the rows the first had just inserted, and
 * its own insert broke the windows' unique key (a 500). A booking under way (holdSchedule) is waited for, and new
 * ones wait for the save.
 */
export async function lockSchedule(tx: DbOrTx) {
  await tx.execute(sql`lock table ${scheduleWindows}, ${scheduleBlackouts} in share row exclusive mode`);
  await tx.execute(sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK}, 0)`);
}

/**
 * Holds the schedule as it is for the rest of a booking's transaction: a save of it (lockSchedule) waits until the
 * booking is written, or the booking waits for the save and reads the schedule it saved. Bookings share the lock:
 * they do not wait for each other.
 */
export async function holdSchedule(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${SCHEDULE_LOCK}, 0)`);
}

/** Replaces the whole schedule, in a transaction that took lockSchedule. */
export async function replaceSchedule(
  db: DbOrTx,
  weekly: { weekday: number; startTime: string; endTime: string; capacity: number }[],
  days: string[],
) {
  await db.delete(scheduleWindows);
  await db.delete(scheduleBlackouts);
  if (weekly.length) await db.insert(scheduleWindows).values(weekly);
  if (days.length) await db.insert(scheduleBlackouts).values(days.map((day) => ({ day })));
}

/**
 * Which of these days of the shop's timezone `tz` have a booking still open (not cancelled) on them: by its window's
 * day, or by the day asked for while it has no window.
 */
export async function daysWithOpenBookings(db: DbOrTx, days: string[], tz: string): Promise<Set<string>> {
  if (!days.length) return new Set();
  const res = await db.execute<{ day: string }>(sql`
    select distinct b.day::text as day from (
      select case when slot_start is not null then (slot_start at time zone ${tz})::date else requested_date end as day
      from bookings where status <> 'cancelled'
    ) b
    where b.day = any(${sql.param(days)}::date[])`);
  return new Set(res.rows.map((r) => r.day));
}

/**
 * A booking on a day of the shop's timezone: its window starts within the day (a range the slot index reads), or it
 * has no window and asked for that day. The same day `daysWithOpenBookings` gives it.
 */
const onDay = (date: string, tz: string) => sql`(
  (${bookings.slotStart} >= (${date}::date::timestamp at time zone ${tz})
    and ${bookings.slotStart} < ((${date}::date + 1)::timestamp at time zone ${tz}))
  or (${bookings.slotStart} is null and ${bookings.requestedDate} = ${date}::date))`;

/** Bookings holding a place (not cancelled) per slot start in a range. */
export async function heldBetween(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({ start: bookings.slotStart, held: count() })
    .from(bookings)
    .where(and(ne(bookings.status, 'cancelled'), gte(bookings.slotStart, from), lt(bookings.slotStart, to)))
    .groupBy(bookings.slotStart);
}

/**
 * Serializes bookings of one window start: a transaction-scoped advisory lock keyed by the start minute, so two
 * bookings of the same window count each other's rows.
 */
export async function lockWindow(db: DbOrTx, start: Date) {
  const minute = Math.floor(start.getTime() / 60_000);
  await db.execute(sql`select pg_advisory_xact_lock(14014, ${minute}::int)`);
}

export async function heldAt(db: DbOrTx, start: Date, exceptId?: number) {
  const conditions: SQL[] = [ne(bookings.status, 'cancelled'), eq(bookings.slotStart, start)];
  if (exceptId !== undefined) conditions.push(ne(bookings.id, exceptId));
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .where(and(...conditions));
  return row?.n ?? 0;
}

const visitAhead = (today: string) =>
  sql`kind = 'site_visit' and status <> 'cancelled'
       and (slot_start > now() or (slot_start is null and requested_date >= ${today}))`;

/**
 * Site visits ahead (not cancelled, their window or asked-for day, `today` in the shop's timezone, not yet past) of
 * an account, or of a guest's e-mail address among the guests' visits: an address typed into the guest form is
 * nobody's proof, so it never spends an account's allowance. The account or the address is locked for the rest of
 * the transaction, so two requests at once count each other.
 */
export async function siteVisitsAhead(
  db: DbOrTx,
  who: { userId: number } | { email: string },
  today: string,
): Promise<number> {
  let whose: SQL;
  if ('userId' in who) {
    await db.execute(sql`select pg_advisory_xact_lock(14015, ${who.userId}::int)`);
    whose = sql`user_id = ${who.userId}`;
  } else {
    const address = who.email.toLowerCase();
    await lockForTransaction(db, `site-visits:${address}`);
    whose = sql`user_id is null and lower(email) = ${address}`;
  }
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from bookings where ${whose} and ${visitAhead(today)}`,
  );
  return res.rows[0]?.n ?? 0;
}

/** Guests' site visits ahead asked from one network (networkOf), locked for the rest of the transaction as above. */
export async function guestSiteVisitsAheadFrom(db: DbOrTx, network: string, today: string): Promise<number> {
  await lockForTransaction(db, `site-visits-network:${network}`);
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from bookings
         where requester_network = ${network} and user_id is null and ${visitAhead(today)}`,
  );
  return res.rows[0]?.n ?? 0;
}

export async function insertBooking(db: DbOrTx, values: typeof bookings.$inferInsert) {
  const [row] = await db.insert(bookings).values(values).returning();
  return row!;
}

/** Changes a booking; a window changed is one the customer has not been reminded of. */
export async function updateBooking(db: DbOrTx, id: number, values: Partial<typeof bookings.$inferInsert>) {
  const moved = values.slotStart !== undefined ? { remindedAt: null } : {};
  const [row] = await db
    .update(bookings)
    .set({ ...values, ...moved, updatedAt: sql`now()` })
    .where(eq(bookings.id, id))
    .returning();
  return row!;
}

/**
 * Takes up to `limit` confirmed bookings whose window starts within the next `leadHours` and whose customer has
 * not been reminded of it, and marks them reminded. One confirmed inside those hours is left out: its confirmation
 * was the reminder. Rows another instance holds are skipped (SKIP LOCKED), so instances never remind twice.
 */
export async function claimDueReminders(db: DbOrTx, leadHours: number, limit: number) {
  return db
    .update(bookings)
    .set({ remindedAt: sql`now()` })
    .where(
      sql`${bookings.id} in (
        select id from bookings
        where status = 'confirmed' and reminded_at is null
          and slot_start > now() and slot_start <= now() + make_interval(hours => ${leadHours})
          and confirmed_at <= slot_start - make_interval(hours => ${leadHours})
        order by slot_start
        limit ${limit}
        for update skip locked)`,
    )
    .returning();
}

export async function lockBooking(db: DbOrTx, id: number) {
  const res = await db.execute<{ id: number }>(sql`select id from bookings where id = ${id} for update`);
  return res.rows.length > 0;
}

const withProposal = {
  booking: bookings,
  proposalNumber: proposals.number,
  designId: proposals.designId,
};

export async function findBooking(db: DbOrTx, id: number) {
  const rows = await db
    .select(withProposal)
    .from(bookings)
    .leftJoin(proposals, eq(proposals.id, bookings.proposalId))
    .where(eq(bookings.id, id));
  return rows[0] ?? null;
}

export type BookingWithProposal = NonNullable<Awaited<ReturnType<typeof findBooking>>>;

const upcomingFirst = [sql`${bookings.slotStart} is null`, asc(bookings.slotStart), desc(bookings.id)];

export async function listBookings(
  db: DbOrTx,
  filter: {
    userId?: number;
    status?: BookingRow['status'];
    kind?: BookingRow['kind'];
    proposalId?: number;
    /** A day of the shop's timezone `tz`: the bookings whose window starts on it, or asked for it without one. */
    day?: { date: string; tz: string };
  },
  page: number,
  perPage: number,
) {
  const conditions: SQL[] = [];
  if (filter.day) conditions.push(onDay(filter.day.date, filter.day.tz));
  if (filter.userId !== undefined) conditions.push(eq(bookings.userId, filter.userId));
  if (filter.status) conditions.push(eq(bookings.status, filter.status));
  if (filter.kind) conditions.push(eq(bookings.kind, filter.kind));
  if (filter.proposalId !== undefined) conditions.push(eq(bookings.proposalId, filter.proposalId));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select(withProposal)
    .from(bookings)
    .leftJoin(proposals, eq(proposals.id, bookings.proposalId))
    .where(where)
    .orderBy(...upcomingFirst)
    .limit(perPage)
    .offset((page - 1) * perPage);
  const total = await db.$count(bookings, where);
  return { rows, total };
}

export async function activeBookingForProposals(db: DbOrTx, proposalIds: number[]) {
  if (!proposalIds.length) return null;
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(inArray(bookings.proposalId, proposalIds), ne(bookings.status, 'cancelled')))
    .limit(1);
  return rows[0]?.id ?? null;
}
