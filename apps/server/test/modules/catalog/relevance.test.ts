import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_RESULT_CAP } from '@shop/contracts';
import { categories, products } from '../../../src/db/schema/catalog';
import { bearer, createAdmin } from '../../support/http';
import { searchIndexOf } from '../../../src/modules/catalog/search-index';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * The relevance test set: queries with the products expected at the top of the storefront search. The catalogue
 * is made so that each query has decoys (the word only in descriptions, near-miss names, newer products) that
 * would come first if the ranking were wrong. The back-office search must find the same products. The set runs
 * twice: searches of several words answered by the database's GIN indexes (a catalogue below
 * SEARCH_INDEX_MIN_PRODUCTS), and by the in-memory index (search-index.ts) with the database checking its ids.
 */

describe.each<{ answeredBy: string; env: Record<string, string> }>([
  { answeredBy: 'the database', env: {} },
  { answeredBy: 'the in-memory index', env: { SEARCH_INDEX_MIN_PRODUCTS: '0' } },
])('search answered by $answeredBy', ({ env }) => {
  const memory = 'SEARCH_INDEX_MIN_PRODUCTS' in env;
  let t: TestApp;

  const NAMED: [name: string, sku: string, description: string][] = [
    ['Walnut Standing Desk 60x30', 'CD-4471-W', 'Electric standing desk with a solid top.'],
    ['Oak Standing Desk 48x24', 'CD-4472-O', 'Compact standing desk, oak veneer.'],
    ['Ergonomic Mesh Task Chair', 'CH-2001', 'Breathable mesh back and adjustable lumbar.'],
    ['Leather Executive Chair', 'CH-2002', 'High-back chair in top-grain leather.'],
    ['Five-Shelf Bookcase', 'ST-3001', 'Tall bookcase for binders.'],
    ['Lateral File Cabinet', 'ST-3002', 'Steel lateral file with locking drawers.'],
    ['Reception Counter', 'RC-5001', 'Curved reception desk with a transaction top.'],
    ['Monitor Arm Dual', 'AC-6001', 'Gas-spring arm for two screens.'],
    ['Acoustic Privacy Panel', 'PN-7001', 'Fabric panel that absorbs sound between desks.'],
    ['Personal Locker', 'LK-8001', 'Four doors with keys for coats and bags.'],
    ['Umbrella Rack', 'DESK-OAK-UR', 'Rack for umbrellas by the door.'],
  ];

  /** Newer products that mention the query words only in their descriptions. */
  const DECOYS: [name: string, sku: string, description: string][] = Array.from({ length: 30 }, (_, i) => [
    `Storage Tower ${i + 1}`,
    `DC-${9000 + i}`,
    'Pairs well with a walnut standing desk, an ergonomic chair, a bookcase and a reception counter.',
  ]);

  beforeAll(async () => {
    t = await createTestApp({ env });
    const db = t.ctx.database.db;
    const [cat] = await db.insert(categories).values({ name: 'All', slug: 'all' }).returning();
    const now = Date.now();
    // The named products are the oldest: recency alone would rank every decoy first.
    const rows = [...DECOYS, ...NAMED].map(([name, sku, description], i) => ({
      name,
      sku,
      description,
      slug: sku.toLowerCase(),
      price: '100.00',
      categoryId: cat!.id,
      createdAt: new Date(now - i * 60_000),
    }));
    await db.insert(products).values(rows);
    expect(await searchIndexOf(t.ctx).whenBuilt()).toBe(memory);
  });
  afterAll(async () => {
    await t.close();
  });

  async function search(text: string): Promise<{ names: string[]; total: number }> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/frontend/products?per_page=50&search=${encodeURIComponent(text)}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: { name: string }[]; total: number }>();
    return { names: body.data.map((p) => p.name), total: body.total };
  }

  describe('storefront search relevance', () => {
    it.each([
      // name matches before description matches
      ['walnut', ['Walnut Standing Desk 60x30']],
      ['bookcase', ['Five-Shelf Bookcase']],
      ['reception', ['Reception Counter']],
      // multi-word
      ['standing desk', ['Walnut Standing Desk 60x30', 'Oak Standing Desk 48x24']],
      ['walnut standing desk', ['Walnut Standing Desk 60x30']],
      ['mesh chair', ['Ergonomic Mesh Task Chair']],
      // plurals
      ['chairs', ['Ergonomic Mesh Task Chair', 'Leather Executive Chair']],
      ['bookcases', ['Five-Shelf Bookcase']],
      ['cabinets', ['Lateral File Cabinet']],
      // misspellings
      ['bokcase', ['Five-Shelf Bookcase']],
      ['cabniet', ['Lateral File Cabinet']],
      ['recepton counter', ['Reception Counter']],
      ['ergonmic chiar', ['Ergonomic Mesh Task Chair']],
      // prefixes while typing
      ['ergonom', ['Ergonomic Mesh Task Chair']],
      ['monitor a', ['Monitor Arm Dual']],
      ['acoust', ['Acoustic Privacy Panel']],
      // a word being typed that is also a whole word of a description: the name that completes it first
      ['lock', ['Personal Locker']],
      // words of descriptions only, whole and being typed
      ['breathable', ['Ergonomic Mesh Task Chair']],
      ['breath', ['Ergonomic Mesh Task Chair']],
      // model numbers and SKUs
      ['60x30', ['Walnut Standing Desk 60x30']],
      ['CD-4471-W', ['Walnut Standing Desk 60x30']],
      ['cd-4471-w', ['Walnut Standing Desk 60x30']],
      ['PN-7001', ['Acoustic Privacy Panel']],
      // the words of another product's SKU: the names that have them and that product
      ['desk-oak', ['Oak Standing Desk 48x24', 'Umbrella Rack']],
    ])('%s ranks %j first', async (query, expected) => {
      const { names } = await search(query);
      expect(names.slice(0, expected.length).sort()).toEqual([...expected].sort());
    });

    it('still lists the description matches after the name matches', async () => {
      const { names, total } = await search('walnut');
      expect(names[0]).toBe('Walnut Standing Desk 60x30');
      expect(names).toContain('Storage Tower 1');
      expect(total).toBe(31);
    });

    it('a word being typed lists the names it starts, then the descriptions that have the word itself', async () => {
      // 'lock' is the stem of the cabinet's "locking"; the names' vocabulary completes it to "locker".
      expect(await search('lock')).toEqual({ names: ['Personal Locker', 'Lateral File Cabinet'], total: 2 });
    });

    it('finds nothing for words that match nothing', async () => {
      expect(await search('zzqxv')).toEqual({ names: [], total: 0 });
    });
  });

  describe('back-office product search', () => {
    it.each([
      ['walnut', 'Walnut Standing Desk 60x30'],
      ['cabinets', 'Lateral File Cabinet'],
      ['bokcase', 'Five-Shelf Bookcase'],
      ['cd-4471-w', 'Walnut Standing Desk 60x30'],
      ['recepton counter', 'Reception Counter'],
    ])('%s finds %s first, as the storefront does', async (query, expected) => {
      const { token } = await createAdmin(t.app, t.ctx);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/products?perPage=50&search=${encodeURIComponent(query)}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ data: { name: string }[]; total: number }>();
      expect(body.data[0]?.name).toBe(expected);
      expect(body.data.map((p) => p.name)).toEqual((await search(query)).names);
    });
  });

  describe('a broad search', () => {
    it('answers a capped total, says so, and every page it offers exists', async () => {
      const app = await createTestApp({ env });
      try {
        await app.ctx.database.pool.query(`
        insert into products (name, slug, sku, description, price)
        select 'Cushion Stool ' || i, 'cushion-stool-' || i, 'CS-' || i, 'A stool.', 10
        from generate_series(1, ${SEARCH_RESULT_CAP + 5}) as i`);
        expect(await searchIndexOf(app.ctx).whenBuilt()).toBe(memory);
        const get = async (query: string) => {
          const res = await app.app.inject({ method: 'GET', url: `/api/v1/frontend/products?${query}` });
          expect(res.statusCode).toBe(200);
          return res.json<{ data: unknown[]; total: number; last_page: number; total_is_capped?: boolean }>();
        };
        const lastPage = Math.ceil(SEARCH_RESULT_CAP / 9);
        const first = await get('search=cushion');
        expect(first).toMatchObject({ total: SEARCH_RESULT_CAP, total_is_capped: true, last_page: lastPage });
        expect(first.data).toHaveLength(9);
        const last = await get(`search=cushion&page=${lastPage}`);
        expect(last.data).toHaveLength(SEARCH_RESULT_CAP - (lastPage - 1) * 9);
        expect(last).toMatchObject({ total: SEARCH_RESULT_CAP, total_is_capped: true, last_page: lastPage });
        const beyond = await get(`search=cushion&page=${lastPage + 1}`);
        expect(beyond).toMatchObject({ data: [], total: SEARCH_RESULT_CAP, last_page: lastPage });

        // Two words: through the in-memory index when it is built.
        const pair = await get('search=cushion%20stool');
        expect(pair).toMatchObject({ total: SEARCH_RESULT_CAP, total_is_capped: true, last_page: lastPage });
        const pairLast = await get(`search=cushion%20stool&page=${lastPage}`);
        expect(pairLast.data).toHaveLength(SEARCH_RESULT_CAP - (lastPage - 1) * 9);
        expect(await get(`search=cushion%20stool&page=${lastPage + 1}`)).toMatchObject({
          data: [],
          total: SEARCH_RESULT_CAP,
          last_page: lastPage,
        });

        const narrow = await get('search=cushion%20stool%201004');
        expect(narrow).toMatchObject({ total: 1, total_is_capped: false });
        const list = await get('page=1');
        expect(list.total).toBe(SEARCH_RESULT_CAP + 5);
        expect(list.total_is_capped).toBeUndefined();
      } finally {
        await app.close();
      }
    });
  });
});
