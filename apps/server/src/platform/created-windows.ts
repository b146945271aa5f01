import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/connection';
import { createdCounts } from '../db/schema/tallies';

const DAY_MS = 24 * 3600 * 1000;

/** The 30-day windows of a dashboard figure: the last 30 days up to `now`, and the 30 days before them. */
function windows(now: Date) {
  return {
    since30: new Date(now.getTime() - 30 * DAY_MS),
    since60: new Date(now.getTime() - 60 * DAY_MS),
  };
}

/**
 * The selected columns of a dashboard figure over a table: all its rows (`total`), those created in the last 30
 * days (`last30`) and in the 30 days before (`prev30`), counted in one pass; `createdAt` is the table's column.
 * For tables that stay small (design submissions); the large ones are counted by `createdFigures`.
 */
export function createdWindows(createdAt: AnyColumn, now: Date) {
  const { since30, since60 } = windows(now);
  return {
    total: sql<number>`count(*)::int`,
    last30: sql<number>`(count(*) filter (where ${createdAt} >= ${since30} and ${createdAt} <= ${now}))::int`,
    prev30: sql<number>`(count(*) filter (where ${createdAt} >= ${since60} and ${createdAt} < ${since30}))::int`,
  };
}

type Subject = (typeof createdCounts.$inferSelect)['subject'];

/** Where a subject's rows live: its table, their creation time, and which rows it counts. */
export interface CountedRows {
  table: PgTable;
  createdAt: AnyColumn;
  where: SQL;
}

const startOfDay = (t: Date) => new Date(Math.floor(t.getTime() / DAY_MS) * DAY_MS);
const dayOf = (t: Date) => t.toISOString().slice(0, 10);

/** A subject's daily counts summed: all its days, or only the days strictly between `after` and `before`. */
function countsSum(subject: Subject, after?: Date, before?: Date): SQL {
  const between =
    after && before
      ? sql` and ${createdCounts.day} > ${dayOf(after)}::date and ${createdCounts.day} < ${dayOf(before)}::date`
      : sql``;
  return sql`(select coalesce(sum(${createdCounts.n}), 0) from ${createdCounts}
    where ${createdCounts.subject} = ${subject}${between})`;
}

/**
 * The same figures as `createdWindows`, read from the daily counts (`created_counts`) instead of counting every row:
 * the whole days inside each window come from the counts, the two partial days at its edges are counted in the
 * table (a range of the subject's creation-time index, a day's rows at most).
 */
export async function createdFigures(db: DbOrTx, subject: Subject, rows: CountedRows, now: Date) {
  const { since30, since60 } = windows(now);
  const today = startOfDay(now);
  const day30 = startOfDay(since30);
  const day60 = startOfDay(since60);
  const counted = (from: Date, to: Date, toIncluded = false) =>
    sql`(select count(*) from ${rows.table} where ${rows.where} and ${rows.createdAt} >= ${from}
         and ${rows.createdAt} ${toIncluded ? sql`<=` : sql`<`} ${to})`;
  const result = await db.execute<{ total: number; last30: number; prev30: number }>(sql`select
      ${countsSum(subject)}::int as total,
      (${countsSum(subject, day30, today)} + ${counted(since30, new Date(day30.getTime() + DAY_MS))}
        + ${counted(today, now, true)})::int as last30,
      (${countsSum(subject, day60, day30)} + ${counted(since60, new Date(day60.getTime() + DAY_MS))}
        + ${counted(day30, since30)})::int as prev30`);
  const row = result.rows[0];
  return { total: row?.total ?? 0, last30: row?.last30 ?? 0, prev30: row?.prev30 ?? 0 };
}

/**
 * A back-office list's total: every row of the subject (no `filter`) is the daily counts' sum, one row a day, instead
 * of a count of them all; a filtered list counts its matching rows of `table`.
 */
export async function listTotal(
  db: DbOrTx,
  subject: Subject,
  table: PgTable,
  filter: SQL | undefined,
): Promise<number> {
  if (filter) {
    const [row] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(table)
      .where(filter);
    return row?.total ?? 0;
  }
  const result = await db.execute<{ total: number }>(sql`select ${countsSum(subject)}::int as total`);
  return result.rows[0]?.total ?? 0;
}
