import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  ACCEPTED_TYPES,
  ADMIN_MESSAGES,
  CHAT,
  CHAT_INBOX_PAGE_SIZE,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_PAGE_SIZE,
  CHAT_SERVER_MESSAGES,
  CUSTOMER_MESSAGES,
  realtimeChannels as channels,
  sendMessageFields,
  USER_STATUS,
  type ChatMessage,
  type ChatUser,
  type Conversation,
  type ConversationsResponse,
  type MessagesResponse,
} from '@shop/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/connection';
import type { AuthContext } from '../../platform/auth/sessions';
import { badRequest, notFound, unsupportedType, validationFailed } from '../../platform/errors';
import { avatarUrl } from '../../platform/files/urls';
import { detectStoredFileType } from '../../platform/files/sniff';
import { nameForType } from '../../platform/files/storage';
import { adoptUploads, uploadJournalOf } from '../../platform/files/upload-journal';
import { admitUploads } from '../uploads/quota';
import { enqueueMail, simpleHtml } from '../../platform/mail/queue';
import { loggableError } from '../../platform/log-redaction';
import { validate, withMultipart, type MultipartBody } from '../../platform/multipart';
import { cutText } from '../../platform/text-input';
import type { Realtime } from '../../platform/realtime/server';
import { publishNotifications, type NotificationRow } from '../notifications/service';
import * as q from './queries';

const TEAM_NAME = 'Admin';
const isAdmin = (auth: AuthContext) => auth.user.role === 'admin';

/**
 * Which conversation a path id names for the viewer (decisions.md D7: one conversation per customer), from the id
 * alone: the conversation's customer, and the user who must be there with a role. An admin names a customer; a
 * customer names the team (any admin's id) or themselves, which needs no one found. Anything else is 404, found
 * by `resolveCounterpart` or, for a new message, by the message's own statement (one round trip fewer).
 */
function addressOf(auth: AuthContext, userId: number) {
  if (isAdmin(auth)) return { customerId: userId, counterpart: { id: userId, role: 'user' as const } };
  if (userId === auth.user.id) return { customerId: auth.user.id, counterpart: null };
  return { customerId: auth.user.id, counterpart: { id: userId, role: 'admin' as const } };
}

/** The user an address names, read now; 404 when they are not there with the role they must have. */
async function findCounterpart(db: DbOrTx, counterpart: ReturnType<typeof addressOf>['counterpart']) {
  if (!counterpart) return null;
  const user = await q.findUser(db, counterpart.id);
  if (user?.role !== counterpart.role) throw notFound();
  return user;
}

/** The conversation a path id names, its counterpart looked up; the customer's row when an admin names one. */
async function resolveCounterpart(ctx: AppContext, auth: AuthContext, userId: number) {
  const address = addressOf(auth, userId);
  const found = await findCounterpart(ctx.database.db, address.counterpart);
  return { customerId: address.customerId, customer: isAdmin(auth) ? found : null };
}

const teamUser = (id: number | null): ChatUser => ({ id, name: TEAM_NAME, photo_url: null });

function attachmentUrl(id: number) {
  return `/api/chat/attachments/${id}`;
}

/** Message rows as the viewer sees them: to a customer, every admin is `Admin`. */
async function presentMessages(
  ctx: AppContext,
  rows: q.MessageRow[],
  customerId: number,
  forAdmin: boolean,
): Promise<ChatMessage[]> {
  const files = await q.attachmentsOf(
    ctx.database.db,
    rows.map((r) => r.id),
  );
  return presentRows(rows, files, customerId, forAdmin);
}

type AttachmentRow = Awaited<ReturnType<typeof q.attachmentsOf>>[number];

