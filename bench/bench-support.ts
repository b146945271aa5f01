/**
 * What the catalogue benchmarks share: a fresh benchmark database (embedded PostgreSQL unless DATABASE_URL names
 * a server) migrated and filled with generated products, and the shop's servers in their own processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import pg from 'pg';
import { serverBundleOptions } from '../apps/server/bundle-options';
import {
  connectDatabase,
  DEFAULT_POOL_SIZE,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from '../apps/server/src/db/connection';
import { runMigrations } from '../apps/server/src/db/migrate';
import { loadConfig } from '../apps/server/src/config';
import { generateCatalog } from './catalog-data';

export const root = path.resolve(import.meta.dirname, '..');

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface BenchDatabase {
  url: string;
  version: string;
  close(): Promise<void>;
}

/** The embedded server's shared buffers as `npm start` sets them (`EMBEDDED_PG_SHARED_BUFFERS_MB`, else from memory). */
export const embeddedBuffersMb = () => loadConfig().embeddedPgSharedBuffersMb;

/**
 * A fresh database with `products` generated products; `close` drops it (and stops an embedded server).
 * With BENCH_KEEP_DATABASE=<name> and DATABASE_URL, that database is kept: made and filled the first time, only
 * migrated the next times while it holds `products` products (generating 1,000,000 takes minutes), never dropped.
 */
