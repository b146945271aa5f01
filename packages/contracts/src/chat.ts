import { z } from 'zod';
import { CHAT, SEARCH_MAX_LENGTH } from './constants';

/** A participant as chat shows it; to a customer every admin is shown as `Admin`. */
export const chatUserSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  photo_url: z.string().nullable(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

export const chatAttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** An authorized download route: send the session's bearer token. */
  url: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  /** The customer whose conversation this message belongs to. */
  conversation_user_id: z.number().int(),
  message: z.string(),
  sender_id: z.number().int().nullable(),
  receiver_id: z.number().int().nullable(),
  /** True when the shop's team wrote it. */
  from_admin: z.boolean(),
  created_at: z.string(),
  seen: z.boolean(),
  attachments: z.array(chatAttachmentSchema),
  attachments_urls: z.array(z.string()),
  sender: chatUserSchema,
  receiver: chatUserSchema,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  photo_url: z.string().nullable(),
  unread: z.number().int(),
  last_message: z.string(),
  last_message_time: z.string().nullable(),
  /** The id to open and write to (`/api/messages/{user_id}`). */
  user_id: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** Conversations per page of the team's inbox. */
export const CHAT_INBOX_PAGE_SIZE = 50;

/**
 * The team's inbox pages with `cursor` (the `next_cursor` of the page before) and narrows to customers whose name
 * or e-mail contains `search`. A customer has one conversation and gets it whatever these say.
 */
export const conversationsQuery = z.object({
  cursor: z.string().optional(),
  search: z.string().trim().max(SEARCH_MAX_LENGTH.list).optional().default(''),
});
export type ConversationsQuery = z.input<typeof conversationsQuery>;

export const conversationsResponse = z.object({
  conversations: z.array(conversationSchema),
  /** Where the next page starts; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type ConversationsResponse = z.infer<typeof conversationsResponse>;

export const CHAT_PAGE_SIZE = 30;

export const userIdParam = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });
export const receiverIdParam = z.object({
  receiverId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const messagesQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
});

export const messagesResponse = z.object({
  messages: z.array(chatMessageSchema),
  user: chatUserSchema,
  /** Whether older messages exist before the first one answered. */
  has_more: z.boolean(),
});
export type MessagesResponse = z.infer<typeof messagesResponse>;

export const CHAT_MESSAGE_MAX_LENGTH = 5000;

/** The text fields of `POST /api/messages/{receiverId}` (attachments travel as files `attachments[n]`). */
export const sendMessageFields = z.object({
  message: z
    .string()
    .max(
      CHAT_MESSAGE_MAX_LENGTH,
      `The message may not be greater than ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
    )
    .optional()
    .default('')
    .transform((v) => v.trim()),
});

export const sendMessageResponse = z.object({ message: chatMessageSchema });
export type SendMessageResponse = z.infer<typeof sendMessageResponse>;

export const markSeenResponse = z.object({ unread: z.number().int() });

export const searchUsersQuery = z.object({
  query: z.string().trim().max(SEARCH_MAX_LENGTH.list).optional().default(''),
});
export const searchUsersResponse = z.object({
  users: z.array(z.object({ id: z.number().int(), name: z.string(), photo_url: z.string().nullable() })),
});
export type SearchUsersResponse = z.infer<typeof searchUsersResponse>;

export const attachmentIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const CHAT_SERVER_MESSAGES = {
  messageRequired: 'The message field is required.',
  unsupportedAttachment: (name: string) => `File ${name} is not an accepted file type.`,
  badCursor: 'The cursor does not name a place in the conversation list.',
} as const;

export const CHAT_LIMITS = {
  maxFiles: CHAT.maxFiles,
  maxFileBytes: CHAT.maxFileBytes,
  pageSize: CHAT_PAGE_SIZE,
} as const;

/** The typing whisper a client sends over realtime (`typing`); without a receiver, a customer's goes to the team. */
export const typingWhisper = z.object({
  receiverId: z.number().int().positive().optional(),
  isTyping: z.boolean(),
});
export type TypingWhisper = z.infer<typeof typingWhisper>;
