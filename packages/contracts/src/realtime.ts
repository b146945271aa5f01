import { z } from 'zod';
import type { ChatMessage } from './chat';
import type { AppNotification } from './notifications';

// Chat and notifications travel over realtime: one export line in index.ts brings all three.
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

export interface ServerToClientEvents {
  MessageSent: (payload: { message: ChatMessage }) => void;
  MessagesSeen: (payload: MessagesSeenEvent) => void;
  typing: (payload: TypingEvent) => void;
  /** Online user ids, sent to a socket when it connects (to a customer: the online admins). */
  'presence:here': (userIds: number[]) => void;
  'presence:joining': (payload: { userId: number }) => void;
  'presence:leaving': (payload: { userId: number }) => void;
  notification: (payload: { notification: AppNotification; unread_count: number }) => void;
}

export const typingWhisper = z.object({
  receiverId: z.number().int().positive().optional(),
  isTyping: z.boolean(),
});
export type TypingWhisper = z.infer<typeof typingWhisper>;

export interface ClientToServerEvents {
  typing: (payload: TypingWhisper) => void;
}

/** Handshake refusals, as the client sees them in `connect_error`. */
export const REALTIME_ERRORS = {
  unauthenticated: 'Unauthenticated.',
  inactive: 'Account inactive. Contact support.',
} as const;
