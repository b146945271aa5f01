import { useEffect, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import {
  CUSTOMER_MESSAGES,
  REALTIME_ERRORS,
  REALTIME_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type TypingWhisper,
} from '@shop/contracts';
import { ApiError } from './api-error';
import { handleApiError } from './api-error-handling';
import { adminSession, customerSession } from './sessions';
import type { SessionKind } from './storage-keys';

type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;
type Handler<E extends EventName> = ServerToClientEvents[E];

/**
 * The web app's one realtime connection (decisions.md D6): Socket.IO on this origin, the session token sent in the
 * handshake. The server joins the socket to its own channels; this client only listens and sends typing whispers.
 *
 * The area on screen decides the token: the admin area connects with the admin session, the customer area with
 * the customer session (the old client preferred the customer token everywhere, which broke the admin's chat when
 * both were signed in). Listeners are registered here, not on the socket, so they survive reconnects.
 */
class RealtimeClient {
  private socket: RealtimeSocket | null = null;
  private kind: SessionKind | null = null;
  private token: string | null = null;
  private readonly users = new Map<SessionKind, number>();
  private readonly listeners = new Map<EventName, Set<(...args: never[]) => void>>();
  private online: ReadonlySet<number> = new Set();
  private connected = false;
  private readonly stateListeners = new Set<() => void>();
  private readonly reconnectListeners = new Set<() => void>();
  private unsubscribeSession: (() => void) | null = null;

  /** Keeps a connection for that area's session while at least one user holds it; answers the release. */
  acquire(kind: SessionKind): () => void {
    this.users.set(kind, (this.users.get(kind) ?? 0) + 1);
    this.kind = kind;
    this.watchSession();
    this.sync();
    return () => {
      const left = (this.users.get(kind) ?? 1) - 1;
      if (left > 0) this.users.set(kind, left);
      else this.users.delete(kind);
      if (this.kind === kind && left <= 0) this.kind = this.users.keys().next().value ?? null;
      // Let a route change that re-acquires in the same tick keep the connection.
      queueMicrotask(() => this.sync());
    };
  }

  on<E extends EventName>(event: E, handler: Handler<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(handler as (...args: never[]) => void);
    return () => {
      set.delete(handler as (...args: never[]) => void);
    };
  }

  /**
   * Calls `listener` each time the connection comes back after a drop: what the server sent meanwhile never
   * arrived, so the screens that live on events read their data again. Not at the first connection.
   */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => {
      this.reconnectListeners.delete(listener);
    };
  }

  sendTyping(payload: TypingWhisper): void {
    if (this.socket?.connected) this.socket.emit('typing', payload);
  }

  isConnected(): boolean {
    return this.connected;
  }

  onlineUsers(): ReadonlySet<number> {
    return this.online;
  }

  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => {
      this.stateListeners.delete(listener);
    };
  };

  private notifyState() {
    this.stateListeners.forEach((l) => l());
  }

  private setOnline(next: ReadonlySet<number>) {
    this.online = next;
    this.notifyState();
  }

  private watchSession() {
    if (this.unsubscribeSession) return;
    const a = customerSession.subscribe(() => this.sync());
    const b = adminSession.subscribe(() => this.sync());
    this.unsubscribeSession = () => {
      a();
      b();
    };
  }

  private currentToken(): string | null {
    if (!this.kind || !this.users.get(this.kind)) return null;
    return (this.kind === 'admin' ? adminSession : customerSession).getState().token;
  }

  /** Connects, reconnects with another token, or disconnects, to match who is signed in where. */
  private sync() {
    const token = this.currentToken();
    if (token === this.token && (this.socket || !token)) return;
    this.close();
    this.token = token;
    if (!token) return;
    const socket: RealtimeSocket = io({
      path: REALTIME_PATH,
      // Read at every (re)connection, so a reconnect never sends a stale token.
      auth: (cb) => cb({ token: this.token ?? '' }),
      // WebSocket first (no stickiness needed behind a load balancer); long-polling if WebSocket cannot connect.
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
    });
    let connectedBefore = false;
    socket.on('connect', () => {
      this.connected = true;
      this.notifyState();
      if (connectedBefore) this.reconnectListeners.forEach((l) => l());
      connectedBefore = true;
    });
    const kind = this.kind;
    const socketToken = token;
    const stillSignedIn = () =>
      !!kind && (kind === 'admin' ? adminSession : customerSession).getState().token === socketToken;
    socket.on('disconnect', (reason) => {
      this.connected = false;
      this.setOnline(new Set());
      // The server ends a socket when its session ends (signed out elsewhere, deactivated, deleted, expired):
      // one reconnection tells, through the handshake's refusal, without a failing request.
      if (reason === 'io server disconnect' && stillSignedIn()) socket.connect();
    });
    socket.on('connect_error', (error) => {
      const ended =
        error.message === REALTIME_ERRORS.unauthenticated || error.message === REALTIME_ERRORS.inactive;
      if (ended && stillSignedIn())
        handleApiError(new ApiError(401, CUSTOMER_MESSAGES.sessionExpired, {}, kind));
    });
    socket.on('presence:here', (ids) => this.setOnline(new Set(ids)));
    socket.on('presence:joining', ({ userId }) => this.setOnline(new Set([...this.online, userId])));
    socket.on('presence:leaving', ({ userId }) => {
      const next = new Set(this.online);
      next.delete(userId);
      this.setOnline(next);
    });
    socket.onAny((event: EventName, ...args: unknown[]) => {
      this.listeners.get(event)?.forEach((handler) => (handler as (...a: unknown[]) => void)(...args));
    });
    this.socket = socket;
  }

  private close() {
    const socket = this.socket;
    if (socket) {
      socket.removeAllListeners();
      socket.offAny();
      // A WebSocket closed during its handshake makes the browser warn in the console ("closed before the
      // connection is established", at a sign-out right after the page opened): it is closed once the handshake
      // ends, either way.
      if (socket.connected || !socket.active) socket.disconnect();
      else {
        const end = () => socket.disconnect();
        socket.once('connect', end);
        socket.once('connect_error', end);
      }
      this.socket = null;
    }
    this.token = null;
    if (this.connected || this.online.size) {
      this.connected = false;
      this.online = new Set();
      this.notifyState();
    }
  }
}

export const realtime = new RealtimeClient();

/** Holds the realtime connection of an area while the calling component is mounted. */
export function useRealtimeConnection(kind: SessionKind): void {
  useEffect(() => realtime.acquire(kind), [kind]);
}

/** Calls the handler for each event of that name while mounted (the latest handler, without resubscribing). */
export function useRealtimeEvent<E extends EventName>(event: E, handler: Handler<E>): void {
  useEffect(() => realtime.on(event, handler), [event, handler]);
}

/** Calls the handler while mounted each time the realtime connection comes back after a drop. */
export function useRealtimeReconnect(handler: () => void): void {
  useEffect(() => realtime.onReconnect(handler), [handler]);
}

/** The ids of the users online (to a customer: the online admins). */
export function useOnlineUsers(): ReadonlySet<number> {
  return useSyncExternalStore(realtime.subscribeState, () => realtime.onlineUsers());
}
