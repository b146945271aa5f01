import { and, desc, eq, gt, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection';
import { shapedQuery } from '../../db/shaped';
import { conversations, messageAttachments, messages } from '../../db/schema/chat';
import { mailQueue } from '../../db/schema/mail';
import { users } from '../../db/schema/users';
import type { NotificationData } from '../../db/schema/notifications';
import { containsPattern } from '../../platform/like';

export type ConversationRow = typeof conversations.$inferSelect;

/** A chat counterpart; the lookup of every reply an admin sends, built once and prepared (`shapedQuery`). */
export async function findUser(db: DbOrTx, id: number) {
  const { rows } = await shapedQuery(
    db,
    'chat:user',
    (bind) =>
      sql`select id, name, email, photo_key, role, status from ${users} where id = ${bind('id')} limit 1`,
    { id },
    (v) => ({
      id: v[0] as number,
      name: v[1] as string,
      email: v[2] as string,
      photoKey: v[3] as string | null,
      role: v[4] as 'user' | 'admin',
      status: v[5] as number,
    }),
  );
  return rows[0] ?? null;
}

export async function findConversation(db: DbOrTx, customerId: number): Promise<ConversationRow | null> {
  const rows = await db.select().from(conversations).where(eq(conversations.customerId, customerId)).limit(1);
  return rows[0] ?? null;
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
  /** The position of this conversation in the inbox's order, for the next page's cursor. */
  cursor: InboxCursor | null;
}

/** A position in the inbox's order (last message time, then id, both newest first): microseconds since 1970. */
export interface InboxCursor {
  atMicros: string;
  id: number;
}

/**
 * Conversations with their last message and unread count. Unread is the other side's unseen messages, read
 * from the conversation's counter: the customer's for the team (`forAdmin`), the team's for the customer.
 * The team's inbox pages by keyset (`after`, newest first, matching `conversations_inbox_idx`) and can be
 * narrowed to customers whose name or e-mail contains `search` (the users' trigram indexes).
 */
export async function conversationSummaries(
  db: DbOrTx,
  opts: { forAdmin: boolean; customerId?: number; limit?: number; after?: InboxCursor; search?: string },
): Promise<ConversationSummary[]> {
  const unread = opts.forAdmin ? sql`c.unread_for_admin` : sql`c.unread_for_customer`;
  const where = opts.customerId
    ? sql`c.customer_id = ${opts.customerId}`
    : sql.join(
        [
          sql`c.last_message_at is not null and u.role = 'user'`,
          opts.after
            ? sql`(c.last_message_at, c.id) < (timestamptz 'epoch' + ${opts.after.atMicros}::bigint * interval '1 microsecond', ${opts.after.id}::int)`
            : undefined,
          opts.search
            ? sql`(u.name ilike ${containsPattern(opts.search)} or u.email ilike ${containsPattern(opts.search)})`
            : undefined,
        ].filter((part) => part !== undefined),
        sql` and `,
      );
  const rows = await db.execute<{
    id: number;
    customer_id: number;
    name: string;
    photo_key: string | null;
    last_message_at: Date | string | null;
    at_micros: string | null;
    last_body: string | null;
    last_has_attachments: boolean | null;
    unread: number;
  }>(sql`
    select c.id, c.customer_id, u.name, u.photo_key, c.last_message_at,
           (extract(epoch from c.last_message_at) * 1000000)::bigint::text as at_micros,
           lm.body as last_body, lm.has_attachments as last_has_attachments, ${unread} as unread
      from ${conversations} c
      join ${users} u on u.id = c.customer_id
      left join lateral (
        select m.body, exists (select 1 from ${messageAttachments} a where a.message_id = m.id) as has_attachments
          from ${messages} m where m.conversation_id = c.id order by m.id desc limit 1
      ) lm on true
     where ${where}
     order by c.last_message_at desc nulls last, c.id desc
     limit ${opts.limit ?? 1}
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
    cursor: r.at_micros ? { atMicros: r.at_micros, id: r.id } : null,
  }));
}

/** Unseen messages of the other side, over every conversation the viewer sees: the conversations' counters. */
export async function unreadTotal(
  db: DbOrTx,
  opts: { forAdmin: boolean; customerId?: number },
): Promise<number> {
  const rows = opts.customerId
    ? await db.execute<{ n: number }>(
        sql`select coalesce(sum(unread_for_customer), 0)::int as n from ${conversations} where customer_id = ${opts.customerId}`,
      )
    : await db.execute<{ n: number }>(
        sql`select coalesce(sum(unread_for_admin), 0)::int as n from ${conversations} where unread_for_admin > 0`,
      );
  return rows.rows[0]?.n ?? 0;
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

/** The admins' unread notifications of a customer's messages, marked read (the conversation was opened). */
export async function markChatNotificationsRead(db: DbOrTx, customerId: number): Promise<number> {
  const result = await db.execute(sql`
    update notifications set read_at = now()
     where type = 'chat_message' and read_at is null and data->>'sender_id' = ${String(customerId)}
       and user_id in (select id from ${users} where role = 'admin')`);
  return result.rowCount ?? 0;
}

/** A customer's unread notifications of the team's replies, marked read (the customer opened the chat). */
export async function markOwnChatNotificationsRead(db: DbOrTx, customerId: number): Promise<number> {
  const result = await db.execute(sql`
    update notifications set read_at = now()
     where user_id = ${customerId} and type = 'chat_message' and read_at is null`);
  return result.rowCount ?? 0;
}

/** Marks the other side's unseen messages seen; answers how many changed. */
export async function markSeen(db: DbOrTx, conversationId: number, fromAdmin: boolean): Promise<number> {
  // One statement: the messages seen and the conversation's counter lowered by as many as changed.
  const counter = fromAdmin ? sql.raw('unread_for_customer') : sql.raw('unread_for_admin');
  const result = await db.execute<{ changed: number }>(sql`
    with seen as (
      update ${messages} set seen = true, seen_at = now()
       where conversation_id = ${conversationId} and from_admin = ${fromAdmin} and seen = false
      returning 1
    ), n as (select count(*)::int as changed from seen), lowered as (
      update ${conversations} set ${counter} = greatest(0, ${counter} - n.changed)
        from n where id = ${conversationId} and n.changed > 0
    )
    select n.changed from n`);
  return result.rows[0]?.changed ?? 0;
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
  const pattern = containsPattern(query);
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

/** The user a message is addressed to, found by the message's own statement with the role they must have. */
export interface Counterpart {
  id: number;
  name: string;
  email: string;
  photo_key: string | null;
  role: 'user' | 'admin';
  status: number;
}

export interface WrittenMessage {
  /** Null when nothing was written: the counterpart is not there with the role it must have. */
  message: { id: number; conversation_id: number; created_at: string } | null;
  counterpart: Counterpart | null;
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
 * every active admin otherwise, except an admin who still has an unread notification of this customer's
 * conversation), answering each recipient's unread count with the new one included (the count the
 * notifications' triggers keep, as committed when the statement takes the recipient's count row, plus the new one).
 * The same statement checks whom the message is addressed to (`counterpart`: a customer for a team reply, an
 * admin for a customer's message to a member of the team, none for one to the team as a whole): when that user
 * is not there with that role, it writes nothing and answers `message: null`.
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
    counterpart: { id: number; role: 'user' | 'admin' } | null;
  },
): Promise<WrittenMessage> {
  const f = input.files;
  const admin = input.fromAdmin;
  // One statement per direction (the text differs only there), built once and prepared per connection: a chat
  // under load sends hundreds of these a second.
  const result = await shapedQuery<{
    message: WrittenMessage['message'];
    counterpart: WrittenMessage['counterpart'];
    attachments: WrittenMessage['attachments'];
    notifications: WrittenMessage['notifications'];
  }>(
    db,
    `chat:message:${admin ? 'from-team' : 'from-customer'}`,
    (bind) => sql`
    with target as (
      select id, name, email, photo_key, role, status from ${users}
       where id = ${bind('counterpartId')}::int and role = ${bind('counterpartRole')}::text
    ), conv as (
      -- Everything below reads the conversation's row (or the message, which reads it): nothing is written when
      -- the counterpart named is not there.
      insert into ${conversations} (customer_id, last_message_at, ${sql.raw(admin ? 'unread_for_customer' : 'unread_for_admin')})
      select ${bind('customerId')}::int, now(), 1
       where ${bind('counterpartId')}::int is null or exists (select 1 from target)
      on conflict (customer_id) do update set last_message_at = now(),
        ${sql.raw(admin ? 'unread_for_customer = conversations.unread_for_customer + 1' : 'unread_for_admin = conversations.unread_for_admin + 1')}
      returning id
    ), m as (
      insert into ${messages} (conversation_id, sender_id, receiver_id, from_admin, body)
      select id, ${bind('senderId')}::int, ${bind('receiverId')}::int, ${admin}, ${bind('body')}::text from conv
      returning id, conversation_id, created_at
    ), a as (
      insert into ${messageAttachments} (message_id, file_key, original_name, mime, size)
      select m.id, f.file_key, f.original_name, f.mime, f.size
        from m, unnest(${bind('fileKeys')}::text[], ${bind('fileNames')}::text[],
                       ${bind('fileMimes')}::text[], ${bind('fileSizes')}::bigint[])
                with ordinality as f(file_key, original_name, mime, size, n)
       order by f.n
      returning id, message_id, file_key, original_name, mime, size, created_at
    ), n as (
      insert into notifications (user_id, type, data)
      select u.id, ${bind('type')}::text, ${bind('data')}::jsonb from ${users} u
       where exists (select 1 from m)
         and ${admin ? sql`u.id = ${bind('customerId')}` : sql`u.role = 'admin' and u.status = 1`}
         -- An admin gets one notification per conversation with unread messages, and a customer one for the
         -- team's replies, not one per message. The unique indexes (notifications_team_chat_unread_unique,
         -- notifications_customer_chat_unread_unique) hold it for messages sent at once, which the check, reading
         -- the statement's snapshot, cannot see. The check names each index's whole predicate, so that it is
         -- read from that index: an admin has an unread notification for every customer waiting, and reading
         -- them all at each message was most of a busy chat's database time.
         and ${
           admin
             ? sql`not exists (select 1 from notifications x
                    where x.user_id = u.id and x.type = 'chat_message' and x.read_at is null
                      and (x.data->>'to_customer') is not null)`
             : sql`not exists (select 1 from notifications x
                    where x.user_id = u.id and x.type = 'chat_message' and x.read_at is null
                      and (x.data->>'to_team') is not null and x.data->>'sender_id' = ${bind('senderKey')}::text)`
         }
      ${
        admin
          ? sql`on conflict (user_id)
          where type = 'chat_message' and read_at is null and (data->>'to_customer') is not null do nothing`
          : sql`on conflict (user_id, (data->>'sender_id'))
          where type = 'chat_message' and read_at is null and (data->>'to_team') is not null do nothing`
      }
      returning id, user_id, type, data, read_at, created_at
    ), counted as (
      -- Each recipient's count row, taken (created at 0 if missing; the insert trigger adds the new notification at
      -- the statement's end) and read as last committed, not as the statement's snapshot saw it: two customers'
      -- first messages at once each push the count their own commit leaves, where the snapshot would give both the
      -- same. The sort reads all of n before the first row is taken, in the order the trigger takes them too.
      insert into notification_unread_counts as c (user_id, unread)
      select n.user_id, 0 from n order by n.user_id
      on conflict (user_id) do update set unread = c.unread
      returning c.user_id, c.unread
    )
    -- Committed without waiting for the WAL to reach the disk (ARCHITECTURE.md, "Chat messages commit
    -- asynchronously"): set for this statement's transaction, or the one it joins, and nothing else.
    select set_config('synchronous_commit', 'off', true) as synchronous_commit,
           (select row_to_json(m) from m) as message,
           (select row_to_json(target) from target) as counterpart,
           (select coalesce(json_agg(a order by a.id), '[]'::json) from a) as attachments,
           (select coalesce(json_agg(json_build_object(
                     'id', n.id, 'user_id', n.user_id, 'type', n.type, 'data', n.data, 'read_at', n.read_at, 'created_at', n.created_at,
                     'unread', 1 + (select k.unread from counted k where k.user_id = n.user_id))), '[]'::json)
              from n) as notifications`,
    {
      customerId: input.customerId,
      senderId: input.senderId,
      receiverId: input.receiverId,
      body: input.body,
      fileKeys: f.map((x) => x.fileKey),
      fileNames: f.map((x) => x.originalName),
      fileMimes: f.map((x) => x.mime),
      fileSizes: f.map((x) => x.size),
      type: input.notification.type,
      data: JSON.stringify(input.notification),
      senderKey: String(input.senderId),
      counterpartId: input.counterpart?.id ?? null,
      counterpartRole: input.counterpart?.role ?? null,
    },
  );
  return result.rows[0]!;
}
