import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { searchLimitOf } from '../../../src/modules/catalog/service';
import { until } from '../../support/realtime';
import { createTestApp, type TestApp } from '../../support/test-app';

const METRICS = 'search-turns-metrics-token';

/**
 * Searches take turns in the database (SEARCH_CONCURRENCY): the products are locked by another session, so every
 * search that reaches the database waits there, and the test counts how many do.
 */
describe('searches in the database at once', () => {
  let t: TestApp | undefined;
  let locker: pg.Client | undefined;
  afterEach(async () => {
    await locker?.end().catch(() => {});
    await t?.close();
    locker = undefined;
    t = undefined;
  });

  /** Backends of this database waiting for a lock. */
  const waiting = async (app: TestApp) => {
    const { rows } = await app.ctx.database.pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return rows[0]!.n;
  };

  async function searchesWhileLocked(concurrency: string) {
    t = await createTestApp({ env: { SEARCH_CONCURRENCY: concurrency, METRICS_TOKEN: METRICS } });
    const app = t;
    locker = new pg.Client({ connectionString: app.databaseUrl });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table products in access exclusive mode');
    const answers = ['oak desk', 'mesh chair', 'steel cabinet'].map((search) =>
      app.app.inject({
        method: 'GET',
        url: `/api/v1/frontend/products?search=${encodeURIComponent(search)}`,
      }),
    );
    return { app, answers, release: () => locker!.query('commit') };
  }

  it('runs one search at a time with SEARCH_CONCURRENCY=1; the others wait in the instance and are answered', async () => {
    const { app, answers, release } = await searchesWhileLocked('1');
    const limit = searchLimitOf(app.ctx);
    await until(async () => limit.pendingCount === 2 && (await waiting(app)) >= 1, 10_000);
    expect(limit.activeCount).toBe(1);
    expect(await waiting(app)).toBe(1);
    const metrics = await app.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS}` },
    });
    expect(metrics.body).toMatch(/^catalog_searches_waiting 2$/m);
    await release();
    for (const res of await Promise.all(answers)) expect(res.statusCode).toBe(200);
    expect(limit.activeCount + limit.pendingCount).toBe(0);
  });

  it('runs them side by side up to SEARCH_CONCURRENCY', async () => {
    const { app, answers, release } = await searchesWhileLocked('3');
    await until(async () => (await waiting(app)) === 3, 10_000);
    expect(searchLimitOf(app.ctx).pendingCount).toBe(0);
    await release();
    for (const res of await Promise.all(answers)) expect(res.statusCode).toBe(200);
  });
});
