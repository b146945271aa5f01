import { sql, type AnyColumn } from 'drizzle-orm';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The selected columns of a dashboard figure over a table: all its rows (`total`), those created in the last 30
 * days (`last30`) and in the 30 days before (`prev30`), counted in one pass; `createdAt` is the table's column.
 */
export function createdWindows(createdAt: AnyColumn, now: Date) {
  const since30 = new Date(now.getTime() - 30 * DAY_MS);
  const since60 = new Date(now.getTime() - 60 * DAY_MS);
  return {
    total: sql<number>`count(*)::int`,
    last30: sql<number>`(count(*) filter (where ${createdAt} >= ${since30} and ${createdAt} <= ${now}))::int`,
    prev30: sql<number>`(count(*) filter (where ${createdAt} >= ${since60} and ${createdAt} < ${since30}))::int`,
  };
}
