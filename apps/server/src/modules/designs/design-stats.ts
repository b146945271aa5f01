import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { designSubmissions } from '../../db/schema/designs';
import { createdWindows } from '../../platform/created-windows';

export interface DesignFigures {
  /** Every submission, whatever its status (the dashboard's "Total Designs"). */
  total: number;
  pending: number;
  createdInLast30Days: number;
  createdInThe30DaysBefore: number;
}

/** The dashboard's design figures, counted in one pass over design_submissions. */
export async function designFigures(db: DbOrTx, now: Date): Promise<DesignFigures> {
  const [row] = await db
    .select({
      ...createdWindows(designSubmissions.createdAt, now),
      pending: sql<number>`(count(*) filter (where ${designSubmissions.status} = 'pending'))::int`,
    })
    .from(designSubmissions);
  return {
    total: row?.total ?? 0,
    pending: row?.pending ?? 0,
    createdInLast30Days: row?.last30 ?? 0,
    createdInThe30DaysBefore: row?.prev30 ?? 0,
  };
}

/** How many designs each of the given users has submitted (the admin user list's user_designs_count). */
export async function designCountsByUser(db: DbOrTx, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ userId: designSubmissions.userId, count: sql<number>`count(*)::int` })
    .from(designSubmissions)
    .where(inArray(designSubmissions.userId, userIds))
    .groupBy(designSubmissions.userId);
  for (const r of rows) if (r.userId !== null) counts.set(r.userId, r.count);
  return counts;
}
