import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../../src/db/schema/catalog';
import { favorites } from '../../../src/db/schema/favorites';
import { listFavoriteProducts } from '../../../src/modules/favorites/service';
import { bearer, createAdmin, registerCustomer } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';
import { seedCatalog } from '../catalog/fixtures';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const toggle = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/favorites/toggle', payload: payload as object, headers });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('POST /api/favorites/toggle', () => {
  it('answers 401 to a guest and stores nothing', async () => {
    const { products: p } = await seedCatalog(t.ctx);
    const res = await toggle({ type: 'product', id: p.get('Leather Executive Chair')!.id });
    expect(res.statusCode).toBe(401);
    expect(await t.ctx.database.db.$count(favorites)).toBe(0);
  });

  it('adds then removes a product for the customer, flipping is_favorited everywhere', async () => {
    const { products: p } = await seedCatalog(t.ctx);
    const chair = p.get('Ergonomic Mesh Task Chair')!;
    const related = p.get('Leather Executive Chair')!;
    const { token } = await registerCustomer(t.app);

    const on = await toggle({ type: 'product', id: related.id }, bearer(token));
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ status: 'success', is_favorited: true });

    const list = (await get('/api/v1/frontend/products', bearer(token))).json();
    const flags = Object.fromEntries(
      list.data.map((x: { name: string; is_favorited: boolean }) => [x.name, x.is_favorited]),
    );
    expect(flags['Leather Executive Chair']).toBe(true);
    expect(flags['Ergonomic Mesh Task Chair']).toBe(false);

    const detail = (await get(`/api/v1/frontend/products/${related.slug}`, bearer(token))).json();
    expect(detail.product.is_favorited).toBe(true);
    const other = (await get(`/api/v1/frontend/products/${chair.slug}`, bearer(token))).json();
    expect(other.relatedProducts.find((x: { id: number }) => x.id === related.id).is_favorited).toBe(true);

    const search = (await get('/api/v1/frontend/products?search=leather', bearer(token))).json();
    expect(search.data[0].is_favorited).toBe(true);

    const off = await toggle({ type: 'product', id: related.id }, bearer(token));
    expect(off.json()).toEqual({ status: 'success', is_favorited: false });
    const after = (await get(`/api/v1/frontend/products/${related.slug}`, bearer(token))).json();
    expect(after.product.is_favorited).toBe(false);
    expect(await t.ctx.database.db.$count(favorites)).toBe(0);
  });

  it('sets the state asked for (favorite): asked twice, set once, as a press on an older page means it', async () => {
    const { products: p } = await seedCatalog(t.ctx);
    const chair = p.get('Leather Executive Chair')!;
    const { token, user } = await registerCustomer(t.app);
    const ask = (favorite: unknown) => toggle({ type: 'product', id: chair.id, favorite }, bearer(token));
    const stored = () => t.ctx.database.db.$count(favorites, eq(favorites.userId, user.id));

    for (const favorite of [true, true]) {
      const res = await ask(favorite);
      expect(res.json()).toEqual({ status: 'success', is_favorited: true });
      expect(await stored()).toBe(1);
    }
    for (const favorite of [false, false]) {
      const res = await ask(favorite);
      expect(res.json()).toEqual({ status: 'success', is_favorited: false });
      expect(await stored()).toBe(0);
    }
    for (const favorite of ['true', 1, null]) {
      const res = await ask(favorite);
      expect(res.statusCode, JSON.stringify(favorite)).toBe(422);
      expect(res.json().errors.favorite).toEqual(['The favorite field must be true or false.']);
    }
    expect(await stored()).toBe(0);
  });

  it('keeps each customer to their own wishlist', async () => {
    const { products: p } = await seedCatalog(t.ctx);
    const a = await registerCustomer(t.app);
    const b = await registerCustomer(t.app);
    await toggle({ type: 'product', id: p.get('Leather Executive Chair')!.id }, bearer(a.token));
    await toggle({ type: 'product', id: p.get('Compact Writing Desk 48 in')!.id }, bearer(b.token));

    const favA = (await get('/api/v1/frontend/products?favorites=true', bearer(a.token))).json();
    const favB = (await get('/api/v1/frontend/products?favorites=true', bearer(b.token))).json();
    expect(favA.data.map((x: { name: string }) => x.name)).toEqual(['Leather Executive Chair']);
    expect(favA.data[0].is_favorited).toBe(true);
    expect(favA.total).toBe(1);
    expect(favB.data.map((x: { name: string }) => x.name)).toEqual(['Compact Writing Desk 48 in']);

    const listB = (await get('/api/v1/frontend/products?search=leather', bearer(b.token))).json();
    expect(listB.data[0].is_favorited).toBe(false);
    const guest = (await get('/api/v1/frontend/products?search=leather')).json();
    expect(guest.data[0].is_favorited).toBe(false);

    const pageA = (await get('/api/user/favorites', bearer(a.token))).json();
    expect(pageA).toMatchObject({ current_page: 1, last_page: 1, total: 1, per_page: 9 });
    expect(pageA.data[0].name).toBe('Leather Executive Chair');
  });

  it('combines favorites with search and category', async () => {
    const { products: p, categories } = await seedCatalog(t.ctx);
    const a = await registerCustomer(t.app);
    for (const name of ['Leather Executive Chair', 'Stacking Guest Chair', 'Compact Writing Desk 48 in']) {
      await toggle({ type: 'product', id: p.get(name)!.id }, bearer(a.token));
    }
    const chairs = (
      await get(
        `/api/v1/frontend/products?favorites=true&category=${categories.get('Chairs')}`,
        bearer(a.token),
      )
    ).json();
    expect(chairs.data.map((x: { name: string }) => x.name)).toEqual([
      'Stacking Guest Chair',
      'Leather Executive Chair',
    ]);
    const search = (
      await get('/api/v1/frontend/products?favorites=true&search=desk', bearer(a.token))
    ).json();
    expect(search.data.map((x: { name: string }) => x.name)).toEqual(['Compact Writing Desk 48 in']);
  });

  it('answers 404 for an unknown or inactive product and 422 for another type or a missing id', async () => {
    const { products: p } = await seedCatalog(t.ctx);
    const { token } = await registerCustomer(t.app);
    const hidden = p.get('Stacking Guest Chair')!;
    await t.ctx.database.db.update(products).set({ status: false }).where(eq(products.id, hidden.id));

    expect((await toggle({ type: 'product', id: 999999 }, bearer(token))).statusCode).toBe(404);
    expect((await toggle({ type: 'product', id: hidden.id }, bearer(token))).statusCode).toBe(404);
    const wrongType = await toggle(
      { type: 'design', id: p.get('Leather Executive Chair')!.id },
      bearer(token),
    );
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors.type).toBeDefined();
    const noId = await toggle({ type: 'product' }, bearer(token));
    expect(noId.statusCode).toBe(422);
    expect(noId.json().errors.id).toBeDefined();
    expect(await t.ctx.database.db.$count(favorites)).toBe(0);
  });

  it('takes the id only as a JSON integer: true, [7], "7" or 7.5 are refused with 422 and like nothing', async () => {
    const { products: p } = await seedCatalog(t.ctx);
    const { token } = await registerCustomer(t.app);
    const id = p.get('Leather Executive Chair')!.id;
    // Product 1 exists, so a true read as 1 (or [id] as id) would like a product.
    expect([...p.values()].some((x) => x.id === 1)).toBe(true);
    for (const bad of [true, [id], [1], String(id), id + 0.5, null, {}, 0, -id]) {
      const res = await toggle({ type: 'product', id: bad }, bearer(token));
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json().errors, JSON.stringify(bad)).toEqual({ id: ['The id must be an integer.'] });
    }
    expect(await t.ctx.database.db.$count(favorites)).toBe(0);
    expect((await toggle({ type: 'product', id }, bearer(token))).statusCode).toBe(200);
    expect(await t.ctx.database.db.$count(favorites)).toBe(1);
  });

  it('refuses an admin session (403): the wishlist belongs to customers', async () => {
    const { products: p } = await seedCatalog(t.ctx);
    const admin = await createAdmin(t.app, t.ctx);
    const res = await toggle(
      { type: 'product', id: p.get('Leather Executive Chair')!.id },
      bearer(admin.token),
    );
    expect(res.statusCode).toBe(403);
    expect((await get('/api/user/favorites', bearer(admin.token))).statusCode).toBe(403);
    expect((await get('/api/user/favorites')).statusCode).toBe(401);
  });
});

