import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import {
  connectDatabase,
  ensureDatabase,
  startEmbeddedPostgres,
  type Database,
  type EmbeddedServer,
} from '../../src/db/connection';
import { runMigrations } from '../../src/db/migrate';
import { PlatformHub } from '../../src/platform/events';
import { LocalDiskStorage } from '../../src/platform/files/storage';
import { DEFAULT_LIMITS, RateLimits } from '../../src/platform/rate-limit';
import { registerCustomer, bearer } from '../support/http';
import { freePort } from '../support/server-process';
import { until } from '../support/realtime';

// This test owns a PostgreSQL server of its own, so it can stop and start it under load.
let dir: string;
let port: number;
let pgServer: EmbeddedServer;
let database: Database;
let app: App;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'shop-fault-pg-'));
  port = await freePort();
  pgServer = await startEmbeddedPostgres(dir, port);
  await ensureDatabase(pgServer.url('postgres'), 'shop');
  database = connectDatabase(pgServer.url('shop'), { max: 10 });
  await runMigrations(database);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    DATABASE_URL: pgServer.url('shop'),
    LOG_LEVEL: 'silent',
  } as NodeJS.ProcessEnv);
  app = await buildApp({
    config,
    database,
    storage: new LocalDiskStorage(path.join(dir, 'files')),
    limits: new RateLimits(DEFAULT_LIMITS),
    hub: new PlatformHub(),
  });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await pgServer?.stop().catch(() => {});
  await rm(dir, { recursive: true, force: true });
});

describe('PostgreSQL restarted under load', () => {
  it('answers 503 while the database is down and recovers by itself', async () => {
    const { token } = await registerCustomer(app);
    const statuses: number[] = [];
    let running = true;
    // Steady load: a signed-in read (session lookup) and the readiness probe.
    const load = (async () => {
      while (running) {
        const [me, ready] = await Promise.all([
          app.inject({ url: '/api/user', headers: bearer(token) }),
          app.inject('/readyz'),
        ]);
        statuses.push(me.statusCode, ready.statusCode);
        if (me.statusCode >= 500) expect(me.json()).toEqual({ message: expect.any(String) });
        await new Promise((r) => setTimeout(r, 20));
      }
    })();

    // The load is running (answers have come back) before the database goes away.
    await until(() => statuses.length >= 10, 10_000);
    await pgServer.stop();
    // Connections the pool held when the server stopped fail one by one; then every read answers the clean 503.
    let whileDown = await app.inject({ url: '/api/user', headers: bearer(token) });
    await until(async () => {
      whileDown = await app.inject({ url: '/api/user', headers: bearer(token) });
      return whileDown.statusCode === 503;
    }, 10_000);
    expect(whileDown.headers['retry-after']).toBeDefined();
    expect((await app.inject('/readyz')).statusCode).toBe(503);
    // The process keeps serving what needs no database.
    expect((await app.inject('/healthz')).statusCode).toBe(200);

    pgServer = await startEmbeddedPostgres(dir, port);
    const deadline = Date.now() + 15_000;
    let recovered = false;
    while (Date.now() < deadline) {
      const res = await app.inject({ url: '/api/user', headers: bearer(token) });
      if (res.statusCode === 200) {
        recovered = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    running = false;
    await load;
    expect(recovered).toBe(true);
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    // Under load, every answer was a success or the clean 503: never a 500.
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses).toContain(503);
  }, 60_000);
});
