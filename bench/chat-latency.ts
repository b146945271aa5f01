/**
 * Chat delivery latency across two server instances sharing PostgreSQL and Redis.
 *
 * Two API servers run as child processes (apps/server/src/main.ts bundled as `npm start` runs it, or through tsx
 * with BENCH_TSX=1) with REDIS_URL set; 2,000 sockets connect, half to each. Messages are posted at 200 per
 * second over HTTP (multipart, as the web app sends them), half to each instance, always through the instance the
 * receiving socket is NOT connected to, so every measured delivery crosses Redis: half are customers writing to
 * the team (received by an admin socket), half admins replying (received by the customer's socket). Latency =
 * from just before the POST to the MessageSent event at the receiver; its percentiles are also given apart for
 * each conversation's first message of the run (with SOCKETS=2000 and RATE=200 they are sent in the first 10 s:
 * the conversation's row and the recipients' one unread notification are written then) and for the later ones.
 * Memory per idle socket = growth of both servers' RSS while the sockets connect / sockets.
 *
 * Run: npx tsx bench/chat-latency.ts
 * Env: DATABASE_URL (a PostgreSQL server to create a scratch database in; default: an embedded one started here),
 *      REDIS_URL (default redis://127.0.0.1:6379), SOCKETS (2000), RATE (200/s), SECONDS (15), WARMUP_SECONDS (3:
 *      sent at RATE first and not measured), BENCH_CPU_PROF (a folder for the shop instances' CPU profiles).
 * Loopback only; the scratch database and data folders are removed at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmod, readFile, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@shop/contracts';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedServer } from '../apps/server/src/db/connection';
import { freePort } from '../scripts/lib/free-port';
import { monotonicMicros } from './cpu-profile';
import { untilAnswers } from '../scripts/lib/until-answers';
import {
  cpuBetween,
  cpuOfProcessesNamed,
  cpuTicks,
  coreShares,
  embeddedBuffersMb,
  percentile,
  serverArgs,
  settle,
  statCpuMs,
} from './bench-support';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const root = path.resolve(import.meta.dirname, '..');
const SOCKETS = Number(process.env.SOCKETS ?? 2000);
const RATE = Number(process.env.RATE ?? 200);
const SECONDS = Number(process.env.SECONDS ?? 15);
// Sent at the same rate before the measured messages and left out of the figures: a server's first seconds under
// load (JIT, pool connections opened on demand) are its start, not its steady state. Both rows get the same.
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 3);
const ADMINS = 4;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startInstance(
  name: string,
  port: number,
  databaseUrl: string,
  dataDir: string,
): Promise<ChildProcess> {
  // BENCH_CPU_PROF=<folder>: each shop instance writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  const child = spawn(process.execPath, [...profile, ...(await serverArgs('apps/server/src/main.ts'))], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      // Every socket of the benchmark comes from this machine's one address.
      REALTIME_HANDSHAKES_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await untilAnswers(`http://127.0.0.1:${port}/readyz`, child, { withinMs: 60_000 });
  return child;
}

function connect(url: string, token: string): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    const s: ClientSocket = io(url, {
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
      timeout: 20_000,
    });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

// The posts go through node:http with kept-alive connections and a multipart body written here, as a browser's
// FormData sends it (one `message` field). `fetch` costs this process about twice the CPU per post (its Request,
// AbortSignal and body stream objects), and this process shares the machine's two cores with the servers it
// measures, where the 2,000 clients it stands for would not. A kept-alive connection is let go after 4 s idle,
// before the servers' own 5 s (Node's keep-alive timeout, which they announce): an agent without a timeout keeps
// it past that, and a post sent as the server closes it failed with ECONNRESET (once, in the bare relay's run).
const agent = new http.Agent({ keepAlive: true, timeout: 4_000 });
const BOUNDARY = '----shopbench7d0c1f2a';

function post(base: string, token: string, receiverId: number, text: string): Promise<number> {
  const body = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="message"\r\n\r\n${text}\r\n--${BOUNDARY}--\r\n`,
  );
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api/messages/${receiverId}`,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': body.length,
        },
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
        res.once('error', reject);
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

interface Account {
  id: number;
  role: string;
  token: string;
}

/**
 * The CPU so far (ms) of the two instances, of PostgreSQL's and Redis's processes, and of this process. With `known`
 * (an earlier reading), of the PostgreSQL and Redis processes it found only: the quick reading at the start of the
 * measured messages.
 */
