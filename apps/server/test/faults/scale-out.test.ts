/**
 * Scale-out: two server processes on one database and one Redis, behind HAProxy with the shipped configuration
 * (deploy/haproxy.cfg, as `npm run scale-out` starts it), reached only through the balancer's port, as a customer's
 * browser and the back-office reach a load-balanced shop. HAProxy must be installed (Debian's `haproxy` package;
 * .ci/run installs it).
 *
 * Redis: REDIS_URL, or the Redis at redis://127.0.0.1:6379 when REDIS_URL is unset (CI starts one for both of its
 * runs). Without a reachable Redis the suite is skipped, saying why: nothing fake is started in its place, and two
 * instances without Redis share neither realtime nor rate limits, which is what this test checks.
 *
 * The balancer runs with the test-only pin of scripts/lib/haproxy.ts: a request carrying `X-Shop-Instance: appN`
 * goes to instance N, and every answer names the instance that gave it, so `call(..., { instance })` and
 * `open(instance, ...)` choose where a request or socket lands and check that it did. Requests without the header
 * are balanced round-robin by the shipped rules. Each run's HTTP clients connect from loopback addresses of their own
 * (127.x.y.z), so the per-address rate limits this run spends in the shared Redis are its own, and the instances
 * (TRUST_PROXY=127.0.0.1) must find those addresses in the X-Forwarded-For HAProxy appends.
 */
import { randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@shop/contracts';
import { haproxyBinary, startBalancer, type Balancer } from '../../../../scripts/lib/haproxy';
import { connectDatabase, type Database } from '../../src/db/connection';
import { createAdmin } from '../../src/modules/accounts/service';
import { DEFAULT_LIMITS } from '../../src/platform/rate-limit';
import { PDF } from '../support/files';
import { multipart, type FilePart } from '../support/multipart';
import { connect, next, presenceSockets, record, until, type ClientSocket } from '../support/realtime';
import { redisReachable, TEST_REDIS_URL } from '../support/redis';
import { freePort, startServerProcess, type ServerProcess } from '../support/server-process';
import { createTestDatabase } from '../support/test-app';

const reachable = await redisReachable();
if (!haproxyBinary())
  throw new Error('HAProxy is not installed: apt-get install haproxy (.ci/run installs it)');
if (!reachable)
  console.warn(
    `SKIPPED scale-out test: Redis is not reachable at ${TEST_REDIS_URL} (set REDIS_URL); ` +
      'instances without Redis share neither realtime nor rate limits',
  );

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

// Generous: two server processes share the machine's cores with the other test workers.
const WAIT = 10_000;
// The instances serve /metrics to its bearer; the balancer refuses it to everyone.
const METRICS_TOKEN = randomBytes(16).toString('hex');
const octet = () => 1 + Math.floor(Math.random() * 254);
const loopbackAddress = () => `127.${octet()}.${octet()}.${octet()}`;
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe.skipIf(!reachable)('two server processes behind HAProxy, sharing PostgreSQL and Redis', () => {
  const runId = randomBytes(4).toString('hex');
  // Where this run's HTTP clients connect from; the servers only ever see the proxy's 127.0.0.1 as their peer.
  const clientAddress = loopbackAddress();
  const usedAddresses = new Set([clientAddress]);
  const usedEmails = new Set<string>();
  const sockets: ClientSocket[] = [];
  let scratch: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let dataDir: string | undefined;
  let servers: ServerProcess[] = [];
  let proxy: Balancer | undefined;
  let proxyUrl: string;
  let proxyPort: number;
  let database: Database | undefined;
  // The shared presence, read by the tests that wait for an instance to have counted a socket out.
  let redis: Redis;

  beforeAll(async () => {
    scratch = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-scale-out-'));
    const env = {
      DATABASE_URL: scratch.url,
      // One data folder for both, as one shared volume in production: files uploaded through one instance are
      // served by the other.
      DATA_DIR: dataDir,
      REDIS_URL: TEST_REDIS_URL,
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: 'http://shop.test',
      METRICS_TOKEN,
    };
    const started = await Promise.allSettled([
      startServerProcess('instance 0', env),
      startServerProcess('instance 1', env),
    ]);
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;

    proxy = await startBalancer({
      host: '127.0.0.1',
      port: await freePort(),
      upstreams: servers.map((s) => ({ host: '127.0.0.1', port: s.port })),
      checkIntervalMs: 500,
      pinHeader: true,
    });
    proxyPort = proxy.port;
    proxyUrl = proxy.url;
    database = connectDatabase(scratch.url, { max: 2 });
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1, retryStrategy: () => null });
    redis.on('error', () => {});
  }, 60_000);

  afterAll(async () => {
    const attempt = (step: () => unknown) =>
      Promise.resolve()
        .then(step)
        .catch(() => {});
    for (const s of sockets) s.close();
    await attempt(() => proxy?.stop());
    await Promise.all(servers.map((s) => s.stop()));
    await attempt(() => database?.close());
    redis?.disconnect();
    await attempt(async () => {
      // The rate-limit entries this run wrote into the shared Redis.
      const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1, retryStrategy: () => null });
      redis.on('error', () => {});
      const keys = [
        ...[...usedAddresses].flatMap((a) => [`rl:loginAddress:${a}`, `rl:register:${a}`]),
        ...[...usedEmails].map((e) => `rl:loginAccount:${e}`),
      ];
      await redis.del(...keys).finally(() => redis.disconnect());
    });
    await attempt(() => scratch?.drop());
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  const pin = (instance: number) => ({ 'x-shop-instance': `app${instance + 1}` });

  /** Connections open now on each instance in HAProxy's realtime backend (WebSockets), from its stats. */
  async function openSockets(): Promise<number[]> {
    const csv = (await proxy!.admin('show stat')).split('\n');
    const columns = csv[0]!.replace(/^# /, '').split(',');
    const rows = csv.slice(1).map((line) => line.split(','));
    return servers.map((_, i) => {
      const row = rows.find((r) => r[0] === 'realtime' && r[1] === `app${i + 1}`);
      return Number(row?.[columns.indexOf('scur')]);
    });
  }

  /**
   * One HTTP request through the balancer, from the given client address; with `instance`, sent to that instance
   * and checked to have been answered by it.
   */
  function call(
    method: string,
    url: string,
    opts: {
      token?: string;
      json?: unknown;
      body?: { payload: Buffer; headers: Record<string, string> };
      from?: string;
      headers?: Record<string, string>;
      instance?: number;
    } = {},
  ): Promise<Answer> {
    if (opts.instance !== undefined) {
      const target = opts.instance;
      return call(method, url, {
        ...opts,
        instance: undefined,
        headers: { ...opts.headers, ...pin(target) },
      }).then((answer) => {
        expect(answer.headers['x-shop-instance'], `${method} ${url} went to the other instance`).toBe(
          `app${target + 1}`,
        );
        return answer;
      });
    }
    const from = opts.from ?? clientAddress;
    usedAddresses.add(from);
    const payload = opts.json !== undefined ? Buffer.from(JSON.stringify(opts.json)) : opts.body?.payload;
    const headers: Record<string, string> = {
      ...(opts.json !== undefined ? { 'content-type': 'application/json' } : opts.body?.headers),
      ...(payload ? { 'content-length': String(payload.length) } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    };
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: proxyPort, method, path: url, headers, localAddress: from, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body,
              json: <T>() => JSON.parse(body.toString('utf8')) as T,
            });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** A socket on that instance (WebSocket, as the web app connects first). */
  async function open(instance: number, token: string) {
    const socket = await connect(proxyUrl, token, { headers: pin(instance) });
    sockets.push(socket);
    return socket;
  }

  const newEmail = (who: string) => {
    const email = `${who}-${runId}-${randomBytes(3).toString('hex')}@example.com`;
    usedEmails.add(email);
    return email;
  };

  async function registerCustomer(who: string) {
    const email = newEmail(who);
    const password = 'Correct-Horse-42';
    const res = await call('POST', '/api/register', {
      json: { email, password, password_confirmation: password, terms: true },
    });
    expect(res.status, res.body.toString()).toBe(201);
    const body = res.json<{ token: string; user: { id: number } }>();
    return { token: body.token, id: body.user.id, email, password };
  }

  async function createAdminAccount(who: string) {
    const email = newEmail(who);
    const password = 'Admin-Passw0rd-77';
    const user = await createAdmin({ database: database! }, { name: who, email, password });
    const res = await call('POST', '/api/admin/login', { json: { email, password } });
    expect(res.status, res.body.toString()).toBe(200);
    return { token: res.json<{ token: string }>().token, id: user.id, email, password };
  }

  async function postMessage(
    instance: number,
    token: string,
    receiverId: number,
    text: string,
    files: Omit<FilePart, 'field'>[] = [],
  ) {
    const body = await multipart(
      { message: text },
      files.map((f, i) => ({ ...f, field: `attachments[${i}]` })),
    );
    const res = await call('POST', `/api/messages/${receiverId}`, { token, body, instance });
    expect(res.status, res.body.toString()).toBe(200);
    return res;
  }

  async function chatReplyMails(): Promise<number> {
    const { rows } = await database!.pool.query<{ n: string }>(
      `select count(*) as n from mail_queue where kind = 'chat_reply'`,
    );
    return Number(rows[0]!.n);
  }

  it('carries chat, typing, attachments and presence across the instances', async () => {
    const admin1 = await createAdminAccount('admin-one');
    const admin2 = await createAdminAccount('admin-two');
    const alice = await registerCustomer('alice');

    const a1 = await open(0, admin1.token);
    expect(await next(a1, 'presence:here', WAIT)).toEqual([admin1.id]);
    const admin2Joins = next(a1, 'presence:joining', WAIT);
    const a2 = await open(1, admin2.token);
    expect(sorted(await next(a2, 'presence:here', WAIT))).toEqual(sorted([admin1.id, admin2.id]));
    expect(await admin2Joins).toEqual({ userId: admin2.id });
    const a1Again = await open(1, admin1.token);
    await next(a1Again, 'presence:here', WAIT);
    const admins = [a1, a2, a1Again];

    // Alice joins on instance 0: the admins on both instances hear it, and she sees the whole team online.
    const aliceJoins = [next(a1, 'presence:joining', WAIT), next(a2, 'presence:joining', WAIT)];
    const alice0 = await open(0, alice.token);
    expect(sorted(await next(alice0, 'presence:here', WAIT))).toEqual(sorted([admin1.id, admin2.id]));
    expect(await Promise.all(aliceJoins)).toEqual([{ userId: alice.id }, { userId: alice.id }]);
    const alice1 = await open(1, alice.token);
    expect(sorted(await next(alice1, 'presence:here', WAIT))).toEqual(sorted([admin1.id, admin2.id]));
    const everyone = [...admins, alice0, alice1];
    // HAProxy's own accounting: the sockets open on each instance.
    expect(await openSockets()).toEqual([2, 3]);

    // Alice writes through each instance; every socket of the conversation and of the team gets each message,
    // and every admin one notification for the conversation (a second unread message adds none). The first message carries a 1.5 MB file (bodies stream through the proxy).
    const file = Buffer.concat([PDF, Buffer.alloc(1_500_000, 0x20)]);
    const posted: ChatMessage[] = [];
    for (const instance of [0, 1]) {
      const text = `Hello through instance ${instance}`;
      const received = everyone.map((s) => next(s, 'MessageSent', WAIT));
      const noticed = instance === 0 ? next(a2, 'notification', WAIT) : null;
      await postMessage(
        instance,
        alice.token,
        admin1.id,
        text,
        instance === 0 ? [{ name: 'floor-plan.pdf', data: file, type: 'application/pdf' }] : [],
      );
      const got = await Promise.all(received);
      expect(got.map((g) => g.message.message)).toEqual(everyone.map(() => text));
      posted.push(got[0]!.message);
      if (noticed) expect((await noticed).unread_count).toBe(1);
    }
    for (const instance of [0, 1]) {
      const unread = await call('GET', '/api/admin/notifications', { token: admin2.token, instance });
      expect(unread.json().unread_count).toBe(1);
    }

    // The file stored through instance 0 downloads, byte for byte, through both.
    const attachment = posted[0]!.attachments[0]!;
    for (const instance of [0, 1]) {
      const download = await call('GET', attachment.url, { token: admin2.token, instance });
      expect(download.status).toBe(200);
      expect(download.body.equals(file)).toBe(true);
    }

    // Typing on instance 0 reaches the admins on both.
    const typing = admins.map((s) => next(s, 'typing', WAIT));
    alice0.emit('typing', { isTyping: true });
    expect(await Promise.all(typing)).toEqual(admins.map(() => ({ userId: alice.id, isTyping: true })));

    // Replies through each instance reach both of Alice's sockets; she is online (on the other instance, too),
    // so no reply is mailed.
    for (const instance of [0, 1]) {
      const text = `Reply through instance ${instance}`;
      const received = everyone.map((s) => next(s, 'MessageSent', WAIT));
      await postMessage(instance, admin1.token, alice.id, text);
      expect((await Promise.all(received)).map((g) => g.message.message)).toEqual(everyone.map(() => text));
    }
    expect(await chatReplyMails()).toBe(0);

    // Alice leaves instance 0 but stays on 1: still online. Once instance 0 has counted her socket out of the
    // shared presence, a customer joining through instance 0 is the barrier: that instance sends the admins its
    // presence events in order, so a "leaving" for Alice would reach them before Carol's "joining".
    const leftEarly = [record(a1, 'presence:leaving'), record(a2, 'presence:leaving')];
    alice0.close();
    await until(async () => (await presenceSockets(redis, scratch!.url, alice.id)) === 1, WAIT);
    const carol = await registerCustomer('carol');
    const carolJoins = [next(a1, 'presence:joining', WAIT), next(a2, 'presence:joining', WAIT)];
    await open(0, carol.token);
    expect(await Promise.all(carolJoins)).toEqual([{ userId: carol.id }, { userId: carol.id }]);
    expect(leftEarly).toEqual([[], []]);
    // Then she leaves 1: gone, for the admins on both.
    const leaving = [next(a1, 'presence:leaving', WAIT), next(a2, 'presence:leaving', WAIT)];
    alice1.close();
    expect(await Promise.all(leaving)).toEqual([{ userId: alice.id }, { userId: alice.id }]);

    // Offline everywhere now: a reply through either instance is mailed, once per window.
    for (const instance of [0, 1])
      await postMessage(instance, admin1.token, alice.id, `Offline reply ${instance}`);
    expect(await chatReplyMails()).toBe(1);
  });

  it('pushes a notification caused through one instance to the customer on the other, with the right count', async () => {
    const admin = await createAdminAccount('admin-notify');
    const bob = await registerCustomer('bob');
    const bobOn0 = await open(0, bob.token);
    await next(bobOn0, 'presence:here', WAIT);

    const pushed = next(bobOn0, 'notification', WAIT);
    await postMessage(1, admin.token, bob.id, 'Your quote is ready');
    const { notification, unread_count } = await pushed;
    expect(notification.data).toMatchObject({ type: 'chat_message', sender_id: admin.id });
    expect(unread_count).toBe(1);

    const listed = await call('GET', '/api/notifications', { token: bob.token, instance: 0 });
    expect(listed.json()).toMatchObject({ unread_count: 1, total: 1 });
    const read = await call('POST', '/api/notifications/mark-all-read', { token: bob.token, instance: 1 });
    expect(read.json().unread_count).toBe(0);
    const after = await call('GET', '/api/notifications', { token: bob.token, instance: 0 });
    expect(after.json().unread_count).toBe(0);
  });

  it('refuses /metrics through the balancer, however it is spelled, while each instance answers its scraper', async () => {
    const headers = { authorization: `Bearer ${METRICS_TOKEN}` };
    // Spellings of the path: percent-encoded letters (the instances decode them), a query, dot segments, another
    // case, a trailing slash.
    const spellings = [
      '/metrics',
      '/metrics?format=text',
      '/%6detrics',
      '/%6D%65trics',
      '/./metrics',
      '/x/../metrics',
      '/METRICS',
      '/metrics/',
    ];
    const served: string[] = [];
    for (const url of spellings) {
      const direct = await new Promise<number>((resolve, reject) => {
        // The path as written (a URL string would be normalized by Node before it is sent).
        const req = http.request({ host: '127.0.0.1', port: servers[0]!.port, path: url, headers }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject);
        req.end();
      });
      if (direct === 200) served.push(url);
      const through = await call('GET', url, { headers });
      // Every spelling an instance serves its metrics at is refused by the balancer itself; none yields them.
      if (direct === 200) expect(through.status, `${url} through the balancer`).toBe(403);
      expect(through.body.toString(), url).not.toContain('http_request_duration_seconds');
    }
    // Scraped directly, as README's Metrics section says, the instances answer.
    expect(served).toEqual(expect.arrayContaining(['/metrics', '/metrics?format=text', '/%6detrics']));
  });

  it('keeps a long-polling client on the instance that holds its session (the cookie), before and after its upgrade', async () => {
    const admin = await createAdminAccount('admin-poll');
    const carol = await registerCustomer('carol');
    // The fallback: pure long-polling, then polling first and upgraded to WebSocket. No pin: HAProxy balances the
    // handshake and its cookie keeps the session's later requests (each long-poll, each post, the upgrade) on
    // the instance that holds the session; one of them sent to the other instance would end the session there
    // ("Session ID unknown") and the socket would disconnect before the messages arrive.
    const modes: ('polling' | 'websocket')[][] = [['polling'], ['polling', 'websocket']];
    for (const transports of modes) {
      const socket = await connect(proxyUrl, carol.token, { transports, cookies: true });
      sockets.push(socket);
      let disconnected = false;
      socket.on('disconnect', () => (disconnected = true));
      await next(socket, 'presence:here', WAIT);
      if (transports.includes('websocket'))
        await expect.poll(() => socket.io.engine.transport.name).toBe('websocket');
      else expect(socket.io.engine.transport.name).toBe('polling');
      // Messages posted through both instances arrive over the socket, several long-polls later.
      for (const through of [0, 1, 0, 1]) {
        const text = `${transports.join('+')} ${through} ${Math.random()}`;
        const got = next(socket, 'MessageSent', WAIT);
        await postMessage(through, admin.token, carol.id, text);
        expect((await got).message.message).toBe(text);
      }
      expect(disconnected).toBe(false);
      socket.close();
    }
  });

  it("slows an account's logins from unknown addresses after the configured failures counted across both instances", async () => {
    const { points } = DEFAULT_LIMITS.loginAccount!;
    const dave = await registerCustomer('dave');
    // Half of the failures on each instance: each alone is under the limit. From a different address each time:
    // the account's count does not depend on where attempts come from.
    for (let i = 0; i < points; i++) {
      const res = await call('POST', '/api/login', {
        json: { email: dave.email, password: `Wrong-Password-${i}` },
        from: loopbackAddress(),
        instance: i % 2,
      });
      expect(res.status).toBe(401);
    }

    for (const instance of [0, 1]) {
      const locked = await call('POST', '/api/login', {
        json: { email: dave.email, password: dave.password },
        instance,
      });
      expect(locked.status).toBe(429);
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(DEFAULT_LIMITS.loginAccount!.blockSeconds!);
    }
  });

  it('limits failed logins per client address, the one HAProxy forwards, whatever the client claims', async () => {
    const { points } = DEFAULT_LIMITS.loginAddress!;
    const erin = await registerCustomer('erin');
    const attacker = loopbackAddress();
    const bystander = loopbackAddress();
    for (let i = 0; i < points; i++) {
      const res = await call('POST', '/api/login', {
        json: { email: newEmail(`nobody${i}`), password: 'Wrong-Password-1' },
        from: attacker,
        // A client's own X-Forwarded-For is not believed: the instances trust only what HAProxy appends.
        headers: { 'x-forwarded-for': `203.0.113.${1 + (i % 250)}` },
      });
      expect(res.status).toBe(401);
    }
    for (const instance of [0, 1]) {
      const locked = await call('POST', '/api/login', {
        json: { email: erin.email, password: erin.password },
        from: attacker,
        instance,
      });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Every request reached the instances from HAProxy's address; another client is not held back.
    const fine = await call('POST', '/api/login', {
      json: { email: erin.email, password: erin.password },
      from: bystander,
    });
    expect(fine.status).toBe(200);
  });

  it('drains an instance: new requests go to the other, its open sockets stay', async () => {
    const gina = await registerCustomer('gina');
    const kept = await open(1, gina.token);
    await next(kept, 'presence:here', WAIT);
    // As deploy/haproxy.cfg describes it, over HAProxy's admin socket.
    await proxy!.admin('set server app/app2 state drain');
    await proxy!.admin('set server realtime/app2 state drain');
    try {
      for (let i = 0; i < 6; i++) {
        const res = await call('GET', '/api/notifications', { token: gina.token });
        expect(res.status).toBe(200);
        expect(res.headers['x-shop-instance']).toBe('app1');
      }
      // The socket opened before the drain still gets what happens through the other instance.
      const admin = await createAdminAccount('admin-drain');
      const got = next(kept, 'MessageSent', WAIT);
      await postMessage(0, admin.token, gina.id, 'Still here while draining');
      expect((await got).message.message).toBe('Still here while draining');
      expect((await openSockets())[1]).toBeGreaterThanOrEqual(1);
    } finally {
      await proxy!.admin('set server app/app2 state ready');
      await proxy!.admin('set server realtime/app2 state ready');
      kept.close();
    }
  });

  it('keeps answering new requests and sockets through the other instance when one is killed', async () => {
    const frank = await registerCustomer('frank');
    servers[1]!.child.kill('SIGKILL');
    await new Promise((resolve) => servers[1]!.child.once('exit', resolve));
    // Right away (before the health checks notice) and after: every new request, balanced round-robin, is
    // answered, by instance 0; a refused connection is sent to the other instance (option redispatch).
    for (let i = 0; i < 10; i++) {
      const res = await call('GET', '/api/notifications', { token: frank.token });
      expect(res.status, res.body.toString()).toBe(200);
      expect(res.headers['x-shop-instance']).toBe('app1');
    }
    const socket = await connect(proxyUrl, frank.token);
    sockets.push(socket);
    await next(socket, 'presence:here', WAIT);
    // The health checks mark it down.
    await expect
      .poll(
        async () => (await proxy!.admin('show stat')).split('\n').find((l) => l.startsWith('app,app2,')),
        {
          timeout: WAIT,
        },
      )
      .toContain(',DOWN,');
  });
});
