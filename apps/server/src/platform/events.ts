import { EventEmitter } from 'node:events';
import type { notifications } from '../db/schema/notifications';

/** In-process signals between the parts of one server (services -> realtime), typed. */
export interface PlatformEvents {
  sessionsRevoked: [sessionIds: number[]];
  notificationCreated: [notification: typeof notifications.$inferSelect, unreadCount: number];
}

export class PlatformHub extends EventEmitter<PlatformEvents> {}
