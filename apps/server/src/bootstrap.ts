import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import type { Config } from './config';
import type { AppContext } from './context';
import {
  connectDatabase,
  DEFAULT_POOL_SIZE,
  ensureDatabase,
  startEmbeddedPostgres,
  warmPool,
  type EmbeddedServer,
} from './db/connection';
import { runMigrations } from './db/migrate';
import { deploymentKey } from './platform/deployment';
import { PlatformHub } from './platform/events';
import { createS3Storage, S3Storage } from './platform/files/s3-storage';
import { LocalDiskStorage, type FileStorage } from './platform/files/storage';
import { loggableError } from './platform/log-redaction';
import { limitRules, RateLimits } from './platform/rate-limit';
import { settlesWithin } from './platform/shutdown';

export interface Runtime {
  ctx: AppContext;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** Where Redis's state is told (at start, and each outage and recovery); by default JSON lines on stdout. */
  log?: Pick<Logger, 'info' | 'warn'>;
  /** Opens and readies this many database connections before answering, and keeps them (the server: WARM_CONNECTIONS). */
  warmConnections?: number;
}

/** Opens everything the server depends on: the database (embedded or DATABASE_URL, migrated), Redis, storage. */
export async function openRuntime(config: Config, opts: RuntimeOptions = {}): Promise<Runtime> {
  // First: a bucket that cannot be used stops the start before the database is started.
  const storage = await openStorage(config);
  let embedded: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(
      path.join(config.dataDir, 'postgres'),
      config.embeddedPgPort,
      config.embeddedPgSharedBuffersMb,
    );
    await ensureDatabase(embedded.url('postgres'), 'shop');
    url = embedded.url('shop');
  }
  const max = config.databasePoolSize ?? DEFAULT_POOL_SIZE;
  const warm = Math.min(opts.warmConnections ?? 0, max);
  const database = connectDatabase(url, { max, keep: warm });
  await runMigrations(database);
  if (warm > 0) await warmPool(database.pool, warm);

  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
    });
    const log = opts.log ?? pino({ level: config.logLevel, serializers: { err: loggableError } });
    await watchRedis(redis, config.redisUrl, log);
  }

  const ctx: AppContext = {
    config,
    database,
    storage,
    limits: new RateLimits(limitRules(config), redis, deploymentKey(database.url)),
    hub: new PlatformHub(),
    redis,
  };
  return {
    ctx,
    async close() {
      await endPool(database);
      redis?.disconnect();
      if (storage instanceof S3Storage) storage.close();
      await embedded?.stop().catch(() => {});
    },
  };
}

/** How long the start waits for Redis's first answer before it goes on without it. */
const REDIS_CHECK_MS = 2_000;

/** The Redis URL as logs may show it: scheme, host and port, never the user name or password. */
function redisAddress(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}`;
}

/** An error's message without the URL's password, should a client or the server ever quote it. */
function problemOf(err: unknown, url: string): string {
  const message = err instanceof Error ? err.message : String(err);
  const password = new URL(url).password;
  if (!password) return message;
  let decoded = password;
  try {
    decoded = decodeURIComponent(password);
  } catch {
    // Not percent-encoding after all: the password as written is the one to hide.
  }
  return [password, decoded].reduce((m, secret) => m.split(secret).join('***'), message);
}

/**
 * Resolves when Redis answers a PING (undefined) or with what went wrong first: an error of the connection (a
 * refused port, a wrong password), or no answer in timeoutMs. The client sends nothing before it is connected
 * (no offline queue), so the PING waits for its `ready`.
 */
function firstAnswer(redis: Redis, timeoutMs: number): Promise<unknown> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (problem?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      redis.off('ready', ping);
      redis.off('error', settle);
      resolve(problem);
    };
    const ping = () => {
      redis.ping().then(() => settle(), settle);
    };
    const timer = setTimeout(() => settle(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    redis.once('error', settle);
    if (redis.status === 'ready') ping();
    else redis.once('ready', ping);
  });
}

/**
 * Redis is an accelerator, not a dependency (README, "Production"): while it is down the API keeps answering, with
 * rate limits and realtime per instance. That must not pass unseen, or each instance of a deployment quietly
 * applies its own login limits: the start checks it and warns, and while running the first error of an outage is
 * logged and so is the recovery, not each of the client's retries. The URL's password is never logged.
 */
async function watchRedis(redis: Redis, url: string, log: NonNullable<RuntimeOptions['log']>): Promise<void> {
  const address = redisAddress(url);
  // Undefined while the start's check runs: its outcome is told by the check itself.
  let up: boolean | undefined;
  redis.on('error', (err: unknown) => {
    if (up !== true) return;
    up = false;
    log.warn(
      { redis: address, problem: problemOf(err, url) },
      `Redis at ${address} stopped answering (${problemOf(err, url)}): rate limits and realtime are per instance until it answers again`,
    );
  });
  redis.on('ready', () => {
    if (up !== false) return;
    up = true;
    log.info(
      { redis: address },
      `Redis at ${address} answers again: rate limits and realtime are shared again`,
    );
  });
  const problem = await firstAnswer(redis, REDIS_CHECK_MS);
  up = problem === undefined;
  if (problem !== undefined)
    log.warn(
      { redis: address, problem: problemOf(problem, url) },
      `Redis at ${address} does not answer (${problemOf(problem, url)}): the shop runs without it, with rate limits and realtime per instance, until it answers (check REDIS_URL)`,
    );
  else log.info({ redis: address }, `Redis at ${address} answers`);
}

/** How long closing waits for database clients still in use: by a request the shutdown cut at its grace's end. */
const POOL_END_WAIT_MS = 3_000;

/**
 * Ends the pool; a client still checked out is not waited for past POOL_END_WAIT_MS (the embedded server's fast
 * shutdown ends its session, an external server sees it close with the process).
 */
async function endPool(database: Runtime['ctx']['database']): Promise<void> {
  await settlesWithin(database.close(), POOL_END_WAIT_MS);
}

/** The data folder's files/, or the bucket of S3_BUCKET (checked now: a wrong setting fails the start). */
async function openStorage(config: Config): Promise<FileStorage> {
  if (!config.s3) return new LocalDiskStorage(path.join(config.dataDir, 'files'));
  const storage = await createS3Storage(config.s3);
  try {
    await storage.verify();
  } catch (err) {
    storage.close();
    throw err;
  }
  return storage;
}

/** The built web app: WEB_DIST, or apps/web/dist found from the server's own location. */
export function findWebDist(config: Config): string | undefined {
  if (config.webDist) return config.webDist;
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [
    path.join(here, '..', '..', 'web', 'dist'),
    path.join(here, '..', '..', '..', 'apps', 'web', 'dist'),
  ]) {
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}
