import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../../bench/search-queries';
import { invalidateCatalogCache } from '../../../src/modules/catalog/service';
import { bearer, createAdmin } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';
import { saveProduct } from './fixtures';

/**
 * The active products of each category (category_product_counts), which the storefront's totals read instead of
 * counting the products: kept exact by the database on every write of products, whichever path writes them, one
 * row or many in one statement.
 */

let t: TestApp;
let admin: Record<string, string>;
let desks: number;
let chairs: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer((await createAdmin(t.app, t.ctx)).token);
  const { rows } = await t.ctx.database.pool.query<{ id: number }>(
    `insert into categories (name, slug, position) values ('Desks', 'desks', 0), ('Chairs', 'chairs', 1)
     returning id`,
  );
  [desks, chairs] = rows.map((r) => r.id) as [number, number];
});
afterAll(async () => {
  await t.close();
});

/** The counts table, and the same counted from the products: they must always agree. */
async function countsAgree(): Promise<Record<number, number>> {
  const pool = t.ctx.database.pool;
  const kept = await pool.query<{ key: number; n: number }>(
    'select category_key as key, active as n from category_product_counts order by 1',
  );
  const counted = await pool.query<{ key: number; n: number }>(
    `select coalesce(category_id, 0) as key, count(*)::int as n from products where status group by 1 order by 1`,
  );
  expect(kept.rows).toEqual(counted.rows);
  return Object.fromEntries(kept.rows.map((r) => [r.key, r.n]));
}

async function storefrontTotal(category?: number): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/frontend/products?per_page=1${category ? `&category=${category}` : ''}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ total: number }>().total;
}

const save = (id: number | undefined, name: string, categoryId: number | null) =>
  saveProduct(t.app, admin, id, { name, sku: `CC-${name.replace(/\W+/g, '-')}`, categoryId });

describe('the categories’ counts', () => {
  it('follow the back-office: create, move, deactivate, reactivate, delete; the storefront totals agree', async () => {
    const oak = await save(undefined, 'Oak Desk', desks);
    const pine = await save(undefined, 'Pine Desk', desks);
    const mesh = await save(undefined, 'Mesh Chair', chairs);
    const stool = await save(undefined, 'Plain Stool', null);
    expect(await countsAgree()).toEqual({ 0: 1, [desks]: 2, [chairs]: 1 });
    expect([await storefrontTotal(), await storefrontTotal(desks), await storefrontTotal(chairs)]).toEqual([
      4, 2, 1,
    ]);

    // A product moved to another category; a save that changes neither category nor status changes nothing.
    await save(pine, 'Pine Desk Chair', chairs);
    await save(oak, 'Oak Desk, Large', desks);
    expect(await countsAgree()).toEqual({ 0: 1, [desks]: 1, [chairs]: 2 });

    const toggle = async (id: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/products/${id}/toggle-status`,
        headers: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await toggle(mesh);
    expect(await countsAgree()).toEqual({ 0: 1, [desks]: 1, [chairs]: 1 });
    expect(await storefrontTotal(chairs)).toBe(1);
    // An inactive product moved counts nowhere; reactivated, it counts where it is now.
    await save(mesh, 'Mesh Chair', desks);
    expect(await countsAgree()).toEqual({ 0: 1, [desks]: 1, [chairs]: 1 });
    await toggle(mesh);
    expect(await countsAgree()).toEqual({ 0: 1, [desks]: 2, [chairs]: 1 });

    // A category with no active product left has no row.
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/products/${stool}`, headers: admin });
    expect(del.statusCode, del.body).toBe(200);
    expect(await countsAgree()).toEqual({ [desks]: 2, [chairs]: 1 });
    expect(await storefrontTotal()).toBe(3);
  });

  it('follow statements of many rows, a deleted category and a truncate', async () => {
    const pool = t.ctx.database.pool;
    const random = seededRandom(7);
    const { rows } = await pool.query<{ id: number }>(
      `insert into categories (name, slug, position)
       select 'Bulk ' || i, 'bulk-' || i, 10 + i from generate_series(1, 5) i returning id`,
    );
    const bulk = rows.map((r) => r.id);
    const pick = () => (random() < 0.1 ? null : bulk[Math.floor(random() * bulk.length)]!);
    const many = Array.from({ length: 400 }, (_, i) => ({ i, category: pick(), active: random() < 0.8 }));
    await pool.query(
      `insert into products (name, slug, sku, price, category_id, status)
       select 'Bulk ' || d.i, 'bulk-' || d.i, 'BULK-' || d.i, 10, d.category, d.active
       from unnest($1::int[], $2::int[], $3::boolean[]) as d(i, category, active)`,
      [many.map((m) => m.i), many.map((m) => m.category), many.map((m) => m.active)],
    );
    await countsAgree();

    // One statement that moves some, deactivates some, activates some and leaves the rest as they were.
    for (let round = 0; round < 3; round++) {
      const ids = (
        await pool.query<{ id: number }>(`select id from products where slug like 'bulk-%'`)
      ).rows.map((r) => r.id);
      const changes = ids.filter(() => random() < 0.5);
      await pool.query(
        `update products p set category_id = d.category, status = d.active, price = p.price + 1
         from unnest($1::int[], $2::int[], $3::boolean[]) as d(id, category, active) where p.id = d.id`,
        [changes, changes.map(() => pick()), changes.map(() => random() < 0.7)],
      );
      await countsAgree();
    }
    await pool.query(`delete from products where slug like 'bulk-%' and id % 3 = 0`);
    await countsAgree();
    // A deleted category's products are left without one (the foreign key sets it null).
    await pool.query(`delete from categories where id = $1`, [bulk[0]]);
    const after = await countsAgree();
    expect(after[bulk[0]!]).toBeUndefined();

    await pool.query('truncate products cascade');
    expect(await countsAgree()).toEqual({});
    // Written behind the shop's back: its brief cache of the counts is forgotten, as a back-office change does.
    invalidateCatalogCache(t.ctx);
    expect(await storefrontTotal()).toBe(0);
  });
});
