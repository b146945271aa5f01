import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../../bench/search-queries';
import { intersect, PostingsBuilder } from '../../../src/modules/catalog/postings';
import { searchIndexOf } from '../../../src/modules/catalog/search-index';
import { bearer, createAdmin } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';
import { saveProduct } from './fixtures';

/**
 * The in-memory index of the products' words (postings.ts, search-index.ts): its intersections against a plain
 * reading of the same data, and its answers kept right while the back-office creates, renames, deactivates and
 * deletes products.
 */

describe('postings', () => {
  it('intersects common (bitset) and rare (id list) words, and unions of them, as a plain reading does', () => {
    const rnd = seededRandom(7);
    const maxId = 5_000;
    // Word frequencies from one in two products to a handful, so both representations and their mixes occur.
    const frequency: Record<string, number> = {
      a: 0.5,
      b: 0.3,
      c: 0.1,
      d: 0.03,
      e: 0.005,
      f: 0.001,
      g: 0.0004,
    };
    const words = new Map<number, Set<string>>();
    const builder = new PostingsBuilder(maxId);
    for (let id = 1; id <= maxId; id++) {
      if (rnd() < 0.1) continue; // ids of deleted products
      const has = new Set(Object.keys(frequency).filter((w) => rnd() < frequency[w]!));
      words.set(id, has);
      for (const w of has) builder.add(id, w);
    }
    const index = builder.build();
    expect(index.get('a')?.bits).toBeDefined();
    expect(index.get('f')?.ids).toBeDefined();
    const all = Object.keys(frequency);
    const skipped = (id: number) => id % 7 === 0;
    const expectPlainReading = (groups: string[][], limit: number) => {
      const expected = [...words]
        .filter(([id, has]) => !skipped(id) && groups.every((g) => g.some((w) => has.has(w))))
        .map(([id]) => id)
        .slice(0, limit);
      expect(intersect(index, groups, maxId, limit, skipped), JSON.stringify({ groups, limit })).toEqual(
        expected,
      );
    };
    for (let round = 0; round < 300; round++) {
      const groups = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => [
        ...new Set(
          Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => all[Math.floor(rnd() * all.length)]!),
        ),
      ]);
      expectPlainReading(groups, rnd() < 0.5 ? 10_000 : 1 + Math.floor(rnd() * 40));
    }
    // Common words being typed with their completions (several bitsets in one group), alone, with a common word,
    // with a rare one, and mixed with rare words in the same group; two, three and more common words.
    for (const groups of [
      [['a', 'b', 'c']],
      [
        ['a', 'b'],
        ['b', 'c'],
      ],
      [['c'], ['a', 'b', 'c']],
      [['a', 'b'], ['f']],
      [['d'], ['a', 'e', 'g']],
      [['c', 'e', 'f', 'g'], ['a']],
      [['b'], ['c']],
      [['a'], ['b'], ['c']],
      [['c'], ['d'], ['a']],
      [['a'], ['b'], ['c'], ['a', 'b']],
      [['a'], ['b'], ['c'], ['a']],
    ]) {
      for (const limit of [0, 1, 25, 10_000]) expectPlainReading(groups, limit);
    }
    expect(intersect(index, [['a'], ['nowhere']], maxId, 10, () => false)).toEqual([]);
  });
});

