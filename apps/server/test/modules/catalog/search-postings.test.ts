import { SEARCH_RESULT_CAP } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin } from '../../support/http';
import { multipart } from '../../support/multipart';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * The name index in rank order (search_postings) that a one-word search reads its best candidates from: kept
 * exact by the database on every write of products, whichever path writes them, and the search's answer for a
 * word more names have than it ranks.
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

type Posting = { lexeme: string; product_id: number; rank: number; created_at: string };

/** The rows of search_postings, and the same rows computed afresh from products: they must be equal. */
async function postings(): Promise<{ kept: Posting[]; fresh: Posting[] }> {
  const pool = t.ctx.database.pool;
  const kept = await pool.query<Posting>(
    `select lexeme, product_id, rank, created_at::text from search_postings order by product_id, lexeme`,
  );
  const fresh = await pool.query<Posting>(
    `select l.lexeme, p.id as product_id, ts_rank(p.search_vector, quote_literal(l.lexeme)::tsquery) as rank,
       p.created_at::text
     from products p, unnest(p.name_vector) as l where p.status order by p.id, l.lexeme`,
  );
  return { kept: kept.rows, fresh: fresh.rows };
}

async function expectExact() {
  const { kept, fresh } = await postings();
  expect(kept.length).toBeGreaterThan(0);
  expect(kept).toEqual(fresh);
}

async function saveProduct(url: string, fields: { name: string; sku: string; description: string }) {
  const body = await multipart({ ...fields, category_id: '', price: '120.00', stock_quantity: '3' });
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...admin },
  });
  expect(res.statusCode).toBeLessThan(300);
  return res.json<{ product: { id: number } }>().product;
}

async function lexemesOf(productId: number): Promise<string[]> {
  const res = await t.ctx.database.pool.query<{ lexeme: string }>(
    'select lexeme from search_postings where product_id = $1 order by lexeme',
    [productId],
  );
  return res.rows.map((r) => r.lexeme);
}

describe('the name index in rank order', () => {
  it('holds the stemmed name and SKU words of each active product on create, edit, deactivation and deletion', async () => {
    const a = await saveProduct('/api/admin/products', {
      name: 'Padded Kneeling Chairs',
      sku: 'PK-1',
      description: 'Made for the office.',
    });
    expect(await lexemesOf(a.id)).toEqual(['-1', 'chair', 'kneel', 'pad', 'pk']);
    await expectExact();

    await saveProduct(`/api/admin/products/${a.id}`, {
      name: 'Padded Saddle Chairs',
      sku: 'PK-1',
      description: 'A chair, a chair, a saddle chair.',
    });
    expect(await lexemesOf(a.id)).toEqual(['-1', 'chair', 'pad', 'pk', 'saddl']);
    // The description's mentions raise the word's rank: kept up to date on an edit of the description alone.
    await expectExact();

    const toggle = () =>
      t.app.inject({ method: 'POST', url: `/api/admin/products/${a.id}/toggle-status`, headers: admin });
    expect((await toggle()).statusCode).toBe(200);
    expect(await lexemesOf(a.id)).toEqual([]);
    expect((await toggle()).statusCode).toBe(200);
    expect(await lexemesOf(a.id)).toEqual(['-1', 'chair', 'pad', 'pk', 'saddl']);
    await expectExact();

    const gone = await t.app.inject({ method: 'DELETE', url: `/api/admin/products/${a.id}`, headers: admin });
    expect(gone.statusCode).toBe(200);
    expect(await lexemesOf(a.id)).toEqual([]);
  });

  it('follows bulk inserts, updates and deletes, and a stock change leaves it alone', async () => {
    const pool = t.ctx.database.pool;
    await pool.query(`
      insert into products (name, slug, sku, description, price, status)
      select 'Rocking Footrest ' || i, 'rocking-' || i, 'RF-' || i, '', 10, i % 10 <> 0
      from generate_series(1, 300) as i`);
    await expectExact();
    const before = await pool.query(`select count(*)::int as n from search_postings where lexeme = 'rock'`);
    expect(before.rows[0].n).toBe(270);
    await pool.query(`update products set stock_quantity = stock_quantity + 1 where sku like 'RF-%'`);
    await pool.query(`update products set description = 'Rocking, rocking.' where sku in ('RF-1', 'RF-2')`);
    await pool.query(`update products set status = not status where sku in ('RF-3', 'RF-10')`);
    await pool.query(`update products set created_at = created_at - interval '1 day' where sku = 'RF-4'`);
    await expectExact();
    await pool.query(`delete from products where sku like 'RF-%'`);
    const after = await pool.query(`select count(*)::int as n from search_postings where lexeme = 'rock'`);
    expect(after.rows[0].n).toBe(0);
  });
});

describe('a word more names have than the search ranks', () => {
  it('answers the best matches of all of them first, not the best of the first ones found', async () => {
    const app = await createTestApp();
    try {
      const pool = app.ctx.database.pool;
      // The best matches (the word also in the description) are written last and are the oldest.
      await pool.query(`
        insert into products (name, slug, sku, description, price, created_at)
        select 'Lumbar Cushion ' || i, 'lumbar-' || i, 'LC-' || i, 'Soft.', 10, now() - (i || ' minutes')::interval
        from generate_series(1, ${SEARCH_RESULT_CAP + 50}) as i`);
      await pool.query(`
        insert into products (name, slug, sku, description, price, created_at)
        select 'Lumbar Cushion Deluxe ' || i, 'lumbar-deluxe-' || i, 'LD-' || i, 'A lumbar cushion for lumbar support.',
          10, now() - interval '30 days' - (i || ' minutes')::interval
        from generate_series(1, 3) as i`);
      const res = await app.app.inject({
        method: 'GET',
        url: '/api/v1/frontend/products?search=lumbar&per_page=5',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ data: { name: string }[]; total: number; total_is_capped: boolean }>();
      expect(body.data.map((p) => p.name)).toEqual([
        'Lumbar Cushion Deluxe 1',
        'Lumbar Cushion Deluxe 2',
        'Lumbar Cushion Deluxe 3',
        'Lumbar Cushion 1',
        'Lumbar Cushion 2',
      ]);
      expect(body).toMatchObject({ total: SEARCH_RESULT_CAP, total_is_capped: true });

      // A stop word has no lexeme: nothing, as with the GIN index.
      const stop = await app.app.inject({ method: 'GET', url: '/api/v1/frontend/products?search=the' });
      expect(stop.json<{ total: number }>().total).toBe(0);
      // A one-word SKU prefix still finds its product beside the name matches.
      await pool.query(
        `insert into products (name, slug, sku, price) values ('Lumbar Roll', 'lumbar-roll', 'QZ900X', 10)`,
      );
      const sku = await app.app.inject({ method: 'GET', url: '/api/v1/frontend/products?search=qz900' });
      expect(sku.json<{ data: { name: string }[] }>().data.map((p) => p.name)).toEqual(['Lumbar Roll']);
    } finally {
      await app.close();
    }
  });
});
