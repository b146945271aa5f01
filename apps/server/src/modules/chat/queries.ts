import { and, desc, eq, gt, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection';
import { conversations, messageAttachments, messages } from '../../db/schema/chat';
import { mailQueue } from '../../db/schema/mail';
import { users } from '../../db/schema/users';
import type { NotificationData } from '../../db/schema/notifications';

export type ConversationRow = typeof conversations.$inferSelect;

export async function findUser(db: DbOrTx, id: number) {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      photoKey: users.photoKey,
      role: users.role,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function findConversation(db: DbOrTx, customerId: number): Promise<ConversationRow | null> {
  const rows = await db.select().from(conversations).where(eq(conversations.customerId, customerId)).limit(1);
  return rows[0] ?? null;
}

/** The customer's conversation, created on first use, locked for the rest of the transaction (one round trip). */
export async function lockConversation(tx: DbOrTx, customerId: number): Promise<ConversationRow> {
  const rows = await tx
    .insert(conversations)
    .values({ customerId })
    .onConflictDoUpdate({ target: conversations.customerId, set: { customerId: sql`excluded.customer_id` } })
    .returning();
  return rows[0]!;
}

export async function ensureConversation(db: DbOrTx, customerId: number): Promise<ConversationRow> {
  await db
    .insert(conversations)
    .values({ customerId })
    .onConflictDoNothing({ target: conversations.customerId });
  return (await findConversation(db, customerId))!;
}

export interface ConversationSummary {
  id: number;
  customerId: number;
  name: string;
  photoKey: string | null;
  lastMessageAt: Date | null;
  lastBody: string | null;
  lastHasAttachments: boolean;
  unread: number;
}

/**
 * Conversations with their last message and unread count. Unread counts the other side's unseen messages:
 * the customer's for the team (`forAdmin`), the team's for the customer.
 */
export async function conversationSummaries(
  db: DbOrTx,
  opts: { forAdmin: boolean; customerId?: number; limit?: number },
): Promise<ConversationSummary[]> {
  const unreadFromAdmin = !opts.forAdmin;
  const rows = await db.execute<{
    id: number;
    customer_id: number;
    name: string;
    photo_key: string | null;
    last_message_at: Date | string | null;
    last_body: string | null;
    last_has_attachments: boolean | null;
    unread: number;
  }>(sql`
    select c.id, c.customer_id, u.name, u.photo_key, c.last_message_at,
           lm.body as last_body, lm.has_attachments as last_has_attachments,
           (select count(*)::int from ${messages} m
             where m.conversation_id = c.id and m.from_admin = ${unreadFromAdmin} and m.seen = false) as unread
      from ${conversations} c
      join ${users} u on u.id = c.customer_id
      left join lateral (
        select m.body, exists (select 1 from ${messageAttachments} a where a.message_id = m.id) as has_attachments
          from ${messages} m where m.conversation_id = c.id order by m.id desc limit 1
      ) lm on true
     where ${opts.customerId ? sql`c.customer_id = ${opts.customerId}` : sql`c.last_message_at is not null and u.role = 'user'`}
     order by c.last_message_at desc nulls last, c.id desc
     limit ${opts.limit ?? 500}
  `);
  return rows.rows.map((r) => ({
    id: r.id,
    customerId: r.customer_id,
    name: r.name,
    photoKey: r.photo_key,
    lastMessageAt: r.last_message_at ? new Date(r.last_message_at) : null,
    lastBody: r.last_body,
    lastHasAttachments: !!r.last_has_attachments,
    unread: r.unread,
  }));
}

/** Unseen messages of the other side, over every conversation the viewer sees. */
export async function unreadTotal(
  db: DbOrTx,
  opts: { forAdmin: boolean; customerId?: number },
): Promise<number> {
  const conditions = [eq(messages.fromAdmin, !opts.forAdmin), eq(messages.seen, false)];
  if (opts.customerId) conditions.push(eq(conversations.customerId, opts.customerId));
  else conditions.push(eq(users.role, 'user'));
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(users, eq(users.id, conversations.customerId))
    .where(and(...conditions));
  return rows[0]?.n ?? 0;
}

const sender = alias(users, 'sender');
const receiver = alias(users, 'receiver');

const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  receiverId: messages.receiverId,
  fromAdmin: messages.fromAdmin,
  body: messages.body,
  seen: messages.seen,
  createdAt: messages.createdAt,
  senderName: sender.name,
  senderPhotoKey: sender.photoKey,
  receiverName: receiver.name,
  receiverPhotoKey: receiver.photoKey,
};

export type MessageRow = Awaited<ReturnType<typeof messagesById>>[number];

export async function messagesById(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(messageColumns)
    .from(messages)
    .leftJoin(sender, eq(sender.id, messages.senderId))
    .leftJoin(receiver, eq(receiver.id, messages.receiverId))
    .where(inArray(messages.id, ids))
    .orderBy(messages.id);
}

/** A page of history, newest `limit` before `before`, answered oldest first. */
export async function messagePage(
  db: DbOrTx,
  conversationId: number,
  before: number | undefined,
  limit: number,
) {
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(sender, eq(sender.id, messages.senderId))
    .leftJoin(receiver, eq(receiver.id, messages.receiverId))
    .where(and(eq(messages.conversationId, conversationId), before ? lt(messages.id, before) : undefined))
    .orderBy(desc(messages.id))
    .limit(limit + 1);
  const hasMore = rows.length > limit;
  return { rows: rows.slice(0, limit).reverse(), hasMore };
}

export async function attachmentsOf(db: DbOrTx, messageIds: number[]) {
  if (messageIds.length === 0) return [];
  return db
    .select()
    .from(messageAttachments)
    .where(inArray(messageAttachments.messageId, messageIds))
    .orderBy(messageAttachments.id);
}

/** Marks the other side's unseen messages seen; answers how many changed. */
export async function markSeen(db: DbOrTx, conversationId: number, fromAdmin: boolean): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ seen: true, seenAt: sql`now()` })
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.fromAdmin, fromAdmin),
        eq(messages.seen, false),
      ),
    )
    .returning({ id: messages.id });
  return rows.length;
}