function cpuReading(
  instances: ChildProcess[],
  known?: { postgres: Map<string, number>; redis: Map<string, number> },
) {
  const self = process.cpuUsage();
  return {
    instances: new Map(
      instances.map((c) => {
        const { user, system } = statCpuMs(`/proc/${c.pid}/stat`);
        return [String(c.pid), user + system] as const;
      }),
    ),
    postgres: cpuOfProcessesNamed('postgres', known?.postgres.keys()),
    redis: cpuOfProcessesNamed('redis-server', known?.redis.keys()),
    loadGenerator: (self.user + self.system) / 1000,
    machine: cpuTicks(),
  };
}

/** Posts RATE messages a second for SECONDS through the instance the receiver is not on; times each delivery. */
async function measure(
  sockets: ClientSocket[],
  all: Account[],
  home: Map<number, number>,
  bases: string[],
  tokenOf: (a: Account) => string,
  admins: Account[],
  customerAccounts: Account[],
  instances: ChildProcess[],
) {
  // Receipt times by message text. The n-th message goes to customer n % customers, so the first `customers` are
  // each conversation's first of the run: they write its row and its recipients' notifications; later ones find
  // them there.
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const firstLatencies: number[] = [];
  const laterLatencies: number[] = [];
  const httpMs: number[] = [];
  const bySecond: number[][] = [];
  let failures = 0;
  const postedVia = [0, 0];
  const statuses = new Map<number, number>();
  const errorsSeen = new Map<string, number>();
  const run = randomBytes(3).toString('hex');
  const adminSocketOn = [
    sockets.findIndex((_, i) => i < ADMINS && home.get(all[i]!.id) === 0),
    sockets.findIndex((_, i) => i < ADMINS && home.get(all[i]!.id) === 1),
  ];
  sockets.forEach((s, i) => {
    const isMeasuringAdmin = adminSocketOn.includes(i);
    const isCustomer = i >= ADMINS;
    if (!isMeasuringAdmin && !isCustomer) return;
    s.on('MessageSent', ({ message }) => {
      const key = message.message;
      const start = sentAt.get(key);
      if (start === undefined) return;
      // The key is bench:<run>:<n>:<the instance it was posted to>.
      const [, , n, via] = key.split(':').map(Number) as [number, number, number, number];
      // A customer's message is measured at the admin socket on the other instance; a reply at its customer.
      const expectedAtAdmin = !message.from_admin;
      if (expectedAtAdmin !== isMeasuringAdmin) return;
      if (expectedAtAdmin && home.get(all[i]!.id) === via) return;
      const ms = performance.now() - start;
      latencies.push(ms);
      (n < customerAccounts.length ? firstLatencies : laterLatencies).push(ms);
      // By the second of the run in which it was sent (0 = the first measured second).
      const second = Math.floor((n - warm) / RATE);
      if (second >= 0) (bySecond[second] ??= []).push(ms);
      sentAt.delete(key);
    });
  });

  const total = RATE * SECONDS;
  const warm = Math.round(RATE * WARMUP_SECONDS);
  const interval = 1000 / RATE;
  const begun = performance.now();
  // This process's own stalls (its collector, a burst of events): a timer due every 10 ms, its lateness kept per
  // second of sending. A stall here delays the posts due meanwhile, which then leave together.
  const lagBySecond: number[] = [];
  let tick = performance.now();
  const lagTimer = setInterval(() => {
    const now = performance.now();
    const second = Math.floor((now - begun) / 1000) - WARMUP_SECONDS;
    if (second >= 0) lagBySecond[second] = Math.max(lagBySecond[second] ?? 0, now - tick - 10);
    tick = now;
  }, 10);
  let started = begun;
  let cpuBefore = cpuReading(instances);
  let windowStart = monotonicMicros();
  const inflight: Promise<void>[] = [];
  for (let n = 0; n < warm + total; n++) {
    const due = begun + n * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const customer = customerAccounts[n % customerAccounts.length]!;
    const customerHome = home.get(customer.id)!;
    // The instances take the posts in turn, two each (A, A, B, B, ...), as a load balancer spreads them, and each
    // goes to the instance the receiver is not on: the customer writes when it lives on the posting instance, an
    // admin replies when it lives on the other. With the homes alternating too, half the messages go each way.
    const via = Math.floor(n / 2) % 2;
    const fromCustomer = via === customerHome;
    const key = `bench:${run}:${n}:${via}`;
    const t = performance.now();
    const measured = n >= warm;
    if (n === warm) {
      started = t;
      cpuBefore = cpuReading(instances, cpuBefore);
      windowStart = monotonicMicros();
    }
    if (measured) {
      sentAt.set(key, t);
      postedVia[via]!++;
    }
    inflight.push(
      post(
        bases[via]!,
        tokenOf(fromCustomer ? customer : admins[n % ADMINS]!),
        fromCustomer ? admins[0]!.id : customer.id,
        key,
      )
        .then((status) => {
          if (!measured) return;
          httpMs.push(performance.now() - t);
          if (status !== 200) {
            failures++;
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        })
        .catch((error: NodeJS.ErrnoException) => {
          if (!measured) return;
          failures++;
          const reason = error.code ?? error.message;
          errorsSeen.set(reason, (errorsSeen.get(reason) ?? 0) + 1);
        }),
    );
  }
  const sendSeconds = (performance.now() - started) / 1000;
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
  await Promise.all(inflight);
  const deadline = Date.now() + 5000;
  while (sentAt.size > 0 && Date.now() < deadline) await sleep(50);
  // From the first measured message to the last delivery: every process's part of the measured messages.
  const cpuAfter = cpuReading(instances);
  const window = [windowStart, monotonicMicros()];
  const perMessage = (ms: number) => (ms * 1000) / total;
  const cpu = {
    instances: perMessage(cpuBetween(cpuBefore.instances, cpuAfter.instances)),
    postgres: perMessage(cpuBetween(cpuBefore.postgres, cpuAfter.postgres)),
    redis: perMessage(cpuBetween(cpuBefore.redis, cpuAfter.redis)),
    loadGenerator: perMessage(cpuAfter.loadGenerator - cpuBefore.loadGenerator),
    // Shares of the cores' time over the measured messages.
    ...coreShares(cpuBefore.machine, cpuAfter.machine),
  };
  clearInterval(lagTimer);
  for (const s of sockets) s.off('MessageSent');
  for (const list of [latencies, firstLatencies, laterLatencies, httpMs, ...bySecond])
    list.sort((a, b) => a - b);
  return {
    total,
    postedVia,
    sendSeconds,
    failures,
    undelivered: sentAt.size,
    statuses,
    errorsSeen,
    latencies,
    firstLatencies,
    laterLatencies,
    httpMs,
    load,
    cpu,
    window,
    bySecond,
    lagBySecond,
    p: (q: number) => percentile(latencies, q),
  };
}

async function startRelay(port: number, relayKey: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, await serverArgs('bench/chat-bare-relay.ts'), {
    cwd: root,
    env: { ...process.env, PORT: String(port), REDIS_URL, RELAY_KEY: relayKey },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`bare relay exited with ${code}`)));
  });
  return child;
}

