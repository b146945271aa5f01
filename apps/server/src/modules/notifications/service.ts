import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/connection';
import { notifications, type NotificationData } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';

export type NotificationRow = typeof notifications.$inferSelect;

/** Writes one notification per recipient inside the caller's transaction; publish them after it commits. */
export async function createNotifications(
  db: DbOrTx,
  userIds: number[],
  data: NotificationData,
): Promise<NotificationRow[]> {
  if (userIds.length === 0) return [];
  return db
    .insert(notifications)
    .values(userIds.map((userId) => ({ userId, type: data.type, data })))
    .returning();
}

/** Every active admin's id: admins share the notifications of the shop. */
export async function activeAdminIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 1)));
  return rows.map((r) => r.id);
}

export async function unreadCounts(db: DbOrTx, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ userId: notifications.userId, count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  for (const r of rows) counts.set(r.userId, r.count);
  return counts;
}

/** Pushes committed notifications to their recipients over realtime (the realtime platform listens on the hub). */
export async function publishNotifications(ctx: AppContext, rows: NotificationRow[]): Promise<void> {
  if (rows.length === 0) return;
  const counts = await unreadCounts(ctx.database.db, [...new Set(rows.map((r) => r.userId))]);
  for (const row of rows) ctx.hub.emit('notificationCreated', row, counts.get(row.userId) ?? 0);
}