export async function insertMessage(
  tx: DbOrTx,
  values: {
    conversationId: number;
    senderId: number;
    receiverId: number | null;
    fromAdmin: boolean;
    body: string;
  },
) {
  const result = await tx.execute<{ id: number; created_at: string | Date }>(sql`
    with m as (
      insert into ${messages} (conversation_id, sender_id, receiver_id, from_admin, body)
      values (${values.conversationId}, ${values.senderId}, ${values.receiverId}, ${values.fromAdmin}, ${values.body})
      returning id, created_at
    ), c as (
      update ${conversations} set last_message_at = (select created_at from m) where id = ${values.conversationId}
    )
    select id, created_at from m`);
  const row = result.rows[0]!;
  return { id: Number(row.id), createdAt: new Date(row.created_at) };
}

export async function insertAttachments(
  tx: DbOrTx,
  messageId: number,
  files: { fileKey: string; originalName: string; mime: string; size: number }[],
) {
  if (files.length === 0) return [];
  return tx
    .insert(messageAttachments)
    .values(files.map((f) => ({ ...f, messageId })))
    .returning();
}

export async function findAttachment(db: DbOrTx, id: number) {
  const rows = await db
    .select({
      fileKey: messageAttachments.fileKey,
      originalName: messageAttachments.originalName,
      mime: messageAttachments.mime,
      size: messageAttachments.size,
      customerId: conversations.customerId,
    })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messageAttachments.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function searchCustomers(db: DbOrTx, query: string, limit = 20) {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: users.id, name: users.name, photoKey: users.photoKey })
    .from(users)
    .where(
      and(
        eq(users.role, 'user'),
        query ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
      ),
    )
    .orderBy(query ? users.name : desc(users.createdAt))
    .limit(limit);
}