function presentRows(
  rows: q.MessageRow[],
  files: AttachmentRow[],
  customerId: number,
  forAdmin: boolean,
): ChatMessage[] {
  return rows.map((r) => {
    const attachments = files
      .filter((f) => f.messageId === r.id)
      .map((f) => ({ id: f.id, name: f.originalName, url: attachmentUrl(f.id), mime: f.mime, size: f.size }));
    const senderReal: ChatUser = {
      id: r.senderId,
      name: r.senderName ?? 'Deleted user',
      photo_url: avatarUrl(r.senderPhotoKey),
    };
    const receiverReal: ChatUser = r.receiverId
      ? { id: r.receiverId, name: r.receiverName ?? 'Deleted user', photo_url: avatarUrl(r.receiverPhotoKey) }
      : teamUser(null);
    const teamSide = (u: ChatUser) => (forAdmin ? u : teamUser(u.id));
    return {
      id: r.id,
      conversation_user_id: customerId,
      message: r.body,
      sender_id: r.senderId,
      receiver_id: r.receiverId,
      from_admin: r.fromAdmin,
      created_at: r.createdAt.toISOString(),
      seen: r.seen,
      attachments,
      attachments_urls: attachments.map((a) => a.url),
      sender: r.fromAdmin ? teamSide(senderReal) : senderReal,
      receiver: r.fromAdmin ? receiverReal : r.receiverId ? teamSide(receiverReal) : teamUser(null),
    };
  });
}

function lastMessageText(s: q.ConversationSummary): string {
  if (s.lastBody === null) return CUSTOMER_MESSAGES.noMessages;
  if (s.lastBody === '' && s.lastHasAttachments) return CUSTOMER_MESSAGES.attachment;
  return s.lastBody;
}

/** `<microseconds>.<id>`: a position in the inbox's order, as `next_cursor` gives it. */
const CURSOR_PATTERN = /^(\d{1,17})\.(\d{1,10})$/;

function parseCursor(cursor: string | undefined): q.InboxCursor | undefined {
  if (cursor === undefined) return undefined;
  const match = CURSOR_PATTERN.exec(cursor);
  const id = match ? Number(match[2]) : 0;
  if (!match || id < 1 || id > 2_147_483_647) throw badRequest(CHAT_SERVER_MESSAGES.badCursor);
  return { atMicros: match[1]!, id };
}

const formatCursor = (c: q.InboxCursor) => `${c.atMicros}.${c.id}`;

export async function listConversations(
  ctx: AppContext,
  auth: AuthContext,
  query: { cursor?: string; search: string },
): Promise<ConversationsResponse> {
  const db = ctx.database.db;
  if (isAdmin(auth)) {
    const after = parseCursor(query.cursor);
    // One more than a page says whether another page follows.
    const rows = await q.conversationSummaries(db, {
      forAdmin: true,
      after,
      search: query.search || undefined,
      limit: CHAT_INBOX_PAGE_SIZE + 1,
    });
    const page = rows.slice(0, CHAT_INBOX_PAGE_SIZE);
    const last = page.at(-1);
    return {
      conversations: page.map((s) => ({
        id: s.id,
        name: s.name,
        photo_url: avatarUrl(s.photoKey),
        unread: s.unread,
        last_message: lastMessageText(s),
        last_message_time: s.lastMessageAt?.toISOString() ?? null,
        user_id: s.customerId,
      })),
      next_cursor: rows.length > CHAT_INBOX_PAGE_SIZE && last?.cursor ? formatCursor(last.cursor) : null,
    };
  }
  await q.ensureConversation(db, auth.user.id);
  const [s] = await q.conversationSummaries(db, { forAdmin: false, customerId: auth.user.id });
  if (!s) return { conversations: [], next_cursor: null };
  const conversations: Conversation[] = [
    {
      id: s.id,
      name: TEAM_NAME,
      photo_url: null,
      unread: s.unread,
      last_message: lastMessageText(s),
      last_message_time: s.lastMessageAt?.toISOString() ?? null,
      user_id: auth.user.id,
    },
  ];
  return { conversations, next_cursor: null };
}

