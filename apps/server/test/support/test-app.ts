import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { AppContext } from '../../src/context';
import { connectDatabase, ensureDatabase } from '../../src/db/connection';
import { PlatformHub } from '../../src/platform/events';
import { LocalDiskStorage } from '../../src/platform/files/storage';
import { backgroundSettled } from '../../src/platform/background';
import { limitRules, RateLimits, type LimitRule } from '../../src/platform/rate-limit';
import { MailWorker } from '../../src/platform/mail/worker';

export interface TestApp {
  app: App;
  ctx: AppContext;
  dataDir: string;
  databaseUrl: string;
  /** Delivers queued mail into <dataDir>/mail and answers the .eml texts, newest last. */
  deliverMail(): Promise<string[]>;
  close(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

// DROP DATABASE discards the database's pages from the shared buffers, then makes PostgreSQL write a checkpoint and
// wait for it: every other database's changed pages written and synced (on a server that syncs, as the machine's
// PostgreSQL 15 does, 0.5-20 s with these tests' copies). A drop after each test made every test database's pages
// written and synced by the checkpoint of another's drop. So a worker drops its closed databases DROP_BATCH at a time,
// together: one checkpoint answers drops waiting at once, and a database dropped before any checkpoint is never
// written. The tests do not wait for the drops; the run's teardown (global-setup.ts) drops whatever is left.
const DROP_BATCH = 8;
let closed: string[] = [];

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  c.on('error', () => {});
  await c.connect();
  try {
    await c.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await c.end();
  }
}

function dropWhenBatched(adminUrl: string, name: string): void {
  closed.push(name);
  if (closed.length < DROP_BATCH) return;
  const batch = closed;
  closed = [];
  for (const database of batch) void dropDatabase(adminUrl, database).catch(() => {});
}

async function copyTemplate(adminUrl: string, template: string): Promise<string> {
  const name = `${template}_t${randomBytes(5).toString('hex')}`;
  await ensureDatabase(adminUrl, name, template);
  return name;
}

// The next test's database, copied while this test runs (a copy takes about a tenth of a second).
let spare: Promise<string> | undefined;

/** A fresh database copied from the migrated template. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = await (spare ?? copyTemplate(adminUrl, template));
  spare = copyTemplate(adminUrl, template);
  // Its failure is the next test's, when it takes it.
  spare.catch(() => {});
  return {
    url: withDatabase(adminUrl, name),
    /** Leaves the database to be dropped with the worker's next batch; a failed drop leaves it to the teardown. */
    async drop() {
      dropWhenBatched(adminUrl, name);
    },
  };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  limits?: Record<string, LimitRule>;
  build?: BuildOptions;
  ctx?: Partial<AppContext>;
}

/** Builds the real app on a fresh database and a fresh data folder. */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-data-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    PUBLIC_URL: 'http://shop.test',
    LOG_LEVEL: 'silent',
    ...opts.env,
  } as NodeJS.ProcessEnv);
  const db = connectDatabase(database.url, { max: 5 });
  const ctx: AppContext = {
    config,
    database: db,
    storage: new LocalDiskStorage(path.join(dataDir, 'files')),
    limits: new RateLimits({ ...limitRules(config), ...opts.limits }),
    hub: new PlatformHub(),
    ...opts.ctx,
  };
  const app = await buildApp(ctx, opts.build);
  await app.ready();
  const mailDir = path.join(dataDir, 'mail');
  const mailer = new MailWorker({ db: db.db, log: app.log, from: config.mailFrom, outboxDir: mailDir });
  return {
    app,
    ctx,
    dataDir,
    databaseUrl: database.url,
    async deliverMail() {
      await backgroundSettled();
      await mailer.flush();
      const files = (await readdir(mailDir).catch(() => [] as string[]))
        .filter((f) => f.endsWith('.eml'))
        .sort();
      return Promise.all(files.map((f) => readFile(path.join(mailDir, f), 'utf8')));
    },
    async close() {
      await app.close();
      await mailer.stop();
      await db.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
