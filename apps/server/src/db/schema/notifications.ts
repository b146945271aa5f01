import type { NotificationType } from '@shop/contracts';
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export interface NotificationData {
  type: NotificationType;
  message: string;
  design_id?: number | null;
  slug?: string | null;
  sender_id?: number | null;
  proposal_id?: number | null;
  booking_id?: number | null;
  /** Of a customer's chat message to the team: an admin has one such notification unread per customer at most. */
  to_team?: boolean;
  /** Of the team's chat reply to a customer: a customer has one such notification unread at most. */
  to_customer?: boolean;
}

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<NotificationData>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Matches the page's ORDER BY (created_at DESC, id DESC: nulls first) so a page is an index walk.
    index('notifications_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    // A customer's deletion removes the notifications about them (their chat messages, their designs), and an
    // admin opening a conversation reads its notifications: found by the id in the data, not by a scan.
    index('notifications_sender_idx')
      .on(sql`(${t.data} ->> 'sender_id')`)
      .where(sql`(${t.data} ->> 'sender_id') is not null`),
    // One unread notification per admin and customer for the customer's chat messages (chat/queries.ts writeMessage
    // inserts them ON CONFLICT DO NOTHING): messages sent at once cannot each add one.
    uniqueIndex('notifications_team_chat_unread_unique')
      .on(t.userId, sql`(${t.data} ->> 'sender_id')`)
      .where(
        sql`${t.type} = 'chat_message' and ${t.readAt} is null and (${t.data} ->> 'to_team') is not null`,
      ),
    // And one unread notification per customer for the team's replies, whichever admin wrote them: a busy
    // conversation does not bury the customer's design and proposal notifications under one a message.
    uniqueIndex('notifications_customer_chat_unread_unique')
      .on(t.userId)
      .where(
        sql`${t.type} = 'chat_message' and ${t.readAt} is null and (${t.data} ->> 'to_customer') is not null`,
      ),
    index('notifications_design_idx')
      .on(sql`(${t.data} ->> 'design_id')`)
      .where(sql`(${t.data} ->> 'design_id') is not null`),
  ],
);

/**
 * Each user's unread notifications, for the count answered after marking read and the one pushed with each
 * notification (the list page counts its own, with its total). Kept exact
 * by statement triggers on notifications (custom migration `notification-unread-counts-triggers`), in the
 * transaction of the write; a user left with none loses the row. Counting an admin's unread notifications (one per
 * waiting customer's conversation, and every design and proposal event) at every customer's first message read
 * each of them, most of a busy chat's first minute of database time.
 */
export const notificationUnreadCounts = pgTable('notification_unread_counts', {
  userId: integer('user_id').primaryKey(),
  unread: integer('unread').notNull(),
});