export async function unreadCount(ctx: AppContext, auth: AuthContext): Promise<number> {
  return isAdmin(auth)
    ? q.unreadTotal(ctx.database.db, { forAdmin: true })
    : q.unreadTotal(ctx.database.db, { forAdmin: false, customerId: auth.user.id });
}

/** Marks the other side's messages of a conversation seen (and the reader's chat notifications read) and tells both sides. */
async function markConversationSeen(
  ctx: AppContext,
  realtime: Realtime,
  auth: AuthContext,
  conversationId: number,
  customerId: number,
) {
  const admin = isAdmin(auth);
  const changed = await q.markSeen(ctx.database.db, conversationId, !admin);
  // The reader's notifications of the conversation are read with it (the bell no longer points at it): for an
  // admin, every admin's of this customer (the inbox is shared); for the customer, their own.
  if (admin) await q.markChatNotificationsRead(ctx.database.db, customerId);
  else await q.markOwnChatNotificationsRead(ctx.database.db, customerId);
  if (changed > 0) {
    realtime.emit([channels.conversation(customerId), channels.admins], 'messages:seen', {
      conversation_user_id: customerId,
      reader: admin ? 'admin' : 'customer',
    });
  }
}

export async function listMessages(
  ctx: AppContext,
  realtime: Realtime,
  auth: AuthContext,
  userId: number,
  before: number | undefined,
): Promise<MessagesResponse> {
  const target = await resolveCounterpart(ctx, auth, userId);
  const admin = isAdmin(auth);
  const user: ChatUser = target.customer
    ? { id: target.customer.id, name: target.customer.name, photo_url: avatarUrl(target.customer.photoKey) }
    : teamUser(userId);
  const conversation = await q.findConversation(ctx.database.db, target.customerId);
  if (!conversation) return { messages: [], user, has_more: false };
  await markConversationSeen(ctx, realtime, auth, conversation.id, target.customerId);
  const page = await q.messagePage(ctx.database.db, conversation.id, before, CHAT_PAGE_SIZE);
  return {
    messages: await presentMessages(ctx, page.rows, target.customerId, admin),
    user,
    has_more: page.hasMore,
  };
}

export async function markMessagesSeen(
  ctx: AppContext,
  realtime: Realtime,
  auth: AuthContext,
  userId: number,
) {
  const target = await resolveCounterpart(ctx, auth, userId);
  const conversation = await q.findConversation(ctx.database.db, target.customerId);
  if (conversation) await markConversationSeen(ctx, realtime, auth, conversation.id, target.customerId);
  return { unread: 0 };
}

/** The largest body a message without files can have: its longest text at 4 bytes a character, and the form's framing. */
const TEXT_ONLY_BODY_BYTES = CHAT_MESSAGE_MAX_LENGTH * 4 + 4096;

export async function sendMessage(
  ctx: AppContext,
  realtime: Realtime,
  auth: AuthContext,
  receiverId: number,
  request: FastifyRequest,
): Promise<ChatMessage> {
  const address = addressOf(auth, receiverId);
  // A body that may carry files has its counterpart looked up before it is read: a message to nobody is answered
  // 404 while its files are still arriving, and nothing of them is stored. A text's body is read at once.
  if (!(Number(request.headers['content-length']) <= TEXT_ONLY_BODY_BYTES))
    await findCounterpart(ctx.database.db, address.counterpart);
  // Attachments stream into storage as they arrive; the message's write adopts them (withMultipart removes
  // them if it never happens, as when the counterpart is not there).
  return withMultipart(
    request,
    isAdmin(auth) ? adminAttachmentRules : customerAttachmentRules,
    uploadJournalOf(ctx),
    (body) => postMessage(ctx, realtime, auth, address, body, request.log),
  );
}

