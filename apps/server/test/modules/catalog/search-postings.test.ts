import { SEARCH_RESULT_CAP } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin } from '../../support/http';
import { multipart } from '../../support/multipart';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * The name index in rank order (search_postings) that a search of whole words reads its best candidates from:
 * kept exact by the database on every write of products, whichever path writes them, and the search's answer
 * for a word more names have than it ranks, alone and with other words.
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

type Posting = {
  lexeme: string;
  product_id: number;
  rank: number;
  created_at: string;
  name_lexemes: string[];
};

/** The rows of search_postings, and the same rows computed afresh from products: they must be equal. */
async function postings(): Promise<{ kept: Posting[]; fresh: Posting[] }> {
  const pool = t.ctx.database.pool;
  const kept = await pool.query<Posting>(
    `select lexeme, product_id, rank, created_at::text, name_lexemes from search_postings order by product_id, lexeme`,
  );
  const fresh = await pool.query<Posting>(
    `select l.lexeme, p.id as product_id, ts_rank(p.search_vector, quote_literal(l.lexeme)::tsquery) as rank,
       p.created_at::text, tsvector_to_array(p.name_vector) as name_lexemes
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

describe('several words the names know', () => {
  it('answers the names that have them all, from the rarest word, as the GIN index would, and ranks the best first', async () => {
    const app = await createTestApp();
    try {
      const pool = app.ctx.database.pool;
      // 'maple' is in many names, 'stool' in few; the best maple stools (maple also in the description) are oldest.
      await pool.query(`
        insert into products (name, slug, sku, description, price, created_at)
        select 'Maple ' || (array['Desk', 'Desk', 'Bench'])[1 + i % 3] || ' ' || i, 'maple-' || i, 'MP-' || i,
          'Solid.', 10, now() - (i || ' minutes')::interval
        from generate_series(1, ${2 * SEARCH_RESULT_CAP}) as i`);
      await pool.query(`
        insert into products (name, slug, sku, description, price, status, created_at)
        select 'Maple Stool ' || i, 'maple-stool-' || i, 'MS-' || i,
          case when i <= 2 then 'A maple stool in maple.' else 'Tall.' end, 10, i <> 5,
          now() - interval '30 days' - (i || ' minutes')::interval
        from generate_series(1, 6) as i`);
      await pool.query(`
        insert into products (name, slug, sku, description, price)
        values ('Oak Stool', 'oak-stool', 'OS-1', 'Not maple at all.', 10),
               ('Stool Cushion', 'stool-cushion', 'SC-1', 'Fits a maple stool.', 10),
               ('Stool for the Lobby', 'stool-lobby', 'SL-1', 'Tall.', 10)`);
      const search = async (text: string, perPage = 50) => {
        const res = await app.app.inject({
          method: 'GET',
          url: `/api/v1/frontend/products?search=${encodeURIComponent(text)}&per_page=${perPage}`,
        });
        expect(res.statusCode).toBe(200);
        return res.json<{ data: { name: string }[]; total: number; total_is_capped: boolean }>();
      };

      // The name matches first (the two with maple in their description lead), then the description matches.
      const found = await search('maple stool');
      const names = [
        'Maple Stool 1',
        'Maple Stool 2',
        'Maple Stool 3',
        'Maple Stool 4',
        'Maple Stool 6',
        // Description matches: both words side by side rank above one of them apart.
        'Stool Cushion',
        'Oak Stool',
      ];
      expect(found.data.map((p) => p.name)).toEqual(names);
      expect(found).toMatchObject({ total: 7, total_is_capped: false });
      // The words in any order, and a stop word the names have ('the', the rarest word here), change nothing.
      expect((await search('stool maple')).data.map((p) => p.name)).toEqual(names);
      expect((await search('stool the maple')).data.map((p) => p.name)).toEqual(names);
      // The names were read from the postings: a product whose postings are gone is not among them (another page
      // size: not the page the cache keeps).
      await pool.query(
        `delete from search_postings where product_id = (select id from products where slug = 'maple-stool-6')`,
      );
      expect((await search('stool maple', 40)).data.map((p) => p.name)).not.toContain('Maple Stool 6');

      // The same names as the GIN index gives, for common words together too (more than the cap).
      const gin = async (words: string) =>
        Number(
          (
            await pool.query(
              `select count(*) from products p where p.status and p.name_vector @@ plainto_tsquery('english', $1)`,
              [words],
            )
          ).rows[0].count,
        );
      expect(await gin('maple desk')).toBeGreaterThan(SEARCH_RESULT_CAP);
      const desks = await search('maple desk');
      expect(desks).toMatchObject({ total: SEARCH_RESULT_CAP, total_is_capped: true });
      expect(desks.data).toHaveLength(50);
      expect(desks.data.every((p) => /^Maple Desk \d+$/.test(p.name))).toBe(true);
      expect(await gin('maple bench')).toBeLessThan(SEARCH_RESULT_CAP);
      expect((await search('bench maple')).total).toBe(await gin('maple bench'));
      expect(await search('maple bench desk')).toMatchObject({ data: [], total: 0 });
    } finally {
      await app.close();
    }
  });
});
