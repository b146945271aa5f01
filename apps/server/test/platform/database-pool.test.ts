import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRuntime } from '../../src/bootstrap';
import { loadConfig } from '../../src/config';
import { DEFAULT_POOL_SIZE } from '../../src/db/connection';
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
