import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin } from '../../support/http';
import { multipart } from '../../support/multipart';
import { createTestApp, type TestApp } from '../../support/test-app';
import { saveProduct } from './fixtures';

/**
 * The names' vocabulary (search_words) that the search completes and corrects words against: kept exact by the
 * database on every write of products, whichever path writes them, and what the search does with it.
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

async function vocabulary(...words: string[]): Promise<Record<string, number>> {
  const res = await t.ctx.database.pool.query<{ word: string; products: number }>(
    'select word, products from search_words where word = any($1::text[]) order by word',
    [words],
  );
  return Object.fromEntries(res.rows.map((r) => [r.word, r.products]));
}

async function createProduct(name: string, sku: string) {
  return { id: await saveProduct(t.app, admin, undefined, { name, sku }) };
}

async function rename(id: number, name: string, sku: string) {
  await saveProduct(t.app, admin, id, { name, sku });
}

async function search(text: string): Promise<{ names: string[]; total: number }> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/frontend/products?per_page=50&search=${encodeURIComponent(text)}`,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ data: { name: string }[]; total: number }>();
  return { names: body.data.map((p) => p.name), total: body.total };
}

describe('the names vocabulary', () => {
  it('counts the active products of each name word on create, rename, deactivation and deletion', async () => {
    const a = await createProduct('Quilted Ottoman Bench', 'VB-1');
    const b = await createProduct('Quilted Ottoman 2', 'VB-2');
    // Words of three letters or more, lower case, each once per product; numbers are not words.
    expect(await vocabulary('quilted', 'ottoman', 'bench', '2')).toEqual({
      bench: 1,
      ottoman: 2,
      quilted: 2,
    });

    await rename(a.id, 'Tufted Ottoman Bench', 'VB-1');
    expect(await vocabulary('quilted', 'tufted', 'ottoman', 'bench')).toEqual({
      bench: 1,
      ottoman: 2,
      quilted: 1,
      tufted: 1,
    });

    const off = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${b.id}/toggle-status`,
      headers: admin,
    });
    expect(off.statusCode).toBe(200);
    expect(await vocabulary('quilted', 'ottoman')).toEqual({ ottoman: 1 });
    const on = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${b.id}/toggle-status`,
      headers: admin,
    });
    expect(on.statusCode).toBe(200);
    expect(await vocabulary('quilted', 'ottoman')).toEqual({ ottoman: 2, quilted: 1 });

    const gone = await t.app.inject({ method: 'DELETE', url: `/api/admin/products/${a.id}`, headers: admin });
    expect(gone.statusCode).toBe(200);
    expect(await vocabulary('tufted', 'ottoman', 'bench', 'quilted')).toEqual({ ottoman: 1, quilted: 1 });
  });

  it('counts a bulk insert and a bulk update in one pass each, and a stock change leaves it alone', async () => {
    const pool = t.ctx.database.pool;
    await pool.query(`
      insert into products (name, slug, sku, description, price)
      select 'Zigzag Footrest ' || i, 'zigzag-' || i, 'ZZ-' || i, '', 10 from generate_series(1, 250) as i`);
    expect(await vocabulary('zigzag', 'footrest')).toEqual({ footrest: 250, zigzag: 250 });
    await pool.query(`update products set stock_quantity = stock_quantity + 1 where sku like 'ZZ-%'`);
    expect(await vocabulary('zigzag', 'footrest')).toEqual({ footrest: 250, zigzag: 250 });
    await pool.query(
      `update products set name = replace(name, 'Zigzag', 'Wavy') where sku in ('ZZ-1', 'ZZ-2', 'ZZ-3')`,
    );
    expect(await vocabulary('zigzag', 'wavy', 'footrest')).toEqual({ footrest: 250, wavy: 3, zigzag: 247 });
    await pool.query(`delete from products where sku like 'ZZ-%'`);
    expect(await vocabulary('zigzag', 'wavy', 'footrest')).toEqual({});
  });

  it('rejects a product with a bad name without counting its words', async () => {
    const body = await multipart({
      name: '',
      sku: 'VB-BAD',
      description: 'Ghostly hatstand',
      category_id: '',
      price: '1.00',
      stock_quantity: '1',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      payload: body.payload,
      headers: { ...body.headers, ...admin },
    });
    expect(res.statusCode).toBe(422);
    expect(await vocabulary('ghostly', 'hatstand')).toEqual({});
  });
});

describe('searches completed and corrected against the vocabulary', () => {
  beforeAll(async () => {
    await createProduct('Cantilever Footstool', 'SW-1');
    await createProduct('Cantilever Bookshelf', 'SW-2');
    await createProduct('Swivel Barstool', 'SW-3');
  });

  it('completes the word being typed to the name words it starts', async () => {
    expect((await search('cantil')).names.sort()).toEqual(['Cantilever Bookshelf', 'Cantilever Footstool']);
    expect((await search('cantilever bookshe')).names).toEqual(['Cantilever Bookshelf']);
    expect((await search('swivel bar')).names).toEqual(['Swivel Barstool']);
  });

  it('corrects a word one or two edits away, and a word with more typos by trigram similarity', async () => {
    expect((await search('cantilevre footstool')).names).toEqual(['Cantilever Footstool']);
    expect((await search('swivle')).names).toEqual(['Swivel Barstool']);
    expect((await search('footstoooool')).names).toEqual(['Cantilever Footstool']);
  });

  it('finds a product created a moment ago by a prefix and a misspelling of its new word', async () => {
    await createProduct('Hexagonal Planter', 'SW-4');
    expect((await search('hexag')).names).toEqual(['Hexagonal Planter']);
    expect((await search('hexagnoal planter')).names).toEqual(['Hexagonal Planter']);
  });

  it('finds nothing for known words no product has together, nor for words like no known word', async () => {
    expect(await search('swivel bookshelf')).toEqual({ names: [], total: 0 });
    expect(await search('qwzxv')).toEqual({ names: [], total: 0 });
  });
});
