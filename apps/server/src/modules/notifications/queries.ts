import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { notifications } from '../../db/schema/notifications';

export async function notificationPage(db: DbOrTx, userId: number, page: number, perPage: number) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
}

export async function notificationTotals(db: DbOrTx, userId: number) {
  const rows = await db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return rows[0] ?? { total: 0, unread: 0 };
}

/** Marks one of the user's notifications read (idempotent); null when it is not theirs. */
export async function markRead(db: DbOrTx, userId: number, id: number) {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows[0] ?? null;
}

export async function markAllRead(db: DbOrTx, userId: number) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