async function main() {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  await probe.connect().catch(() => {
    throw new Error(`Redis is not reachable at ${REDIS_URL}`);
  });
  probe.disconnect();

  const scratch = await mkdtemp(path.join(os.tmpdir(), 'shop-chat-bench-'));
  // The embedded server runs as its own system user when started by root; it must be able to reach its folder.
  await chmod(scratch, 0o755);
  let embedded: EmbeddedServer | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres(path.join(scratch, 'pg'), await freePort(), embeddedBuffersMb());
    adminUrl = embedded.url('postgres');
  }
  const dbName = `shop_chat_bench_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(adminUrl, dbName);
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  const databaseUrl = u.toString();

  const children: ChildProcess[] = [];
  const sockets: ClientSocket[] = [];
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const pgVersion = (await db.query<{ server_version: string }>('show server_version')).rows[0]!
      .server_version;
    const [portA, portB] = [await freePort(), await freePort()];
    // A first: it applies the migrations; B starts on the migrated database.
    children.push(await startInstance('instance A', portA, databaseUrl, path.join(scratch, 'a')));
    children.push(await startInstance('instance B', portB, databaseUrl, path.join(scratch, 'b')));
    const bases = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];

    // Accounts and sessions written directly (no password hashing needed for a socket benchmark).
    const users = await db.query<{ id: number; role: string }>(
      `insert into users (name, email, password_hash, role)
       select case when g <= $1 then 'Bench Admin ' || g else 'Bench Customer ' || g end,
              'bench' || g || '@example.com', 'x', case when g <= $1 then 'admin' else 'user' end
         from generate_series(1, $2::int) g
       returning id, role`,
      [ADMINS, SOCKETS],
    );
    const accounts = users.rows.map((row) => ({ ...row, token: randomBytes(32).toString('base64url') }));
    await db.query(
      `insert into sessions (user_id, token_hash, audience, expires_at)
       select * from unnest($1::int[], $2::text[], $3::text[], $4::timestamptz[])`,
      [
        accounts.map((a) => a.id),
        accounts.map((a) => createHash('sha256').update(a.token).digest('hex')),
        accounts.map((a) => (a.role === 'admin' ? 'admin' : 'customer')),
        accounts.map(() => new Date(Date.now() + 3600_000)),
      ],
    );
    const admins = accounts.filter((a) => a.role === 'admin');
    const customerAccounts = accounts.filter((a) => a.role === 'user');

    // Warm both servers (JIT, pools) before taking the idle memory figure.
    for (let i = 0; i < 20; i++)
      await post(bases[i % 2]!, customerAccounts[i]!.token, admins[0]!.id, 'warm-up');
    await sleep(1500);
    const rssBefore = (await rssKb(children[0]!.pid!)) + (await rssKb(children[1]!.pid!));

    // Socket i connects to instance i % 2.
    const t0 = Date.now();
    const all = [...admins, ...customerAccounts];
    const home = new Map<number, number>();
    for (let i = 0; i < all.length; i += 100) {
      const batch = all.slice(i, i + 100);
      const connected = await Promise.all(batch.map((a, j) => connect(bases[(i + j) % 2]!, a.token)));
      batch.forEach((a, j) => home.set(a.id, (i + j) % 2));
      sockets.push(...connected);
    }
    const connectMs = Date.now() - t0;
    await sleep(4000);
    const rssAfter = (await rssKb(children[0]!.pid!)) + (await rssKb(children[1]!.pid!));

    // Nothing of an earlier run or benchmark may still be written back while the messages are timed.
    const settled = await settle(db);
    const shop = await measure(sockets, all, home, bases, (a) => a.token, admins, customerAccounts, [
      children[0]!,
      children[1]!,
    ]);

    // The same messages through a bare Socket.IO relay (same Redis adapter, no database), on a fresh set of
    // sockets with the same homes: the floor this machine gives at this moment.
    for (const s of sockets.splice(0)) s.close();
    const [bareA, bareB] = [await freePort(), await freePort()];
    const relayKey = `bare-${randomBytes(4).toString('hex')}`;
    const relays = [await startRelay(bareA, relayKey), await startRelay(bareB, relayKey)];
    children.push(...relays);
    const bareBases = [`http://127.0.0.1:${bareA}`, `http://127.0.0.1:${bareB}`];
    const bareToken = (a: { id: number; role: string }) => `${a.id}:${a.role}`;
    for (let i = 0; i < all.length; i += 100) {
      const batch = all.slice(i, i + 100);
      sockets.push(
        ...(await Promise.all(batch.map((a, j) => connect(bareBases[(i + j) % 2]!, bareToken(a))))),
      );
    }
    await sleep(2000);
    const bare = await measure(sockets, all, home, bareBases, bareToken, admins, customerAccounts, relays);

    const fmt = (v: number) => `${v.toFixed(1)} ms`;
    console.info(
      `chat-latency: ${sockets.length} sockets over 2 instances (Redis adapter), connected in ${(connectMs / 1000).toFixed(1)} s; PostgreSQL ${pgVersion}; before the shop's run: ${settled}`,
    );
    for (const [name, r] of [
      ['shop', shop],
      ['bare relay', bare],
    ] as const) {
      console.info(
        `  ${name}: sent ${r.total} messages in ${r.sendSeconds.toFixed(1)} s (${(r.total / r.sendSeconds).toFixed(0)}/s; ${r.postedVia.join(' / ')} posted to instance A / B), ${r.failures} failed, ${r.undelivered} not delivered; load average ${r.load}`,
      );
      console.info(
        `    delivery (POST start -> MessageSent on the other instance): p50 ${fmt(r.p(50))}, p95 ${fmt(r.p(95))}, p99 ${fmt(r.p(99))}, max ${fmt(r.latencies.at(-1) ?? NaN)} (n=${r.latencies.length})`,
      );
      console.info(
        `    first message of its conversation in the run: p95 ${fmt(percentile(r.firstLatencies, 95))}, p99 ${fmt(percentile(r.firstLatencies, 99))} (n=${r.firstLatencies.length}); later messages: p95 ${fmt(percentile(r.laterLatencies, 95))}, p99 ${fmt(percentile(r.laterLatencies, 99))} (n=${r.laterLatencies.length})`,
      );
      console.info(
        `    HTTP answer of the POST: p50 ${fmt(percentile(r.httpMs, 50))}, p95 ${fmt(percentile(r.httpMs, 95))}, p99 ${fmt(percentile(r.httpMs, 99))}`,
      );
      console.info(
        `    delivery p95 by second of sending (ms): ${Array.from(r.bySecond, (l) => (l ? percentile(l, 95).toFixed(0) : '-')).join(' ')}`,
      );
      console.info(
        `    the load generator's longest stall by second (ms): ${Array.from(r.lagBySecond, (l) => (l === undefined ? '-' : Math.max(0, l).toFixed(0))).join(' ')}`,
      );
      const c = r.cpu;
      console.info(
        `    CPU per message (µs): the two instances ${c.instances.toFixed(0)}, PostgreSQL ${c.postgres.toFixed(0)}, Redis ${c.redis.toFixed(0)}, this load generator ${c.loadGenerator.toFixed(0)}; ${(c.instances + c.postgres + c.redis + c.loadGenerator).toFixed(0)} in all; the cores ${(c.busy * 100).toFixed(0)} % busy, ${(c.stolen * 100).toFixed(1)} % stolen by the host`,
      );
      if (r.errorsSeen.size)
        console.info(`    request errors: ${[...r.errorsSeen].map(([k, v]) => `${k} x${v}`).join(', ')}`);
      if (r.statuses.size)
        console.info(`    failed statuses: ${[...r.statuses].map(([k, v]) => `${k} x${v}`).join(', ')}`);
    }
    console.info(
      `  shop / bare relay: p95 ${(shop.p(95) / bare.p(95)).toFixed(2)}x, p99 ${(shop.p(99) / bare.p(99)).toFixed(2)}x`,
    );
    console.info(
      `  memory: servers' RSS ${(rssBefore / 1024).toFixed(0)} MB -> ${(rssAfter / 1024).toFixed(0)} MB, ${(((rssAfter - rssBefore) * 1024) / all.length / 1024).toFixed(1)} KB per idle socket`,
    );
    if (process.env.BENCH_CPU_PROF)
      console.info(
        `  the shop's measured messages on the clock of the instances' CPU profiles (pids ${children[0]!.pid}, ${children[1]!.pid}): ${shop.window.join(' - ')} µs`,
      );
    const ok = shop.p(95) < 25 && shop.p(99) < 50 && shop.failures === 0 && shop.undelivered === 0;
    console.info(`  target p95 < 25 ms, p99 < 50 ms: ${ok ? 'met' : 'NOT met'}`);
  } finally {
    for (const s of sockets) s.close();
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(
      children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
    );
    await db.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
    await embedded?.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
