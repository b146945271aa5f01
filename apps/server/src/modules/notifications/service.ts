import { and, eq, inArray } from 'drizzle-orm';
import {
  NOTIFICATION_TYPES,
  type AppNotification,
  type NotificationsResponse,
  USER_STATUS,
} from '@shop/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/connection';
import {
  notificationUnreadCounts,
  notifications,
  type NotificationData,
} from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { notFound } from '../../platform/errors';
import { wellFormed } from '../../platform/text-input';
import * as q from './queries';

export type NotificationRow = typeof notifications.$inferSelect;

/** Writes one notification per recipient inside the caller's transaction; publish them after it commits. */
export async function createNotifications(
  db: DbOrTx,
  userIds: number[],
  data: NotificationData,
): Promise<NotificationRow[]> {
  if (userIds.length === 0) return [];
  // A message cut by a caller must not take the transaction down: jsonb refuses half a surrogate pair.
  const stored = { ...data, message: wellFormed(data.message) };
  return db
    .insert(notifications)
    .values(userIds.map((userId) => ({ userId, type: data.type, data: stored })))
    .returning();
}

/** Every active admin's id: admins share the notifications of the shop. */
export async function activeAdminIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, USER_STATUS.active)));
  return rows.map((r) => r.id);
}

export async function unreadCounts(db: DbOrTx, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  // The counts the notifications' triggers keep (a user without a row has none unread).
  const rows = await db
    .select({ userId: notificationUnreadCounts.userId, unread: notificationUnreadCounts.unread })
    .from(notificationUnreadCounts)
    .where(inArray(notificationUnreadCounts.userId, userIds));
  for (const r of rows) counts.set(r.userId, r.unread);
  return counts;
}

/**
 * Pushes committed notifications to their recipients over realtime (the realtime platform listens on the hub),
 * with each recipient's unread count: given by a caller that already knows them, read otherwise.
 */
export async function publishNotifications(
  ctx: AppContext,
  rows: NotificationRow[],
  knownCounts?: Map<number, number>,
): Promise<void> {
  if (rows.length === 0) return;
  const counts =
    knownCounts ?? (await unreadCounts(ctx.database.db, [...new Set(rows.map((r) => r.userId))]));
  for (const row of rows)
    ctx.hub.emit('notificationCreated', row.userId, toNotificationDto(row), counts.get(row.userId) ?? 0);
}

/** A notification row as both areas see it (the spec's shape: data { type, message, design_id, slug, sender_id }). */
export function toNotificationDto(row: NotificationRow): AppNotification {
  const type = (NOTIFICATION_TYPES as readonly string[]).includes(row.data.type) ? row.data.type : 'other';
  return {
    id: row.id,
    read_at: row.readAt ? row.readAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    data: {
      type,
      message: row.data.message,
      design_id: row.data.design_id ?? null,
      slug: row.data.slug ?? null,
      sender_id: row.data.sender_id ?? null,
      ...(row.data.proposal_id ? { proposal_id: row.data.proposal_id } : {}),
      ...(row.data.booking_id ? { booking_id: row.data.booking_id } : {}),
    },
  };
}

export async function listNotifications(
  ctx: AppContext,
  userId: number,
  page: number,
  perPage: number,
): Promise<NotificationsResponse> {
  const [rows, totals] = await Promise.all([
    q.notificationPage(ctx.database.db, userId, page, perPage),
    q.notificationTotals(ctx.database.db, userId),
  ]);
  return { notifications: rows.map(toNotificationDto), unread_count: totals.unread, total: totals.total };
}

/** Another user's notification id answers 404 (never 403). */
export async function markNotificationRead(ctx: AppContext, userId: number, id: number): Promise<number> {
  if (!(await q.markRead(ctx.database.db, userId, id))) throw notFound();
  return (await unreadCounts(ctx.database.db, [userId])).get(userId) ?? 0;
}

/**
 * Marks the user's unread notifications read and answers the unread count read after the update: a notification
 * committed meanwhile (its insert was under way, so the update did not see it) stays unread and is counted, as its
 * realtime event counts it.
 */
export async function markAllNotificationsRead(ctx: AppContext, userId: number): Promise<number> {
  await q.markAllRead(ctx.database.db, userId);
  return (await unreadCounts(ctx.database.db, [userId])).get(userId) ?? 0;
}
