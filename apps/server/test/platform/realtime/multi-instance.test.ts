import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { REALTIME_ERRORS } from '@shop/contracts';
import { buildApp, type App } from '../../../src/app';
import type { AppContext } from '../../../src/context';
import { PlatformHub } from '../../../src/platform/events';
import { createTestApp, type TestApp } from '../../support/test-app';
import { bearer, createAdmin, registerCustomer } from '../../support/http';
import { sendMessage } from '../../modules/chat/support';
import { multipart } from '../../support/multipart';
import {
  connect,
  listen,
  next,
  presenceSockets,
  record,
  until,
  type ClientSocket,
} from '../../support/realtime';
import { redisReachable, TEST_REDIS_URL as REDIS_URL } from '../../support/redis';

const reachable = await redisReachable();
if (!reachable)
  console.warn(`SKIPPED two-instance realtime test: Redis is not reachable at ${REDIS_URL} (set REDIS_URL)`);

describe.skipIf(!reachable)('realtime across two instances sharing PostgreSQL and Redis', () => {
  let a: TestApp;
  let b: App;
  let ctxB: AppContext;
  let urlA: string;
  let urlB: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    const redisA = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    redisA.on('error', () => {});
    a = await createTestApp({ ctx: { redis: redisA } });
    const redisB = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    redisB.on('error', () => {});
    // Instance B: its own process state (hub, Redis clients, sockets), the same database and Redis.
    ctxB = { ...a.ctx, hub: new PlatformHub(), redis: redisB };
    b = await buildApp(ctxB);
    await b.ready();
    urlA = await listen(a.app);
    urlB = await listen(b);
    await Promise.all([a.app.realtime.ready(), b.realtime.ready()]);
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await b?.close();
    ctxB?.redis?.disconnect();
    const redisA = a?.ctx.redis;
    await a?.close();
    redisA?.disconnect();
  });

  it('a message posted through instance A reaches a socket on instance B, and presence holds across both', async () => {
    const admin = await createAdmin(a.app, a.ctx);
    const alice = await registerCustomer(a.app);

    const adminOnA = await connect(urlA, admin.token);
    sockets.push(adminOnA);
    expect(await next(adminOnA, 'presence:here')).toEqual([admin.user.id]);

    const joining = next(adminOnA, 'presence:joining');
    const aliceOnB = await connect(urlB, alice.token);
    sockets.push(aliceOnB);
    // Alice, on B, sees the admin connected to A; the admin on A hears Alice join on B.
    expect(await next(aliceOnB, 'presence:here')).toEqual([admin.user.id]);
    expect(await joining).toEqual({ userId: alice.user.id });

    // A second tab of Alice, on A this time, is not a second "joining".
    const aliceOnA = await connect(urlA, alice.token);
    sockets.push(aliceOnA);
    await next(aliceOnA, 'presence:here');

    // Posted through A, received on B (and by the admin on A).
    const onB = next(aliceOnB, 'MessageSent');
    const notified = next(aliceOnB, 'notification');
    const res = await sendMessage(a, admin.token, alice.user.id, 'Reply through A');
    expect(res.statusCode).toBe(200);
    expect((await onB).message).toMatchObject({ message: 'Reply through A', sender: { name: 'Admin' } });
    expect((await notified).notification.data.type).toBe('chat_message');

    expect((await next(adminOnA, 'MessageSent')).message.message).toBe('Reply through A');

    // Posted through B, received by the admin on A.
    const onA = next(adminOnA, 'MessageSent');
    const body = await multipart({ message: 'Hello through B' });
    await b.inject({
      method: 'POST',
      url: `/api/messages/${admin.user.id}`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(alice.token) },
    });
    expect((await onA).message.message).toBe('Hello through B');

    // Typing from B reaches the admin on A.
    const typing = next(adminOnA, 'typing');
    aliceOnB.emit('typing', { isTyping: true });
    expect(await typing).toEqual({ userId: alice.user.id, isTyping: true });

    // Alice is online while one of her two sockets (on either instance) remains. Once B has counted her socket
    // out of the shared presence, a customer joining through B is the barrier: B sends the admins its presence
    // events in order, so a "leaving" for Alice would reach the admin before Bob's "joining".
    const leftEarly = record(adminOnA, 'presence:leaving');
    aliceOnB.close();
    await until(async () => (await presenceSockets(ctxB.redis!, ctxB.database.url, alice.user.id)) === 1);
    expect(await a.app.realtime.isOnline(alice.user.id)).toBe(true);
    const bob = await registerCustomer(a.app);
    const bobJoins = next(adminOnA, 'presence:joining');
    sockets.push(await connect(urlB, bob.token));
    expect(await bobJoins).toEqual({ userId: bob.user.id });
    expect(leftEarly).toEqual([]);
    const leaving = next(adminOnA, 'presence:leaving');
    aliceOnA.close();
    expect(await leaving).toEqual({ userId: alice.user.id });
    expect(await b.realtime.isOnline(alice.user.id)).toBe(false);

    // Logging out through B ends the admin's socket connected to A.
    const gone = new Promise<string>((resolve) => adminOnA.once('disconnect', (reason) => resolve(reason)));
    expect(
      (await b.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(admin.token) })).statusCode,
    ).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });

  it('caps the sockets of one user across both instances', async () => {
    const bob = await registerCustomer(a.app);
    const cap = a.ctx.config.realtime.maxSocketsPerUser;
    const bobs: ClientSocket[] = [];
    for (let i = 0; i < cap; i++) {
      const s = await connect(i % 2 === 0 ? urlA : urlB, bob.token);
      bobs.push(s);
      // Sent once the socket is counted in the shared presence.
      await next(s, 'presence:here');
    }
    await expect(connect(urlA, bob.token)).rejects.toThrow(REALTIME_ERRORS.tooManyConnections);
    await expect(connect(urlB, bob.token)).rejects.toThrow(REALTIME_ERRORS.tooManyConnections);
    for (const s of bobs) s.close();
  });
});