export async function benchDatabase(products: number, port = 54395): Promise<BenchDatabase> {
  const keep = process.env.BENCH_KEEP_DATABASE;
  if (keep && process.env.DATABASE_URL) return keptDatabase(products, keep);
  let embedded: EmbeddedServer | undefined;
  let pgDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL ? withDatabase(process.env.DATABASE_URL, 'postgres') : '';
  if (!adminUrl) {
    pgDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-pg-'));
    embedded = await startEmbeddedPostgres(pgDir, port, embeddedBuffersMb());
    adminUrl = embedded.url('postgres');
  }
  const dbName = `shop_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const version = (await admin.query('show server_version')).rows[0].server_version as string;
  await admin.query(`create database ${dbName}`);
  const url = withDatabase(adminUrl, dbName);
  const close = async () => {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    await embedded?.stop();
    if (pgDir) await rm(pgDir, { recursive: true, force: true });
  };
  try {
    const database = connectDatabase(url, { max: 2 });
    await runMigrations(database);
    await database.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const started = performance.now();
    await generateCatalog(client, products);
    await client.query('vacuum analyze');
    const generated = ((performance.now() - started) / 1000).toFixed(1);
    const settled = await settle(client);
    await client.end();
    console.info(`PostgreSQL ${version}; ${products} products generated in ${generated} s; ${settled}`);
  } catch (err) {
    await close();
    throw err;
  }
  return { url, version, close };
}

async function keptDatabase(products: number, dbName: string): Promise<BenchDatabase> {
  if (!/^[a-z0-9_]+$/.test(dbName))
    throw new Error('BENCH_KEEP_DATABASE: lower-case letters, digits and _ only');
  const admin = new pg.Client({ connectionString: withDatabase(process.env.DATABASE_URL!, 'postgres') });
  await admin.connect();
  const version = (await admin.query('show server_version')).rows[0].server_version as string;
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount;
  if (!exists) await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = withDatabase(process.env.DATABASE_URL!, dbName);
  const database = connectDatabase(url, { max: 2 });
  await runMigrations(database);
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const count = Number((await client.query('select count(*) from products')).rows[0].count);
  if (count !== products) {
    if (count !== 0) throw new Error(`${dbName} holds ${count} products, not ${products}`);
    const started = performance.now();
    await generateCatalog(client, products);
    await client.query('vacuum analyze');
    const generated = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `PostgreSQL ${version}; ${products} products generated in ${generated} s; ${await settle(client)}`,
    );
  } else console.info(`PostgreSQL ${version}; kept database ${dbName} with ${products} products`);
  await client.end();
  return { url, version, close: async () => {} };
}

/**
 * Where the bench's server scripts are bundled: beside the server's own dist, so the bundle finds the migrations
 * and assets as the deployed server does (apps/server/drizzle, apps/server/assets).
 */
const benchDist = path.join(root, 'apps/server/dist-bench');
const bundles = new Map<string, Promise<string>>();

/**
 * Bundles a server script with the options `npm start`'s build uses (apps/server/bundle-options.ts), once per run:
 * the servers under test run the code as deployed, not as tsx transforms it on the fly (bench/HISTORY.md, "The
 * servers bundled as deployed").
 */
function bundled(script: string): Promise<string> {
  let out = bundles.get(script);
  if (!out) {
    const name = path.basename(script, '.ts');
    out = build({
      ...serverBundleOptions,
      entryPoints: { [name]: path.join(root, script) },
      outdir: benchDist,
    }).then(() => path.join(benchDist, `${name}.js`));
    bundles.set(script, out);
  }
  return out;
}

/**
 * The node arguments that run a server script as the benchmarks measure it: its bundle (built once per run), or the
 * script through tsx when BENCH_TSX=1 (as the benchmarks ran before 2026-11-24, for comparisons). BENCH_NODE_FLAGS
 * (space-separated, e.g. `--max-semi-space-size=64`) are given to every server a benchmark starts, the bare
 * baselines included, so both sides of a ratio run on the same runtime.
 */
export async function serverArgs(script: string): Promise<string[]> {
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  return [
    ...flags,
    ...(process.env.BENCH_TSX === '1' ? ['--import', 'tsx', script] : [await bundled(script)]),
  ];
}

/**
 * Starts a server script (bench/catalog-server.ts, bench/catalog-bare.ts), bundled unless BENCH_TSX=1, and waits
 * for its 'ready'. `under` runs node under another program, given as that program and its options (valgrind's).
 */
export async function startServer(
  script: string,
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
  under: string[] = [],
): Promise<ChildProcess> {
  const [program, ...args] = [...under, process.execPath, ...(await serverArgs(script))];
  const child = spawn(program!, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '0',
      REDIS_URL: '',
      // The shop's pool size as deployed, given to the bare baselines too.
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? String(DEFAULT_POOL_SIZE),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return child;
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The value at percentile `p` (0-100) of ascending `sorted` values, nearest rank; NaN when there are none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A /proc stat file's process name and its user and system CPU in ms (its clock ticks are 10 ms here). */
function parseStat(text: string): { name: string; user: number; system: number } {
  // The name is in parentheses and may hold spaces or parentheses itself: the fields follow the last ')'.
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  return {
    name: text.slice(text.indexOf('(') + 1, close),
    user: Number(fields[11]) * 10,
    system: Number(fields[12]) * 10,
  };
}

/** User and system CPU in ms of a /proc stat file (a process or a thread). */
export function statCpuMs(file: string): { user: number; system: number } {
  const { user, system } = parseStat(readFileSync(file, 'utf8'));
  return { user, system };
}

/**
 * The CPU so far (user and system, ms) of every process whose name (/proc's `comm`) is `name`, by pid; of those
 * among `pids` only, when given: reading all of /proc takes several milliseconds, which a benchmark reading it
 * between its measured requests would add to their latency (it reads all at the end, where `cpuBetween` counts
 * the processes started since from nothing).
 */
export function cpuOfProcessesNamed(name: string, pids?: Iterable<string>): Map<string, number> {
  const cpu = new Map<string, number>();
  for (const pid of pids ?? readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      if (stat.name === name) cpu.set(pid, stat.user + stat.system);
    } catch {
      // The process ended while it was read.
    }
  }
  return cpu;
}

/**
 * The CPU (ms) of a group of processes between two readings of `cpuOfProcessesNamed`: of the processes in both, and
 * all of those started between them. A process that ended between them (an idle connection closed by its pool, an
 * autovacuum worker) is left out.
 */
export function cpuBetween(before: Map<string, number>, after: Map<string, number>): number {
  let ms = 0;
  for (const [pid, cpu] of after) ms += cpu - (before.get(pid) ?? 0);
  return ms;
}

/**
 * The machine's CPU time so far, in clock ticks over every core (/proc/stat's first line): busy, in all, and stolen
 * (the time the host gave the cores to another guest while this one had work).
 */
export function cpuTicks(): { busy: number; total: number; steal: number } {
  const fields = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((sum, n) => sum + n, 0);
  // idle and iowait are the cores' time doing nothing; steal is the eighth field.
  return { busy: total - fields[3]! - fields[4]!, total, steal: fields[7] ?? 0 };
}

type CpuTicks = ReturnType<typeof cpuTicks>;

/** The shares of the cores' time busy and stolen between two readings of `cpuTicks`. */
export function coreShares(before: CpuTicks, after: CpuTicks): { busy: number; stolen: number } {
  const total = Math.max(1, after.total - before.total);
  return { busy: (after.busy - before.busy) / total, stolen: (after.steal - before.steal) / total };
}

/**
 * Makes the machine quiet before a measured run: PostgreSQL writes its dirty buffers out (`checkpoint`, through
 * `db`), then this waits until the cores have been under 10 % busy for two seconds in a row, at most `maxSeconds`.
 * A benchmark that has just written a lot (a million products, a million messages) otherwise leaves the kernel
 * writing it back during the next run, which then took ten times as long (bench/HISTORY.md, "A medium machine:
 * runs after bulk writes, and the first messages sampled again"). Answers what it did, for the run's output.
 */
export async function settle(
  db: { query(text: string): Promise<unknown> },
  maxSeconds = 60,
): Promise<string> {
  const started = performance.now();
  await db.query('checkpoint');
  const checkpointMs = performance.now() - started;
  let quiet = 0;
  let last = cpuTicks();
  while (quiet < 2 && performance.now() - started < maxSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuTicks();
    quiet = coreShares(last, now).busy < 0.1 ? quiet + 1 : 0;
    last = now;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return `checkpoint ${checkpointMs.toFixed(0)} ms, ${quiet >= 2 ? 'quiet' : 'still busy'} after ${seconds} s`;
}

/** The machine's load averages (1, 5, 15 min), printed beside every figure: the machine is shared. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
}

/**
 * One autocannon run against 127.0.0.1:`port` for `duration` seconds or `amount` requests, its requests cycling
 * through `paths`: autocannon's result, and the percentile (p in 0-100) of every response's time in ms.
 */
export async function cyclePaths(
  port: number,
  paths: string[],
  connections: number,
  load: { duration: number } | { amount: number },
) {
  const latencies: number[] = [];
  let i = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        ...load,
        requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length]! }) }],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { result, percentile };
}

/** The storefront list's first 12 pages of 9 products, as the list benchmarks cycle through them. */
export const LIST_PATHS = Array.from(
  { length: 12 },
  (_, i) => `/api/v1/frontend/products?page=${i + 1}&per_page=9`,
);
