import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { io as connectClient, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@shop/contracts';
import type { App } from '../../src/app';
import { deploymentKey } from '../../src/platform/deployment';
import { PresenceStore } from '../../src/platform/realtime/presence';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Starts the app on a free loopback port and answers its base URL. */
export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/**
 * A connected socket.io client, or the handshake error message. WebSocket only unless `transports` says otherwise
 * (the web app's client starts with WebSocket and falls back to long-polling).
 */
export function connect(
  url: string,
  token: string | undefined,
  extra: {
    origin?: string;
    transports?: ('websocket' | 'polling')[];
    /** More request headers (sent with the handshake, each long-poll and the WebSocket upgrade). */
    headers?: Record<string, string>;
    /** Keeps the cookies answers set, as a browser does (a balancer's stickiness cookie). */
    cookies?: boolean;
  } = {},
): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    const socket: ClientSocket = connectClient(url, {
      path: '/socket.io',
      transports: extra.transports ?? ['websocket'],
      auth: token === undefined ? {} : { token },
      reconnection: false,
      forceNew: true,
      extraHeaders:
        extra.origin || extra.headers
          ? { ...extra.headers, ...(extra.origin ? { origin: extra.origin } : {}) }
          : undefined,
      withCredentials: extra.cookies ?? false,
      timeout: 5_000,
    });
    // Events that arrive with the handshake (presence:here) are kept until a test asks for them.
    const log: Logged[] = [];
    logs.set(socket, log);
    socket.onAny((event: string, payload: unknown) => {
      const waiter = waiters.get(socket)?.find((w) => w.event === event);
      if (waiter) {
        waiters.get(socket)!.splice(waiters.get(socket)!.indexOf(waiter), 1);
        waiter.resolve(payload);
      } else log.push({ event, payload });
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Collects every event of the given names a socket receives, for later assertions. */
export function record(socket: ClientSocket, ...events: (keyof ServerToClientEvents)[]) {
  const got: { event: string; payload: unknown }[] = [];
  for (const event of events) socket.on(event, ((payload: unknown) => got.push({ event, payload })) as never);
  return got;
}

interface Logged {
  event: string;
  payload: unknown;
}
const logs = new WeakMap<ClientSocket, Logged[]>();
const waiters = new WeakMap<ClientSocket, { event: string; resolve: (payload: unknown) => void }[]>();

/** The next event of that name not yet taken (it may have arrived already), with a timeout that fails the test. */
export function next<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  timeoutMs = 3_000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  type P = Parameters<ServerToClientEvents[E]>[0];
  const log = logs.get(socket) ?? [];
  const i = log.findIndex((l) => l.event === event);
  if (i >= 0) return Promise.resolve(log.splice(i, 1)[0]!.payload as P);
  return new Promise((resolve, reject) => {
    const list = waiters.get(socket) ?? [];
    waiters.set(socket, list);
    const entry = {
      event,
      resolve: (payload: unknown) => {
        clearTimeout(timer);
        resolve(payload as P);
      },
    };
    const timer = setTimeout(() => {
      list.splice(list.indexOf(entry), 1);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    list.push(entry);
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The barrier of negative checks ("X never reaches this socket"): the server sends the socket a barrier event now,
 * and Socket.IO delivers a connection's events in order, so once the barrier is in, everything the server had
 * sent that socket before it has arrived too. Call it once the server has done the work under test (witnessed
 * by an event that did arrive elsewhere, or by an answer), then check what the socket recorded.
 */
export async function drained(app: App, socket: ClientSocket, timeoutMs = 3_000): Promise<void> {
  const barrier = 'test:barrier';
  const raw = socket as unknown as { once: (e: string, f: () => void) => void };
  const arrived = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no barrier within ${timeoutMs} ms`)), timeoutMs);
    raw.once(barrier, () => {
      clearTimeout(timer);
      resolve();
    });
  });
  const io = app.realtime.io as unknown as { to: (room: string) => { emit: (e: string) => void } };
  io.to(socket.id!).emit(barrier);
  await arrived;
}

/**
 * How many sockets the user has open on every instance of the deployment of that database, as the shared presence
 * in Redis counts them: once it has dropped, the instance that lost a socket has done its part of the leave.
 */
export async function presenceSockets(redis: Redis, databaseUrl: string, userId: number): Promise<number> {
  const store = new PresenceStore(redis, { prefix: `presence:${deploymentKey(databaseUrl)}` });
  try {
    return await store.sockets(userId);
  } finally {
    await store.close();
  }
}

/** Resolves when the predicate holds (polling), or fails after the timeout. */
export async function until(predicate: () => boolean | Promise<boolean>, timeoutMs = 3_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}
