import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../../bench/search-queries';
import { products } from '../../../src/db/schema/catalog';
import { users } from '../../../src/db/schema/users';
import { createdFigures, createdWindows } from '../../../src/platform/created-windows';
import { bearer, createAdmin } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * The daily counts of customers, products and active products (created_counts), which the dashboard and the
 * back-office lists read instead of counting every row: kept exact by the database on every write, one row or many
 * in one statement, and the dashboard's windows read from them agree with the rows counted one by one.
 */

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer((await createAdmin(t.app, t.ctx)).token);
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 24 * 3600 * 1000;
const NOW = Date.now();

/** The counts table, and the same counted from the rows: they must always agree. */
async function countsAgree(): Promise<Record<string, number>> {
  const pool = t.ctx.database.pool;
  const kept = await pool.query<{ subject: string; day: string; n: number }>(
    `select subject, day::text, n from created_counts order by 1, 2`,
  );
  const counted = await pool.query<{ subject: string; day: string; n: number }>(
    `select * from (
       select 'active_products' as subject, (created_at at time zone 'UTC')::date::text as day, count(*)::int as n
         from products where status group by 2
       union all
       select 'customers', (created_at at time zone 'UTC')::date::text, count(*)::int
         from users where role = 'user' group by 2
       union all
       select 'products', (created_at at time zone 'UTC')::date::text, count(*)::int from products group by 2) c
     order by 1, 2`,
  );
  expect(kept.rows).toEqual(counted.rows);
  const totals: Record<string, number> = {};
  for (const r of kept.rows) totals[r.subject] = (totals[r.subject] ?? 0) + r.n;
  return totals;
}

/** The windows read from the daily counts against the same windows counted row by row, at several moments. */
async function windowsAgree() {
  const db = t.ctx.database.db;
  // Moments on a day's first and last millisecond, at midnight exactly and inside a day, so the windows' edges
  // fall on every kind of boundary.
  const midnight = Math.floor(NOW / DAY_MS) * DAY_MS;
  const moments = [NOW, midnight, midnight - 1, midnight + 1, midnight - 12 * 3600 * 1000, NOW - 45 * DAY_MS];
  for (const at of moments) {
    const now = new Date(at);
    const [customersCounted] = await db
      .select(createdWindows(users.createdAt, now))
      .from(users)
      .where(eq(users.role, 'user'));
    const customers = await createdFigures(
      db,
      'customers',
      { table: users, createdAt: users.createdAt, where: eq(users.role, 'user') },
      now,
    );
    expect(customers, `customers at ${now.toISOString()}`).toEqual(customersCounted);
    const [activeCounted] = await db
      .select(createdWindows(products.createdAt, now))
      .from(products)
      .where(eq(products.status, true));
    const active = await createdFigures(
      db,
      'active_products',
      { table: products, createdAt: products.createdAt, where: eq(products.status, true) },
      now,
    );
    expect(active, `active products at ${now.toISOString()}`).toEqual(activeCounted);
  }
}

describe('the daily created counts', () => {
  it('follow statements of many rows: inserts, role and status changes, moved creation times, deletes, truncates', async () => {
    const pool = t.ctx.database.pool;
    const random = seededRandom(11);
    // 600 accounts and 600 products over the last 75 days, a tenth of them on a day's first or last second.
    const when = () => {
      const day = Math.floor(random() * 75);
      const edge = random();
      const ms = edge < 0.05 ? 0 : edge < 0.1 ? DAY_MS - 1 : Math.floor(random() * DAY_MS);
      return new Date(Math.floor(NOW / DAY_MS) * DAY_MS - day * DAY_MS + ms).toISOString();
    };
    const accounts = Array.from({ length: 600 }, (_, i) => ({
      i,
      admin: random() < 0.05,
      at: when(),
    }));
    await pool.query(
      `insert into users (name, email, password_hash, role, created_at)
       select 'Tally ' || d.i, 'tally-' || d.i || '@example.com', 'x', case when d.admin then 'admin' else 'user' end,
              d.at
         from unnest($1::int[], $2::boolean[], $3::timestamptz[]) as d(i, admin, at)`,
      [accounts.map((a) => a.i), accounts.map((a) => a.admin), accounts.map((a) => a.at)],
    );
    const goods = Array.from({ length: 600 }, (_, i) => ({ i, active: random() < 0.8, at: when() }));
    await pool.query(
      `insert into products (name, slug, sku, price, status, created_at)
       select 'Tally ' || d.i, 'tally-' || d.i, 'TALLY-' || d.i, 10, d.active, d.at
         from unnest($1::int[], $2::boolean[], $3::timestamptz[]) as d(i, active, at)`,
      [goods.map((g) => g.i), goods.map((g) => g.active), goods.map((g) => g.at)],
    );
    const first = await countsAgree();
    expect(first.customers).toBe(accounts.filter((a) => !a.admin).length);
    expect(first.products).toBe(600);
    await windowsAgree();

    for (let round = 0; round < 3; round++) {
      // One statement that toggles some statuses, moves some creation times, and changes only the price of the rest.
      const ids = (await pool.query<{ id: number }>(`select id from products`)).rows.map((r) => r.id);
      const changed = ids.filter(() => random() < 0.5);
      await pool.query(
        `update products p set status = d.active, created_at = coalesce(d.at, p.created_at), price = p.price + 1
           from unnest($1::int[], $2::boolean[], $3::timestamptz[]) as d(id, active, at) where p.id = d.id`,
        [changed, changed.map(() => random() < 0.7), changed.map(() => (random() < 0.3 ? when() : null))],
      );
      // Customers made admins and admins made customers, some moved to another day; a name change alone.
      const people = (
        await pool.query<{ id: number }>(`select id from users where email like 'tally-%'`)
      ).rows.map((r) => r.id);
      const moved = people.filter(() => random() < 0.2);
      await pool.query(
        `update users u set role = d.role, created_at = coalesce(d.at, u.created_at)
           from unnest($1::int[], $2::text[], $3::timestamptz[]) as d(id, role, at) where u.id = d.id`,
        [
          moved,
          moved.map(() => (random() < 0.15 ? 'admin' : 'user')),
          moved.map(() => (random() < 0.5 ? when() : null)),
        ],
      );
      await pool.query(`update users set name = name || '.' where email like 'tally-1%'`);
      await countsAgree();
      await windowsAgree();
    }

    await pool.query(`delete from products where id % 3 = 0`);
    await pool.query(`delete from users where email like 'tally-%' and id % 4 = 0`);
    await countsAgree();
    await windowsAgree();

    // What the dashboard and the back-office lists answer comes from the counts.
    const totals = await countsAgree();
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard-stats',
      headers: admin,
    });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json()).toMatchObject({
      totalUsers: totals.customers,
      inventoryItems: totals.active_products,
    });
    const usersPage = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?perPage=5',
      headers: admin,
    });
    expect(usersPage.json<{ total: number }>().total).toBe(totals.customers);
    const productsPage = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products?perPage=5',
      headers: admin,
    });
    expect(productsPage.json<{ total: number }>().total).toBe(totals.products);

    await pool.query('truncate products cascade');
    expect(await countsAgree()).toEqual({ customers: totals.customers });
  });
});
