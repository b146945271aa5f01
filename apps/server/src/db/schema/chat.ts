import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

// The shop runs a shared support inbox: one conversation per customer, answered by every admin.
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    // Unseen messages of each side, kept in step by the statements that write and read messages (queries.ts
    // writeMessage, markSeen), so unread counts read one row per conversation instead of counting messages.
    unreadForAdmin: integer('unread_for_admin').notNull().default(0),
    unreadForCustomer: integer('unread_for_customer').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_customer_unique').on(t.customerId),
    index('conversations_last_message_idx').on(t.lastMessageAt),
    // The admin inbox's ORDER BY, so a page of it is an index walk.
    index('conversations_inbox_idx').on(t.lastMessageAt.desc().nullsLast(), t.id.desc().nullsFirst()),
    // The team's unread total sums only the conversations with unread messages.
    index('conversations_admin_unread_idx')
      .on(t.unreadForAdmin)
      .where(sql`${t.unreadForAdmin} > 0`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    receiverId: integer('receiver_id').references(() => users.id, { onDelete: 'set null' }),
    // True when the message was written by the shop's team.
    fromAdmin: boolean('from_admin').notNull(),
    body: text('body').notNull().default(''),
    seen: boolean('seen').notNull().default(false),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    index('messages_unseen_idx').on(t.conversationId, t.fromAdmin, t.seen),
    // Unread counts read only the unread messages; a user's deletion finds their messages.
    index('messages_unread_idx')
      .on(t.conversationId, t.fromAdmin)
      .where(sql`not ${t.seen}`),
    index('messages_sender_idx').on(t.senderId),
    index('messages_receiver_idx').on(t.receiverId),
  ],
);

export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('message_attachments_message_idx').on(t.messageId),
    uniqueIndex('message_attachments_key_unique').on(t.fileKey),
  ],
);
