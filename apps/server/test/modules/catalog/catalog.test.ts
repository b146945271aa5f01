import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../../src/db/schema/catalog';
import { bearer, createAdmin, registerCustomer } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';
import { seedCatalog } from './fixtures';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const names = (body: { data: { name: string }[] }) => body.data.map((p) => p.name);

describe('GET /api/v1/frontend/categories', () => {
  it('lists every category as {id, name} in shop order', async () => {
    const { categories } = await seedCatalog(t.ctx);
    const res = await get('/api/v1/frontend/categories');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: categories.get('Chairs'), name: 'Chairs' },
      { id: categories.get('Desks'), name: 'Desks' },
      { id: categories.get('Storage'), name: 'Storage' },
    ]);
  });
});

describe('GET /api/v1/frontend/products', () => {
  it('answers the newest active products with the storefront shape and pagination fields', async () => {
    await seedCatalog(t.ctx);
    const res = await get('/api/v1/frontend/products');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(body)).toEqual([
      'Ergonomic Mesh Task Chair',
      'Leather Executive Chair',
      'Stacking Guest Chair',
      'Electric Sit-Stand Desk 60x30',
      'Compact Writing Desk 48 in',
      'Lateral File Cabinet, 3 Drawer',
    ]);
    expect(body).toMatchObject({
      current_page: 1,
      last_page: 1,
      next_page_url: null,
      prev_page_url: null,
      total: 6,
      per_page: 9,
    });
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      name: 'Ergonomic Mesh Task Chair',
      slug: 'ergonomic-mesh-task-chair',
      description: 'Breathable mesh back, adjustable lumbar and 4D arms.',
      photo_url: '/media/products/photo1/640.webp',
      gallery_urls: ['/media/products/gallery1a/640.webp', '/media/products/gallery1b/640.webp'],
      set_price: '329.00',
      stock_quantity: 120,
      is_favorited: false,
    });
    expect(body.data[2].set_price).toBe('89.99');
  });

  it('pages by 9 with page links, and a page past the last is empty with the real last_page', async () => {
    await seedCatalog(t.ctx, { count: 10 });
    const first = (await get('/api/v1/frontend/products?page=1&per_page=9')).json();
    expect(first.data).toHaveLength(9);
    expect(first).toMatchObject({ current_page: 1, last_page: 2, total: 16, prev_page_url: null });
    expect(first.next_page_url).toBe('http://shop.test/api/v1/frontend/products?page=2&per_page=9');

    const second = (await get('/api/v1/frontend/products?page=2')).json();
    expect(second.data).toHaveLength(7);
    expect(second).toMatchObject({ current_page: 2, last_page: 2, next_page_url: null });
    expect(second.prev_page_url).toBe('http://shop.test/api/v1/frontend/products?page=1&per_page=9');
    const seen = new Set([...names(first), ...names(second)]);
    expect(seen.size).toBe(16);

    const beyond = await get('/api/v1/frontend/products?page=5');
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toMatchObject({
      data: [],
      current_page: 5,
      last_page: 2,
      total: 16,
      next_page_url: null,
    });
  });

  it('filters by category id and keeps the filter in the page links', async () => {
    const { categories } = await seedCatalog(t.ctx, { count: 10 });
    const desks = (await get(`/api/v1/frontend/products?category=${categories.get('Desks')}`)).json();
    expect(names(desks)).toEqual(['Electric Sit-Stand Desk 60x30', 'Compact Writing Desk 48 in']);
    expect(desks.total).toBe(2);

    const storage = (await get(`/api/v1/frontend/products?category=${categories.get('Storage')}`)).json();
    expect(storage).toMatchObject({ total: 11, last_page: 2 });
    expect(storage.next_page_url).toBe(
      `http://shop.test/api/v1/frontend/products?category=${categories.get('Storage')}&page=2&per_page=9`,
    );

    const unknown = (await get('/api/v1/frontend/products?category=999999')).json();
    expect(unknown).toMatchObject({ data: [], total: 0, last_page: 1 });
  });

  it('finds a product from misspelled words and ranks it first', async () => {
    await seedCatalog(t.ctx);
    const res = await get(`/api/v1/frontend/products?search=${encodeURIComponent('ergonomc chiar')}`);
    expect(res.statusCode).toBe(200);
    expect(names(res.json())[0]).toBe('Ergonomic Mesh Task Chair');
  });

  it('corrects a misspelled short word against the product names (a swap, a missing letter)', async () => {
    await seedCatalog(t.ctx);
    const first = async (search: string) =>
      names((await get(`/api/v1/frontend/products?search=${encodeURIComponent(search)}`)).json());
    expect(await first('chiar')).toEqual(
      expect.arrayContaining([
        'Ergonomic Mesh Task Chair',
        'Leather Executive Chair',
        'Stacking Guest Chair',
      ]),
    );
    expect((await first('cabniet'))[0]).toBe('Lateral File Cabinet, 3 Drawer');
    expect((await first('ergonmic chiar'))[0]).toBe('Ergonomic Mesh Task Chair');
    expect((await first('dsek')).sort()).toEqual([
      'Compact Writing Desk 48 in',
      'Electric Sit-Stand Desk 60x30',
    ]);
    expect(await first('zzqx')).toEqual([]);
  });

  it('ranks full-text matches, matches word prefixes and SKUs', async () => {
    await seedCatalog(t.ctx);
    const desk = (await get('/api/v1/frontend/products?search=desk')).json();
    expect(names(desk).sort()).toEqual(['Compact Writing Desk 48 in', 'Electric Sit-Stand Desk 60x30']);
    expect(desk.total).toBe(2);

    const prefix = (await get('/api/v1/frontend/products?search=ergo')).json();
    expect(names(prefix)).toContain('Ergonomic Mesh Task Chair');

    const sku = (await get('/api/v1/frontend/products?search=SKU-1004')).json();
    expect(names(sku)[0]).toBe('Electric Sit-Stand Desk 60x30');

    const none = (await get('/api/v1/frontend/products?search=zzzzqqq')).json();
    expect(none).toMatchObject({ data: [], total: 0, last_page: 1 });
  });

  it('combines search with a category and pages through search results', async () => {
    const { categories } = await seedCatalog(t.ctx, { count: 12 });
    const chairsInDesks = (
      await get(`/api/v1/frontend/products?search=chair&category=${categories.get('Desks')}`)
    ).json();
    expect(chairsInDesks.data).toEqual([]);
    const chairs = (
      await get(`/api/v1/frontend/products?search=chair&category=${categories.get('Chairs')}`)
    ).json();
    expect(names(chairs).sort()).toEqual([
      'Ergonomic Mesh Task Chair',
      'Leather Executive Chair',
      'Stacking Guest Chair',
    ]);

    const shelves = (await get('/api/v1/frontend/products?search=bookcase&page=2')).json();
    expect(shelves).toMatchObject({ current_page: 2, last_page: 2, total: 12 });
    expect(shelves.data).toHaveLength(3);
    expect(shelves.next_page_url).toBeNull();
    expect(shelves.prev_page_url).toBe(
      'http://shop.test/api/v1/frontend/products?search=bookcase&page=1&per_page=9',
    );
    const beyond = (await get('/api/v1/frontend/products?search=bookcase&page=9')).json();
    expect(beyond).toMatchObject({ data: [], current_page: 9, last_page: 2, total: 12 });
  });

  it('treats search text as words, never as query syntax', async () => {
    await seedCatalog(t.ctx);
    for (const search of ["chair & | ! :* ( ) '", '%', '_', '\\', '<script>']) {
      const res = await get(`/api/v1/frontend/products?search=${encodeURIComponent(search)}`);
      expect(res.statusCode).toBe(200);
    }
    const res = await get(`/api/v1/frontend/products?search=${encodeURIComponent('chair & |')}`);
    expect(names(res.json())).toContain('Leather Executive Chair');
  });

  it('hides inactive products from the list, the search and the category', async () => {
    const { products: fixture, categories } = await seedCatalog(t.ctx);
    const hidden = fixture.get('Leather Executive Chair')!;
    await t.ctx.database.db.update(products).set({ status: false }).where(eq(products.id, hidden.id));
    for (const url of [
      '/api/v1/frontend/products',
      '/api/v1/frontend/products?search=leather',
      `/api/v1/frontend/products?category=${categories.get('Chairs')}`,
    ]) {
      const body = (await get(url)).json();
      expect(names(body)).not.toContain('Leather Executive Chair');
    }
    expect((await get('/api/v1/frontend/products')).json().total).toBe(5);
  });

  it('refuses favorites=true without a session (401) and ignores favorites=false', async () => {
    await seedCatalog(t.ctx);
    const res = await get('/api/v1/frontend/products?favorites=true');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toEqual(expect.any(String));
    const off = await get('/api/v1/frontend/products?favorites=false');
    expect(off.statusCode).toBe(200);
    expect(off.json().total).toBe(6);
  });

  it.each([['category=abc'], ['page=0'], ['per_page=1000'], ['search=' + 'x'.repeat(201)]])(
    'answers 422 for a bad query %s',
    async (query) => {
      const res = await get(`/api/v1/frontend/products?${query}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toBeDefined();
    },
  );
});

describe('GET /api/v1/frontend/products/{slug}', () => {
  it('answers the product and active related products of its category', async () => {
    const { products: fixture } = await seedCatalog(t.ctx);
    await t.ctx.database.db
      .update(products)
      .set({ status: false })
      .where(eq(products.id, fixture.get('Stacking Guest Chair')!.id));
    const res = await get('/api/v1/frontend/products/ergonomic-mesh-task-chair');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['product', 'relatedProducts']);
    expect(body.product).toMatchObject({
      name: 'Ergonomic Mesh Task Chair',
      set_price: '329.00',
      stock_quantity: 120,
      is_favorited: false,
      gallery_urls: ['/media/products/gallery1a/640.webp', '/media/products/gallery1b/640.webp'],
    });
    expect(names({ data: body.relatedProducts })).toEqual(['Leather Executive Chair']);
  });

  it('answers 404 for an unknown slug and for an inactive product', async () => {
    const { products: fixture } = await seedCatalog(t.ctx);
    expect((await get('/api/v1/frontend/products/no-such-chair')).statusCode).toBe(404);
    await t.ctx.database.db
      .update(products)
      .set({ status: false })
      .where(eq(products.id, fixture.get('Compact Writing Desk 48 in')!.id));
    const res = await get('/api/v1/frontend/products/compact-writing-desk-48-in');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});

describe('storefront page cache', () => {
  const deactivateDirectly = (id: number) =>
    t.ctx.database.db.update(products).set({ status: false }).where(eq(products.id, id));

  it('reuses a shared page briefly, personalised per viewer, and is exact after a back-office change', async () => {
    const { products: fixture } = await seedCatalog(t.ctx);
    const desk = fixture.get('Compact Writing Desk 48 in')!;
    const { token } = await registerCustomer(t.app);
    const like = await t.app.inject({
      method: 'POST',
      url: '/api/favorites/toggle',
      headers: bearer(token),
      payload: { type: 'product', id: desk.id },
    });
    expect(like.statusCode).toBe(200);

    const search = '/api/v1/frontend/products?search=writing%20desk';
    const guest = (await get(search)).json();
    expect(names(guest)).toContain('Compact Writing Desk 48 in');
    const flag = (body: { data: { name: string; is_favorited: boolean }[] }) =>
      body.data.find((p) => p.name === 'Compact Writing Desk 48 in')?.is_favorited;
    expect(flag(guest)).toBe(false);
    // The same cached page, personalised for the customer who liked the desk; differently spelled text shares it.
    expect(
      flag((await get('/api/v1/frontend/products?search=%20Writing%20%20DESK', bearer(token))).json()),
    ).toBe(true);
    expect(flag((await get(search)).json())).toBe(false);

    // A change made elsewhere (another instance, or straight in the database) shows once the page expires...
    expect((await get('/api/v1/frontend/products/compact-writing-desk-48-in')).statusCode).toBe(200);
    await deactivateDirectly(desk.id);
    expect(names((await get(search)).json())).toContain('Compact Writing Desk 48 in');
    expect((await get('/api/v1/frontend/products/compact-writing-desk-48-in')).statusCode).toBe(200);

    // ...and a change through the back-office of this instance shows at once.
    const admin = await createAdmin(t.app, t.ctx);
    const toggled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${fixture.get('Leather Executive Chair')!.id}/toggle-status`,
      headers: bearer(admin.token),
    });
    expect(toggled.statusCode).toBe(200);
    expect(names((await get(search)).json())).not.toContain('Compact Writing Desk 48 in');
    expect((await get('/api/v1/frontend/products/compact-writing-desk-48-in')).statusCode).toBe(404);
  });

  it('reads every page afresh when CATALOG_PAGE_CACHE_SECONDS is 0', async () => {
    await t.close();
    t = await createTestApp({ env: { CATALOG_PAGE_CACHE_SECONDS: '0' } });
    const { products: fixture } = await seedCatalog(t.ctx);
    expect(names((await get('/api/v1/frontend/products?search=writing')).json())).toContain(
      'Compact Writing Desk 48 in',
    );
    await deactivateDirectly(fixture.get('Compact Writing Desk 48 in')!.id);
    expect(names((await get('/api/v1/frontend/products?search=writing')).json())).not.toContain(
      'Compact Writing Desk 48 in',
    );
  });
});
