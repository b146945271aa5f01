import { EventEmitter } from 'node:events';

/** In-process signals between platform parts (auth -> realtime), typed. */
export interface PlatformEvents {
  sessionsRevoked: [sessionIds: number[]];
}

export class PlatformHub extends EventEmitter<PlatformEvents> {}
