import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRuntime } from '../../src/bootstrap';
import { loadConfig } from '../../src/config';
import pg from 'pg';
import { DEFAULT_POOL_SIZE, warmPool } from '../../src/db/connection';
import { createTestDatabase } from '../support/test-app';

describe('the database pool', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  const configFor = (env: Record<string, string>) =>
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SEED_DEMO: '0',
      ...env,
    } as NodeJS.ProcessEnv);

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-pool-test-'));
  });
  afterAll(async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('opens at most DATABASE_POOL_SIZE connections; the queries beyond them wait for one and are answered', async () => {
    const runtime = await openRuntime(configFor({ DATABASE_POOL_SIZE: '2' }));
    try {
      const { pool } = runtime.ctx.database;
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          pool.query<{ pid: number }>('select pg_backend_pid() as pid, pg_sleep(0.05)'),
        ),
      );
      expect(answers).toHaveLength(6);
      expect(new Set(answers.map((a) => a.rows[0]!.pid)).size).toBeLessThanOrEqual(2);
      expect(pool.totalCount).toBeLessThanOrEqual(2);
    } finally {
      await runtime.close();
    }
  });

  it('opens the connections it is asked to warm before answering, at most the pool size, and keeps them', async () => {
    const runtime = await openRuntime(configFor({ DATABASE_POOL_SIZE: '3' }), { warmConnections: 5 });
    try {
      const { pool } = runtime.ctx.database;
      expect(pool.totalCount).toBe(3);
      expect(pool.idleCount).toBe(3);
      // The pool closes idle connections after its idle time, but never below these.
      expect(pool.options.min).toBe(3);
      // Each is a server process of its own, already there.
      const { rows } = await pool.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      expect(rows[0]!.n).toBeGreaterThanOrEqual(2);
    } finally {
      await runtime.close();
    }
    // One not asked to warm any (the tests' apps) lets every idle connection close.
    const plain = await openRuntime(configFor({ DATABASE_POOL_SIZE: '3' }));
    try {
      expect(plain.ctx.database.pool.options.min).toBe(0);
    } finally {
      await plain.close();
    }
  });

  it('readies the connections it can open and leaves none checked out when it cannot open the others', async () => {
    // A pool that cannot open more than two: the other two ask in vain until the checkout's time runs out.
    const pool = new pg.Pool({ connectionString: database.url, max: 2, connectionTimeoutMillis: 300 });
    try {
      expect(await warmPool(pool, 4)).toBe(2);
      expect(pool.totalCount).toBe(2);
      expect(pool.idleCount).toBe(2);
      expect((await pool.query<{ n: number }>('select 1 as n')).rows[0]!.n).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('opens at most 20 when unset', async () => {
    const runtime = await openRuntime(configFor({}));
    try {
      expect(DEFAULT_POOL_SIZE).toBe(20);
      expect(runtime.ctx.database.pool.options.max).toBe(20);
    } finally {
      await runtime.close();
    }
  });
});