describe('realtime with Redis down', () => {
  it('the API keeps answering and realtime works on the one instance', async () => {
    // Nothing listens on port 1: every Redis command fails.
    const dead = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      retryStrategy: () => 200,
    });
    dead.on('error', () => {});
    const t = await createTestApp({ ctx: { redis: dead } });
    const sockets: ClientSocket[] = [];
    try {
      const url = await listen(t.app);
      const admin = await createAdmin(t.app, t.ctx);
      const alice = await registerCustomer(t.app);
      const ad = await connect(url, admin.token);
      sockets.push(ad);
      expect(await next(ad, 'presence:here')).toEqual([admin.user.id]);
      const joining = next(ad, 'presence:joining');
      const al = await connect(url, alice.token);
      sockets.push(al);
      expect(await joining).toEqual({ userId: alice.user.id });
      const got = next(ad, 'MessageSent');
      expect((await sendMessage(t, alice.token, admin.user.id, 'still here')).statusCode).toBe(200);
      expect((await got).message.message).toBe('still here');
    } finally {
      for (const s of sockets) s.close();
      await t.close();
      dead.disconnect();
    }
  });

  it('closing while the subscriptions wait on a Redis that never answers leaves no rejection unhandled', async () => {
    // Accepts connections and never answers: the adapter's subscriptions wait in its clients' queues until the
    // app closes them.
    const held = new Set<Socket>();
    const silent = createServer((socket) => {
      held.add(socket);
      socket.on('close', () => held.delete(socket));
      // Reads (and drops) the commands, so that it sees the client's end.
      socket.resume();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const redis = new Redis(`redis://127.0.0.1:${(silent.address() as AddressInfo).port}`, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    redis.on('error', () => {});
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const t = await createTestApp({ ctx: { redis } });
      // The shared client, the adapter's publisher and its subscriber are connected.
      await until(() => held.size >= 3);
      await t.close();
      redis.disconnect();
      // Every client's connection has ended (their queues were failed as they closed), and a turn has passed for
      // an unhandled rejection to be reported.
      await until(() => held.size === 0);
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      silent.close();
    }
  });
});
