import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { PresenceStore } from '../../../src/platform/realtime/presence';
import { redisReachable, TEST_REDIS_URL as REDIS_URL } from '../../support/redis';

const reachable = await redisReachable();
if (!reachable)
  console.warn(`SKIPPED presence store test: Redis is not reachable at ${REDIS_URL} (set REDIS_URL)`);

/** The commands Redis saw that name this test's keys, in order, as MONITOR reports them. */
async function watchCommands(prefix: string) {
  const watcher = new Redis(REDIS_URL);
  const monitor = await watcher.monitor();
  const seen: string[][] = [];
  const waiting = new Map<string, () => void>();
  monitor.on('monitor', (_time: string, args: string[]) => {
    if (args[0]?.toLowerCase() === 'echo' && waiting.has(args[1]!)) waiting.get(args[1]!)!();
    else if (args.some((a) => a.startsWith(prefix))) seen.push(args);
  });
  return {
    seen,
    /** Resolves once MONITOR has reported every command the client sent before this one. */
    barrier(client: Redis) {
      const marker = `barrier-${randomUUID()}`;
      const reached = new Promise<void>((resolve) => waiting.set(marker, resolve));
      return client.echo(marker).then(() => reached);
    },
    close() {
      monitor.disconnect();
      watcher.disconnect();
    },
  };
}

describe.skipIf(!reachable)('presence store in Redis', () => {
  let redisA: Redis;
  let redisB: Redis;

  beforeAll(() => {
    redisA = new Redis(REDIS_URL);
    redisB = new Redis(REDIS_URL);
  });

  afterAll(() => {
    redisA?.disconnect();
    redisB?.disconnect();
  });

  it("counts a user's first and last socket across two instances", async () => {
    const prefix = `presence-test:${randomUUID()}`;
    const a = new PresenceStore(redisA, { prefix });
    const b = new PresenceStore(redisB, { prefix });
    try {
      expect(await a.join('customer', 7)).toBe(true);
      expect(await b.join('customer', 7)).toBe(false);
      expect(await b.join('admin', 3)).toBe(true);
      expect(await a.sockets(7)).toBe(2);
      expect((await a.online('customer')).sort()).toEqual([7]);
      expect((await a.online()).sort()).toEqual([3, 7]);
      expect(await a.isOnline(3)).toBe(true);
      expect(await a.leave('customer', 7)).toBe(false);
      expect(await b.leave('customer', 7)).toBe(true);
      expect(await b.isOnline(7)).toBe(false);
      expect(await a.online('customer')).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('renews its mirror on a heartbeat without rewriting it, and rewrites it whole once it is gone or after a reconnection', async () => {
    const prefix = `presence-test:${randomUUID()}`;
    const watch = await watchCommands(prefix);
    const client = new Redis(REDIS_URL);
    // Heartbeats are called here, one at a time; the store's own timer never fires during the test.
    const store = new PresenceStore(client, { prefix, heartbeatMs: 3_600_000 });
    const other = new PresenceStore(redisA, { prefix });
    const writesOf = (commands: string[][]) =>
      commands
        .map((args) => args[0]!.toLowerCase())
        .filter((name) => ['del', 'hset', 'pexpire'].includes(name));
    try {
      await client.ping();
      await store.sync(); // the first heartbeat after connecting rewrites whole (nothing yet)
      for (let userId = 1; userId <= 3; userId++) expect(await store.join('customer', userId)).toBe(true);
      await store.join('admin', 9);
      await watch.barrier(client);
      let from = watch.seen.length;

      // A heartbeat while Redis agrees: the two hashes' expiry renewed, nothing rewritten.
      await store.sync();
      await watch.barrier(client);
      expect(writesOf(watch.seen.slice(from))).toEqual(['pexpire', 'pexpire']);
      expect(await other.sockets(2)).toBe(1);

      // The customers' hash is gone (Redis restarted or flushed): the next heartbeat writes it back from memory.
      const [customers] = await redisA.keys(`${prefix}:instance:*:customer`);
      await redisA.del(customers!);
      expect(await other.isOnline(2)).toBe(false);
      await store.sync();
      expect(await other.isOnline(2)).toBe(true);
      expect(await other.sockets(3)).toBe(1);
      expect(await other.online('admin')).toEqual([9]);

      // After a reconnection (ioredis may have resent a write that had already been applied), one whole rewrite.
      const ready = new Promise((resolve) => client.once('ready', resolve));
      client.disconnect(true);
      await ready;
      await watch.barrier(client);
      from = watch.seen.length;
      await store.sync();
      await watch.barrier(client);
      expect(writesOf(watch.seen.slice(from))).toEqual(['del', 'hset', 'pexpire', 'del', 'hset', 'pexpire']);
      from = watch.seen.length;
      await store.sync();
      await watch.barrier(client);
      expect(writesOf(watch.seen.slice(from))).toEqual(['pexpire', 'pexpire']);
      expect((await other.online('customer')).sort()).toEqual([1, 2, 3]);
    } finally {
      await store.close();
      await other.close();
      client.disconnect();
      watch.close();
    }
  });

  it('sends each script whole once and by its SHA1 after that, and again whole when Redis has lost it', async () => {
    const prefix = `presence-test:${randomUUID()}`;
    const watch = await watchCommands(prefix);
    const client = new Redis(REDIS_URL);
    const store = new PresenceStore(client, { prefix });
    const other = new PresenceStore(redisA, { prefix });
    try {
      for (let userId = 1; userId <= 3; userId++) {
        expect(await store.join('customer', userId)).toBe(true);
        expect(await store.sockets(userId)).toBe(1);
      }
      await watch.barrier(client);
      // MONITOR also reports the commands the scripts run; only the calls of the scripts are counted here.
      const scriptCalls = watch.seen
        .map((args) => args[0]!.toLowerCase())
        .filter((name) => name === 'eval' || name === 'evalsha');
      // One EVAL for each of the two scripts on this connection, every later call an EVALSHA.
      expect(scriptCalls).toEqual(['eval', 'eval', 'evalsha', 'evalsha', 'evalsha', 'evalsha']);

      // Redis restarted or flushed its scripts: the stores still answer, by sending the script whole again. The
      // other store (another instance, its own connection) has no socket of user 4, so it asks Redis.
      await redisB.script('FLUSH');
      expect(await store.join('customer', 4)).toBe(true);
      expect(await other.isOnline(4)).toBe(true);
      expect(await store.sockets(4)).toBe(1);
    } finally {
      await store.close();
      await other.close();
      client.disconnect();
      watch.close();
    }
  });
});