describe('listFavoriteProducts', () => {
  it('pages one user’s liked products in the storefront shape, latest like first', async () => {
    const { products: p } = await seedCatalog(t.ctx, { count: 3 });
    const a = await registerCustomer(t.app);
    const liked = ['Ergonomic Mesh Task Chair', 'Leather Executive Chair', 'Compact Writing Desk 48 in'];
    for (const name of [...liked].reverse()) {
      await toggle({ type: 'product', id: p.get(name)!.id }, bearer(a.token));
      await new Promise((r) => setTimeout(r, 5));
    }
    const first = await listFavoriteProducts(t.ctx.database.db, a.user.id, 1, 2);
    expect(first).toMatchObject({ current_page: 1, last_page: 2, total: 3, per_page: 2 });
    expect(first.data.map((x) => x.name)).toEqual(liked.slice(0, 2));
    expect(first.data.every((x) => x.is_favorited)).toBe(true);
    const second = await listFavoriteProducts(t.ctx.database.db, a.user.id, 2, 2);
    expect(second.data.map((x) => x.name)).toEqual(['Compact Writing Desk 48 in']);
    const other = await registerCustomer(t.app);
    expect((await listFavoriteProducts(t.ctx.database.db, other.user.id, 1, 10)).total).toBe(0);
  });
});