/** Whether a chat-reply mail for this conversation was queued within the last `windowMs`. */
export async function chatReplyMailWithin(
  tx: DbOrTx,
  conversationId: number,
  windowMs: number,
): Promise<boolean> {
  const rows = await tx
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(
      and(
        eq(mailQueue.kind, 'chat_reply'),
        eq(mailQueue.ref, String(conversationId)),
        gt(mailQueue.createdAt, sql`now() - make_interval(secs => ${windowMs / 1000})`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export interface WrittenMessage {
  message: { id: number; conversation_id: number; created_at: string };
  attachments: {
    id: number;
    message_id: number;
    file_key: string;
    original_name: string;
    mime: string;
    size: number;
    created_at: string;
  }[];
  notifications: {
    id: number;
    user_id: number;
    type: string;
    data: NotificationData;
    read_at: null;
    created_at: string;
    unread: number;
  }[];
}

/**
 * Writes a message in ONE statement (atomic on its own): the conversation (created on first use, its time
 * moved on), the message, its attachments and the recipients' notifications (the customer for a team reply,
 * every active admin otherwise), answering each recipient's unread count with the new one included.
 * One round trip instead of a transaction of six keeps chat delivery fast under load.
 */
export async function writeMessage(
  db: DbOrTx,
  input: {
    customerId: number;
    senderId: number;
    receiverId: number | null;
    fromAdmin: boolean;
    body: string;
    files: { fileKey: string; originalName: string; mime: string; size: number }[];
    notification: NotificationData;
  },
): Promise<WrittenMessage> {
  const f = input.files;
  const result = await db.execute<{
    message: WrittenMessage['message'];
    attachments: WrittenMessage['attachments'];
    notifications: WrittenMessage['notifications'];
  }>(sql`
    with conv as (
      insert into ${conversations} (customer_id, last_message_at) values (${input.customerId}, now())
      on conflict (customer_id) do update set last_message_at = now()
      returning id
    ), m as (
      insert into ${messages} (conversation_id, sender_id, receiver_id, from_admin, body)
      select id, ${input.senderId}, ${input.receiverId}, ${input.fromAdmin}, ${input.body} from conv
      returning id, conversation_id, created_at
    ), a as (
      insert into ${messageAttachments} (message_id, file_key, original_name, mime, size)
      select m.id, f.file_key, f.original_name, f.mime, f.size
        from m, unnest(${sql.param(f.map((x) => x.fileKey))}::text[], ${sql.param(f.map((x) => x.originalName))}::text[],
                       ${sql.param(f.map((x) => x.mime))}::text[], ${sql.param(f.map((x) => x.size))}::bigint[])
                with ordinality as f(file_key, original_name, mime, size, n)
       order by f.n
      returning id, message_id, file_key, original_name, mime, size, created_at
    ), n as (
      insert into notifications (user_id, type, data)
      select u.id, ${input.notification.type}, ${JSON.stringify(input.notification)}::jsonb from ${users} u
       where ${input.fromAdmin ? sql`u.id = ${input.customerId}` : sql`u.role = 'admin' and u.status = 1`}
      returning id, user_id, type, data, read_at, created_at
    )
    select (select row_to_json(m) from m) as message,
           (select coalesce(json_agg(a order by a.id), '[]'::json) from a) as attachments,
           (select coalesce(json_agg(json_build_object(
                     'id', n.id, 'user_id', n.user_id, 'type', n.type, 'data', n.data, 'read_at', n.read_at, 'created_at', n.created_at,
                     'unread', 1 + (select count(*) from notifications x where x.user_id = n.user_id and x.read_at is null))), '[]'::json)
              from n) as notifications`);
  return result.rows[0]!;
}