describe('the build of the in-memory index', () => {
  it('reads a catalogue of several chunks whole, its inactive products left out', async () => {
    const app = await createTestApp({ env: { SEARCH_INDEX_MIN_PRODUCTS: '0' } });
    try {
      const pool = app.ctx.database.pool;
      // Changed an hour ago: the index's reading of recent changes does not find them, only its build does.
      await pool.query(`
        insert into products (name, slug, sku, description, price, status, updated_at)
        select case when i in (1, 1234, 2499, 2500) then 'Zephyr Chunk Stool ' else 'Chunk Stool ' end || i,
          'chunk-' || i, 'CK-' || i, '', 10, i <> 2500, now() - interval '1 hour'
        from generate_series(1, 2500) as i`);
      const index = searchIndexOf(app.ctx);
      expect(await index.whenBuilt()).toBe(true);
      const { rows } = await pool.query<{ id: number }>(
        `select id from products where sku in ('CK-1', 'CK-1234', 'CK-2499') order by id`,
      );
      const found = await index.candidates([['zephyr'], ['stool']], 100);
      expect(found?.named).toEqual(rows.map((r) => r.id));
      expect(found?.more).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('the in-memory index of a running shop', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ env: { SEARCH_INDEX_MIN_PRODUCTS: '0' } });
    admin = bearer((await createAdmin(t.app, t.ctx)).token);
    await save(undefined, 'Quartz Side Table', 'Quartz top on a steel base.');
    await save(undefined, 'Plain Shelf', 'Goes with a quartz side table.');
    expect(await searchIndexOf(t.ctx).whenBuilt()).toBe(true);
  });
  afterAll(async () => {
    await t.close();
  });

  const save = (id: number | undefined, name: string, description: string) =>
    saveProduct(t.app, admin, id, { name, sku: `QZ-${name.replace(/\W/g, '').slice(0, 12)}`, description });

  async function search(text: string): Promise<string[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/frontend/products?per_page=50&search=${encodeURIComponent(text)}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: { name: string }[]; total: number }>();
    expect(body.total).toBe(body.data.length);
    return body.data.map((p) => p.name);
  }

  it('answers several words from memory: the names first, then the descriptions', async () => {
    const found = await searchIndexOf(t.ctx).candidates([['quartz'], ['tables']], 100);
    expect(found?.named).toHaveLength(1);
    expect(found?.more).toHaveLength(1);
    expect(await search('quartz tables')).toEqual(['Quartz Side Table', 'Plain Shelf']);
    // Stop words are left out, as the database's query leaves them out.
    expect(await search('the quartz table')).toEqual(['Quartz Side Table', 'Plain Shelf']);
    // Words with digits are left to the database.
    expect(await searchIndexOf(t.ctx).candidates([['table'], ['60x30']], 100)).toBeNull();
  });

  it('finds a product created, renamed, deactivated and deleted a moment ago as the database says it is', async () => {
    const id = await save(undefined, 'Walnut Drafting Stool', 'Tall stool.');
    expect(await search('walnut drafting')).toEqual(['Walnut Drafting Stool']);
    expect(await search('walnut draf')).toEqual(['Walnut Drafting Stool']);

    await save(id, 'Maple Drafting Stool', 'Tall stool.');
    expect(await search('walnut drafting')).toEqual([]);
    expect(await search('maple drafting')).toEqual(['Maple Drafting Stool']);

    const toggled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${id}/toggle-status`,
      headers: admin,
    });
    expect(toggled.statusCode).toBe(200);
    expect(await search('maple drafting')).toEqual([]);
    await t.app.inject({ method: 'POST', url: `/api/admin/products/${id}/toggle-status`, headers: admin });
    expect(await search('maple drafting')).toEqual(['Maple Drafting Stool']);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${id}`,
      headers: admin,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await search('maple drafting')).toEqual([]);
  });

  it('offers no product deleted on another instance as a candidate once it has read the deletions', async () => {
    const kept = await save(undefined, 'Basalt Drawer Pedestal', 'Three drawers.');
    const gone = await save(undefined, 'Basalt Cart Pedestal', 'Two drawers on wheels.');
    const index = searchIndexOf(t.ctx);
    // Both are read into the index's changes (this instance's back-office saved them).
    expect((await index.candidates([['basalt'], ['pedestal']], 10))?.named).toEqual([kept, gone]);
    // Another instance deletes one: nothing tells this instance but what the database keeps.
    await t.ctx.database.pool.query('delete from products where id = $1', [gone]);
    expect(
      (
        await t.ctx.database.pool.query('select product_id from product_deletions where product_id = $1', [
          gone,
        ])
      ).rowCount,
    ).toBe(1);
    index.invalidate();
    expect((await index.candidates([['basalt'], ['pedestal']], 10))?.named).toEqual([kept]);
  });
});