/** The same limits on both sides; each side's spec words the refusal of a sixth file its own way. */
const attachmentRules = (tooManyMessage: string) => ({
  files: {
    attachments: {
      maxBytes: CHAT.maxFileBytes,
      maxCount: CHAT.maxFiles,
      tooLargeMessage: CUSTOMER_MESSAGES.chatFileTooLarge,
      tooManyMessage,
      storeUnder: 'chat',
    },
  },
});
const customerAttachmentRules = attachmentRules(CUSTOMER_MESSAGES.chatMaxFiles);
const adminAttachmentRules = attachmentRules(ADMIN_MESSAGES.chatMaxFiles);

async function postMessage(
  ctx: AppContext,
  realtime: Realtime,
  auth: AuthContext,
  address: ReturnType<typeof addressOf>,
  body: MultipartBody,
  log: FastifyBaseLogger,
): Promise<ChatMessage> {
  const admin = isAdmin(auth);
  const raw = body.fields.message;
  const { message: text } = validate(sendMessageFields, {
    message: Array.isArray(raw) ? raw.join('\n') : raw,
  });
  if (!text && body.stored.length === 0)
    throw validationFailed({ message: [CHAT_SERVER_MESSAGES.messageRequired] });

  const accepted: readonly string[] = ACCEPTED_TYPES.chat;
  const files: { fileKey: string; originalName: string; mime: string; size: number }[] = [];
  for (const f of body.stored) {
    const type = await detectStoredFileType(ctx.storage, f.key, f.filename);
    if (!type || !accepted.includes(type.mime)) {
      throw unsupportedType(CHAT_SERVER_MESSAGES.unsupportedAttachment(f.filename), {
        attachments: [CHAT_SERVER_MESSAGES.unsupportedAttachment(f.filename)],
      });
    }
    files.push({
      fileKey: f.key,
      originalName: nameForType(f.filename, type.ext),
      mime: type.mime,
      size: f.size,
    });
  }

  // An admin's reply is also mailed to a customer who is not connected (at most once per window), unless the
  // account is inactive: its owner cannot sign in to read it (the reply itself is kept, for the history). The
  // account's status comes with the message's write, which a reply to an offline customer makes in a transaction.
  const customerOffline = admin && !(await realtime.isOnline(address.customerId).catch(() => true));

  const notice = {
    type: 'chat_message' as const,
    message: admin ? `New message from ${TEAM_NAME}` : `New message from ${auth.user.name}`,
    sender_id: auth.user.id,
    ...(admin ? { to_customer: true } : { to_team: true }),
  };
  const receiverIdStored = admin ? address.customerId : (address.counterpart?.id ?? null);
  const fileKeys = files.map((f) => f.fileKey);
  // One write path: the message, its attachments, the conversation's time and the recipients' notification in
  // one statement, in a transaction with the adoption of its attachments and, for a reply to a customer who is
  // not connected, the reply mail (at most once per window: the statement's upsert locks the conversation row,
  // so two replies at once cannot both decide to mail).
  const message = {
    customerId: address.customerId,
    senderId: auth.user.id,
    receiverId: receiverIdStored,
    fromAdmin: admin,
    body: text,
    files,
    notification: notice,
    counterpart: address.counterpart,
  };
  const write = async (tx: DbOrTx) => {
    // A customer's attachments count against their upload space and rate; the team's do not. The rate is spent
    // here, before the message's statement checks its counterpart: a message to nobody must not spend it.
    if (!admin && files.length) {
      await findCounterpart(tx, address.counterpart);
      await admitUploads(
        ctx,
        tx,
        { userId: auth.user.id },
        files.reduce((sum, f) => sum + f.size, 0),
        'attachments',
      );
    }
    const w = await q.writeMessage(tx, message);
    // Nothing written: the counterpart is not there (the transaction, if any, undoes the quota's admission).
    if (!w.message) throw notFound();
    await adoptUploads(tx, fileKeys);
    const mailCustomer =
      customerOffline && w.counterpart?.status === USER_STATUS.active ? w.counterpart : null;
    if (mailCustomer) {
      const conversationId = Number(w.message.conversation_id);
      if (!(await q.chatReplyMailWithin(tx, conversationId, CHAT.offlineMailWindowMs))) {
        const url = `${ctx.config.publicUrl}/user/chat`;
        const preview = text
          ? text.length > 300
            ? `${cutText(text, 300)}…`
            : text
          : `${files.length} attachment(s)`;
        // Worded for a first message as for a reply: the team may write before the customer ever has.
        const paragraphs = [
          `Hello ${mailCustomer.name},`,
          `Our team sent you a message:`,
          preview,
          `Open the chat to answer.`,
        ];
        await enqueueMail(tx, {
          to: mailCustomer.email,
          subject: `New message from ${ctx.config.appName}`,
          text: `${paragraphs.join('\n\n')}\n\n${url}\n`,
          html: simpleHtml(ctx.config.appName, paragraphs, { label: 'Open the chat', url }),
          kind: 'chat_reply',
          ref: String(conversationId),
        });
      }
    }
    return w;
  };
  // A message alone is one statement, atomic by itself; the transaction is opened when other writes join it
  // (its attachments' adoption and quota, the reply mail).
  const written =
    files.length || customerOffline ? await ctx.database.db.transaction(write) : await write(ctx.database.db);
  const inserted = { id: Number(written.message!.id), createdAt: new Date(written.message!.created_at) };
  const attachmentRows: AttachmentRow[] = written.attachments.map((a) => ({
    id: a.id,
    messageId: Number(a.message_id),
    fileKey: a.file_key,
    originalName: a.original_name,
    mime: a.mime,
    size: Number(a.size),
    createdAt: new Date(a.created_at),
  }));
  const notified: NotificationRow[] = written.notifications.map((n) => ({
    id: Number(n.id),
    userId: n.user_id,
    type: n.type,
    data: n.data,
    readAt: null,
    createdAt: new Date(n.created_at),
  }));
  const counts = new Map(written.notifications.map((n) => [n.user_id, Number(n.unread)]));

  // Everything the answer shows is known here: no read-back.
  const counterpart = written.counterpart;
  const row: q.MessageRow = {
    id: inserted.id,
    conversationId: 0,
    senderId: auth.user.id,
    receiverId: receiverIdStored,
    fromAdmin: admin,
    body: text,
    seen: false,
    createdAt: inserted.createdAt,
    senderName: auth.user.name,
    senderPhotoKey: auth.user.photoKey,
    receiverName: counterpart?.name ?? null,
    receiverPhotoKey: counterpart?.photo_key ?? null,
  };
  const [forCustomer] = presentRows([row], attachmentRows, address.customerId, false);
  const [forAdmins] = presentRows([row], attachmentRows, address.customerId, true);
  realtime.emit(channels.conversation(address.customerId), 'MessageSent', { message: forCustomer! });
  realtime.emit(channels.admins, 'MessageSent', { message: forAdmins! });
  await publishNotifications(ctx, notified, counts).catch((err) =>
    log.warn({ err: loggableError(err) }, 'notification push failed'),
  );
  return admin ? forAdmins! : forCustomer!;
}

export async function searchUsers(ctx: AppContext, query: string) {
  const rows = await q.searchCustomers(ctx.database.db, query);
  return rows.map((u) => ({ id: u.id, name: u.name, photo_url: avatarUrl(u.photoKey) }));
}

/** An attachment for its conversation's customer and for admins; anyone else gets 404. */
export async function attachmentForDownload(ctx: AppContext, auth: AuthContext, id: number) {
  const found = await q.findAttachment(ctx.database.db, id);
  if (!found || (!isAdmin(auth) && found.customerId !== auth.user.id)) throw notFound();
  const file = await ctx.storage.read(found.fileKey);
  if (!file) throw notFound();
  return { ...found, ...file, name: found.originalName };
}
