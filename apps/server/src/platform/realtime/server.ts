import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { jsonAdapterParser } from './json-parser';
import { eq } from 'drizzle-orm';
import {
  REALTIME_ERRORS,
  REALTIME_PATH,
  SERVER_MESSAGES,
  realtimeChannels as channels,
  typingWhisper,
  type ClientToServerEvents,
  type ServerToClientEvents,
  USER_STATUS,
} from '@shop/contracts';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/users';
import { bearerToken } from '../auth/guard';
import { clientAddressOf, networkOf } from '../client-address';
import { resolveSession, sessionLive } from '../auth/sessions';
import { deploymentKey } from '../deployment';
import { loggableError } from '../log-redaction';
import { PresenceStore, type PresenceRole } from './presence';

export interface SocketData {
  userId: number;
  role: PresenceRole;
  sessionId: number;
  /** The session's end (epoch ms): the socket is closed then. */
  expiresAt: number;
}

/** setTimeout's longest delay; a later expiry is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type EventName = keyof ServerToClientEvents;

/** What the rest of the server may do with realtime: emit to channels and ask who is online. */
export interface Realtime {
  readonly io: RealtimeServer;
  emit<E extends EventName>(
    rooms: string | string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  isOnline(userId: number): Promise<boolean>;
  /** Resolves once cross-instance fan-out is ready (immediately on a single instance). */
  ready(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** Same origin as the public URL or as the request's own host; absent for non-browser clients. */
export function originAllowed(
  origin: string | undefined,
  publicUrl: string,
  host: string | undefined,
): boolean {
  if (!origin) return true;
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false;
  }
  if (o.origin === new URL(publicUrl).origin) return true;
  // A browser always sends its own page's origin; a page served by this host connecting back is same-origin.
  return !!host && (o.protocol === 'http:' || o.protocol === 'https:') && o.host === host;
}

/**
 * Makes the named commands of a Redis client answer their failure as a settled promise (`undefined`) instead of
 * a rejection: for commands whose senders do not handle one.
 */
function withoutRejections(client: Redis, commands: string[]): void {
  const methods = client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const command of commands) {
    const send = methods[command]!.bind(client);
    methods[command] = (...args) => send(...args).catch(() => undefined);
  }
}

/**
 * Socket.IO inside the API server (decisions.md D6). The session token is checked in the handshake; the server
 * joins each socket to its own channels; with Redis, the adapter fans events out to every instance.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
    const limits = ctx.config.realtime;
    const clientAddress = clientAddressOf(ctx.config.trustProxy);
    const io: RealtimeServer = new Server(app.server, {
      path: REALTIME_PATH,
      serveClient: false,
      // One origin (D1): no CORS. Cross-site pages are refused before the handshake, and so is an address opening
      // new engine.io sessions faster than its allowance (each lasts unauthenticated at most connectTimeout).
      allowRequest: (req: IncomingMessage, callback) => {
        if (!originAllowed(req.headers.origin, ctx.config.publicUrl, req.headers.host))
          return callback('Origin not allowed', false);
        ctx.limits.consume('realtimeHandshake', networkOf(clientAddress(req))).then(
          () => callback(null, true),
          () => callback(SERVER_MESSAGES.rateLimited, false),
        );
      },
      pingInterval: 25_000,
      pingTimeout: 20_000,
      maxHttpBufferSize: 16 * 1024,
      // An engine.io session opens before the session token is sent (browsers cannot put it on a WebSocket's
      // handshake request): one that has not completed the authenticated handshake by then is closed.
      connectTimeout: limits.authTimeoutMs,
    });

    const key = deploymentKey(ctx.database.url);
    let pub: Redis | undefined;
    let sub: Redis | undefined;
    let adapterReady: Promise<void> = Promise.resolve();
    if (ctx.redis) {
      // Publishing must never wait for, nor throw on, a Redis outage: the local broadcast still happens.
      // The broadcasts of one event (a chat message: its conversation, the team, each recipient's notification)
      // are made in one tick; auto-pipelining sends them to Redis in one write.
      pub = ctx.redis.duplicate({
        enableOfflineQueue: true,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
        enableAutoPipelining: true,
      });
      sub = ctx.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, lazyConnect: false });
      // While either client cannot reach Redis, events reach this instance's sockets only (chat stops reaching
      // users on the others): the first error of an outage is logged, and the recovery once both answer again,
      // not each of their retries. The error's message only: a connection error names the host, not the URL.
      const failing = new Set<Redis>();
      for (const client of [pub, sub]) {
        client.on('error', (err: unknown) => {
          if (failing.size === 0)
            app.log.warn(
              { problem: err instanceof Error ? err.message : String(err) },
              'Redis does not answer: realtime events reach only the sockets of this instance until it does',
            );
          failing.add(client);
        });
        client.on('ready', () => {
          if (failing.delete(client) && failing.size === 0)
            app.log.info('Redis answers again: realtime events reach the sockets of every instance');
        });
      }
      // The adapter sends these without waiting for their answers; while Redis is down they fail (a publish at
      // once, a subscription when the client is closed at shutdown), and nothing may be left unhandled.
      withoutRejections(pub, ['publish']);
      withoutRejections(sub, ['psubscribe', 'subscribe', 'punsubscribe', 'unsubscribe']);
      io.adapter(
        createAdapter(pub, sub, {
          key: `socket.io:${key}`,
          requestsTimeout: 3_000,
          parser: jsonAdapterParser,
        }),
      );
      const subscriber = sub;
      adapterReady = new Promise<void>((resolve) => {
        // psubscribe/subscribe were queued by the adapter; a PING answered after them means they are in place.
        const check = () =>
          subscriber
            .ping()
            .then(() => resolve())
            .catch(() => setTimeout(check, 500).unref());
        check();
      });
    }
    const presence = new PresenceStore(ctx.redis, { prefix: `presence:${key}` });
    const pending = new Set<Promise<unknown>>();
    const track = <T>(p: Promise<T>) => {
      pending.add(p);
      void p.finally(() => pending.delete(p));
      return p;
    };

    const roleCache = new Map<number, { role: string; at: number }>();
    async function roleOf(userId: number): Promise<string | null> {
      const cached = roleCache.get(userId);
      if (cached && Date.now() - cached.at < 60_000) return cached.role;
      const rows = await ctx.database.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      const role = rows[0]?.role ?? null;
      if (role) {
        if (roleCache.size > 10_000) roleCache.clear();
        roleCache.set(userId, { role, at: Date.now() });
      }
      return role;
    }

    // Sockets accepted by the handshake and not connected yet (socket id -> user id).
    const accepting = new Map<string, number>();
    const localSockets = (userId: number) => {
      let n = 0;
      for (const s of io.of('/').sockets.values()) if (s.data.userId === userId) n++;
      for (const u of accepting.values()) if (u === userId) n++;
      return n;
    };
    const events = new RateLimiterMemory({ points: limits.eventsPer10Seconds, duration: 10 });

    io.use(async (socket, next) => {
      const given = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const token = typeof given === 'string' ? given : bearerToken(socket.handshake.headers.authorization);
      if (!token) return next(new Error(REALTIME_ERRORS.unauthenticated));
      try {
        const auth = await resolveSession(ctx.database.db, token);
        if (!auth) return next(new Error(REALTIME_ERRORS.unauthenticated));
        if (auth.user.status !== USER_STATUS.active) return next(new Error(REALTIME_ERRORS.inactive));
        const id = auth.user.id;
        // Sockets of the user on every instance (with Redis), and on this one counted at once: checked and
        // counted with no wait in between, so parallel handshakes cannot pass the cap together here. Across
        // instances, handshakes racing on two of them may pass it by one each.
        const everywhere = await presence.sockets(id);
        if (Math.max(everywhere, localSockets(id)) >= limits.maxSocketsPerUser)
          return next(new Error(REALTIME_ERRORS.tooManyConnections));
        accepting.set(socket.id, id);
        socket.conn.once('close', () => accepting.delete(socket.id));
        const role: PresenceRole = auth.user.role === 'admin' ? 'admin' : 'customer';
        socket.data = {
          userId: auth.user.id,
          role,
          sessionId: auth.sessionId,
          expiresAt: auth.expiresAt.getTime(),
        };
        // Membership is decided here, once; there is no client event that joins a channel.
        const rooms = [
          channels.session(auth.sessionId),
          channels.conversation(id),
          channels.typing(id),
          channels.presence,
        ];
        if (role === 'admin') rooms.push(channels.adminNotifications(id), channels.admins);
        else rooms.push(channels.userNotifications(id));
        await socket.join(rooms);
        next();
      } catch (err) {
        accepting.delete(socket.id);
        app.log.warn({ err: loggableError(err) }, 'realtime handshake failed');
        next(new Error(REALTIME_ERRORS.unauthenticated));
      }
    });

    io.on('connection', (socket: RealtimeSocket) => {
      accepting.delete(socket.id);
      const { userId, role } = socket.data;
      // A session ends at its expiry even while its socket stays open: the socket is closed then.
      let expiry: NodeJS.Timeout | undefined;
      const closeAtExpiry = () => {
        const left = socket.data.expiresAt - Date.now();
        if (left <= 0) socket.disconnect(true);
        else expiry = setTimeout(closeAtExpiry, Math.min(left, MAX_TIMER_MS)).unref();
      };
      closeAtExpiry();
      // A session ended during the handshake (a logout, a deactivation) was told to its room before this socket
      // could be reached through it: checked once more, now that an ending reaches it.
      sessionLive(ctx.database.db, socket.data.sessionId).then(
        (live) => {
          if (!live) socket.disconnect(true);
        },
        (err: unknown) => app.log.warn({ err: loggableError(err) }, 'realtime session check failed'),
      );
      void track(
        (async () => {
          const first = await presence.join(role, userId);
          // Customers learn only whether the team is there; admins see everyone.
          if (first)
            io.to(role === 'admin' ? channels.presence : channels.admins)
              .except(socket.id)
              .emit('presence:joining', { userId });
          if (socket.connected)
            socket.emit('presence:here', await presence.online(role === 'admin' ? undefined : 'admin'));
        })().catch((err) => app.log.warn({ err: loggableError(err) }, 'presence join failed')),
      );

      // Client events are limited per socket (a flood is dropped, not relayed); sockets per user are capped above.
      socket.use((_packet, proceed) => {
        events.consume(socket.id).then(
          () => proceed(),
          () => {},
        );
      });

      socket.on('typing', (payload) => {
        const parsed = typingWhisper.safeParse(payload);
        if (!parsed.success) return;
        const { receiverId, isTyping } = parsed.data;
        if (role === 'customer') {
          io.to(channels.admins).emit('typing', { userId, isTyping });
          return;
        }
        if (!receiverId) return;
        void roleOf(receiverId)
          .then((r) => {
            if (r === 'user') io.to(channels.typing(receiverId)).emit('typing', { userId, isTyping });
          })
          .catch(() => {});
      });

      socket.on('disconnect', () => {
        clearTimeout(expiry);
        void events.delete(socket.id);
        void track(
          presence
            .leave(role, userId)
            .then((last) => {
              if (last)
                io.to(role === 'admin' ? channels.presence : channels.admins).emit('presence:leaving', {
                  userId,
                });
            })
            .catch((err) => app.log.warn({ err: loggableError(err) }, 'presence leave failed')),
        );
      });
    });

    const onRevoked = (sessionIds: number[]) => {
      for (const id of sessionIds) io.in(channels.session(id)).disconnectSockets(true);
    };
    ctx.hub.on('sessionsRevoked', onRevoked);

    const realtime: Realtime = {
      io,
      emit(rooms, event, ...args) {
        io.to(rooms).emit(event, ...args);
      },
      isOnline: (userId) => presence.isOnline(userId),
      ready: () => adapterReady,
    };
    app.decorate('realtime', realtime);

    app.addHook('preClose', async () => {
      ctx.hub.off('sessionsRevoked', onRevoked);
      // Open websockets would keep the HTTP server from closing: end them first (their presence leaves too).
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.allSettled([...pending]);
      await presence.close();
      // Not io.close(): that would close the HTTP server, which Fastify closes itself.
      pub?.disconnect();
      sub?.disconnect();
    });
  },
  { name: 'realtime' },
);
