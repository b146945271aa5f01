import type { ChatMessage, TypingWhisper } from './chat';
import type { AppNotification } from './notifications';

// Chat and notifications travel over realtime: one export line in index.ts brings all three. This module holds no
// schema (the typing whisper's is chat's): the web's realtime client reads its constants, and a zod schema built at
// module level here would bring zod into the signed-in areas' first load.
export * from './chat';
export * from './notifications';

/**
 * The one realtime event map (decisions.md D6), shared by the Socket.IO server and the web client.
 * The server joins each socket to its own channels at connect; clients never name a channel.
 */
export const REALTIME_PATH = '/socket.io';

export const realtimeChannels = {
  conversation: (userId: number) => `conversation.${userId}`,
  typing: (userId: number) => `typing.${userId}`,
  presence: 'presence.online',
  userNotifications: (userId: number) => `notifications.user.${userId}`,
  adminNotifications: (adminId: number) => `notifications.admin.${adminId}`,
  admins: 'admins',
  session: (sessionId: number) => `session:${sessionId}`,
} as const;

export interface TypingEvent {
  userId: number;
  isTyping: boolean;
}

export interface MessagesSeenEvent {
  /** The customer whose conversation was read. */
  conversation_user_id: number;
  /** Who read it: the team's messages were read by the customer, or the customer's by an admin. */
  reader: 'customer' | 'admin';
}

/**
 * Events the specifications name keep their names (MessageSent, the typing whisper, presence here / joining /
 * leaving, under decisions.md's `presence:` prefix); the shop's own are lower case, `subject:verb` when the
 * subject needs saying (`messages:seen`), as decisions.md's `notification`.
 */
export interface ServerToClientEvents {
  MessageSent: (payload: { message: ChatMessage }) => void;
  'messages:seen': (payload: MessagesSeenEvent) => void;
  typing: (payload: TypingEvent) => void;
  /** Online user ids, sent to a socket when it connects (to a customer: the online admins). */
  'presence:here': (userIds: number[]) => void;
  'presence:joining': (payload: { userId: number }) => void;
  'presence:leaving': (payload: { userId: number }) => void;
  notification: (payload: { notification: AppNotification; unread_count: number }) => void;
  /** To the admins: a customer was deleted (their conversation is gone; an open one closes). */
  'customer:deleted': (payload: { userId: number }) => void;
}

export interface ClientToServerEvents {
  typing: (payload: TypingWhisper) => void;
}

/** Handshake refusals, as the client sees them in `connect_error`. */
export const REALTIME_ERRORS = {
  unauthenticated: 'Unauthenticated.',
  inactive: 'Account inactive. Contact support.',
  tooManyConnections: 'Too many open connections. Close another tab and try again.',
} as const;
