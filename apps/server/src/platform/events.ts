import { EventEmitter } from 'node:events';
import type { AppNotification } from '@shop/contracts';

/** In-process signals between the parts of one server (services -> realtime), typed. */
export interface PlatformEvents {
  sessionsRevoked: [sessionIds: number[]];
  notificationCreated: [recipientId: number, notification: AppNotification, unreadCount: number];
}

export class PlatformHub extends EventEmitter<PlatformEvents> {}
