import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect as connectTcp, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openRuntime } from '../../src/bootstrap';
import { loadConfig } from '../../src/config';
import { freePort } from '../support/server-process';
import { redisReachable, TEST_REDIS_URL } from '../support/redis';
import { createTestApp, createTestDatabase } from '../support/test-app';

const reachable = await redisReachable();
if (!reachable)
  console.warn(`SKIPPED Redis outage tests: Redis is not reachable at ${TEST_REDIS_URL} (set REDIS_URL)`);

type Line = { level: number; msg: string; [key: string]: unknown };
const WARN = 40;
const INFO = 30;

/** A logger that keeps what it writes, one parsed JSON object per line; its stream for Fastify's logger option. */
function recordingLogger() {
  const lines: Line[] = [];
  const text: string[] = [];
  const stream = {
    write: (line: string) => {
      text.push(line);
      lines.push(JSON.parse(line) as Line);
    },
  };
  const log = pino({ level: 'info' }, stream);
  return { log, stream, lines, text: () => text.join('') };
}

const aboutRedis = (lines: Line[], level: number) =>
  lines.filter((l) => l.level === level && /Redis/.test(l.msg));

/**
 * A TCP relay to the test Redis on a port of its own: stopping it (every connection cut, the port closed) is a
 * Redis outage for the clients behind it, starting it again on the same port the recovery.
 */
async function redisRelay() {
  const target = new URL(TEST_REDIS_URL);
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const relay = {
    url: `redis://127.0.0.1:${port}`,
    start: () =>
      new Promise<void>((resolve) => {
        server = createServer((client) => {
          const upstream = connectTcp(Number(target.port || 6379), target.hostname);
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('close', () => sockets.delete(s));
            s.on('error', () => {});
          }
          client.pipe(upstream).pipe(client);
        });
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        if (server) server.close(() => resolve());
        else resolve();
      }),
  };
  await relay.start();
  return relay;
}

describe('Redis at start and while running', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  const configFor = (redisUrl: string) =>
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      SEED_DEMO: '0',
    } as NodeJS.ProcessEnv);

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-redis-test-'));
  });
  afterAll(async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('warns at start, once, naming the address and the problem but not the password, when Redis does not answer', async () => {
    // A port nothing listens on: the connection is refused at once, and again at each retry.
    const port = await freePort();
    const { log, lines, text } = recordingLogger();
    const runtime = await openRuntime(configFor(`redis://shop:hush-hush-redis@127.0.0.1:${port}/2`), { log });
    try {
      const warned = aboutRedis(lines, WARN);
      expect(warned).toHaveLength(1);
      expect(warned[0]!.msg).toContain(`redis://127.0.0.1:${port}`);
      expect(warned[0]!.msg).toMatch(/ECONNREFUSED/);
      expect(warned[0]!.msg).toMatch(/per instance/);
      // The client keeps retrying: each failure is the same outage, not a new warning.
      await failsAgain(runtime.ctx.redis!, 2);
      expect(aboutRedis(lines, WARN)).toHaveLength(1);
      expect(text()).not.toContain('hush-hush-redis');
    } finally {
      await runtime.close();
    }
  });

  it.skipIf(!reachable)('warns of a wrong user or password, without the password', async () => {
    const url = new URL(TEST_REDIS_URL);
    url.username = `no-such-user-${process.pid}`;
    url.password = 'hush-hush-redis';
    const { log, lines, text } = recordingLogger();
    const runtime = await openRuntime(configFor(url.toString()), { log });
    try {
      const warned = aboutRedis(lines, WARN);
      expect(warned).toHaveLength(1);
      expect(warned[0]!.msg).toMatch(/WRONGPASS/);
      expect(text()).not.toContain('hush-hush-redis');
    } finally {
      await runtime.close();
    }
  });

  it.skipIf(!reachable)('says nothing is wrong when Redis answers', async () => {
    const { log, lines } = recordingLogger();
    const runtime = await openRuntime(configFor(TEST_REDIS_URL), { log });
    try {
      expect(aboutRedis(lines, WARN)).toEqual([]);
      expect(await runtime.ctx.redis?.ping()).toBe('PONG');
    } finally {
      await runtime.close();
    }
  });

  it.skipIf(!reachable)('logs the first error of an outage and the recovery, not each retry', async () => {
    const relay = await redisRelay();
    const { log, lines } = recordingLogger();
    const runtime = await openRuntime(configFor(relay.url), { log });
    try {
      expect(aboutRedis(lines, WARN)).toEqual([]);
      await relay.stop();
      await vi.waitFor(() => expect(aboutRedis(lines, WARN)).toHaveLength(1), { timeout: 5_000 });
      await failsAgain(runtime.ctx.redis!, 2);
      expect(aboutRedis(lines, WARN)).toHaveLength(1);
      const infosBefore = aboutRedis(lines, INFO).length;
      await relay.start();
      await vi.waitFor(() => expect(aboutRedis(lines, INFO)).toHaveLength(infosBefore + 1), {
        timeout: 10_000,
      });
      expect(aboutRedis(lines, INFO).at(-1)!.msg).toMatch(/answers again/);
      expect(await runtime.ctx.redis?.ping()).toBe('PONG');
      expect(aboutRedis(lines, WARN)).toHaveLength(1);
    } finally {
      await runtime.close();
      await relay.stop();
    }
  });
});

/** Resolves once the client has failed `times` more times: its retries, each of which must stay unlogged. */
function failsAgain(client: Redis, times: number): Promise<void> {
  return new Promise((resolve) => {
    let left = times;
    const onError = () => {
      if (--left > 0) return;
      client.off('error', onError);
      resolve();
    };
    client.on('error', onError);
  });
}

describe.skipIf(!reachable)('realtime fan-out through a Redis outage', () => {
  it('warns once that events stay on this instance, and says when they reach every instance again', async () => {
    const relay = await redisRelay();
    const redis = new Redis(relay.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    redis.on('error', () => {});
    const { stream, lines } = recordingLogger();
    const token = 'metrics-token-of-the-redis-outage-test';
    const t = await createTestApp({
      ctx: { redis },
      env: { METRICS_TOKEN: token },
      build: { logger: { level: 'info', stream } },
    });
    /** The redis_up series of /metrics. */
    const redisUp = async () => {
      const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      return Number(/^redis_up (\d+)$/m.exec(res.body)?.[1]);
    };
    try {
      await t.app.realtime.ready();
      const realtimeLines = (level: number) => aboutRedis(lines, level).filter((l) => /realtime/.test(l.msg));
      expect(realtimeLines(WARN)).toEqual([]);
      expect(await redisUp()).toBe(1);
      await relay.stop();
      await vi.waitFor(() => expect(realtimeLines(WARN)).toHaveLength(1), { timeout: 5_000 });
      expect(await redisUp()).toBe(0);
      // The realtime clients retry on the same schedule as the one they were made from.
      await failsAgain(redis, 3);
      expect(realtimeLines(WARN)).toHaveLength(1);
      await relay.start();
      await vi.waitFor(() => expect(realtimeLines(INFO)).toHaveLength(1), { timeout: 10_000 });
      expect(realtimeLines(WARN)).toHaveLength(1);
      await vi.waitFor(async () => expect(await redisUp()).toBe(1), { timeout: 10_000 });
    } finally {
      await t.close();
      redis.disconnect();
      await relay.stop();
    }
  });
});
