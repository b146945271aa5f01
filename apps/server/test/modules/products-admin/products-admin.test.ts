import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_FIELD_MESSAGES, PRODUCT_SERVER_MESSAGES, UPLOAD_LIMITS } from '@shop/contracts';
import { productImages, products } from '../../../src/db/schema/catalog';
import { favorites } from '../../../src/db/schema/favorites';
import { bearer, createAdmin, registerCustomer } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';
import { TEXT_FILE, image } from '../../support/files';
import { multipart, type FilePart } from '../../support/multipart';
import { holdingClient, waitUntilBlocked } from '../../support/lock-waits';
import * as q from '../../../src/modules/products-admin/queries';
import { createCategory, imageStored, keyOf } from './support';

let t: TestApp;
let admin: Record<string, string>;
beforeEach(async () => {
  t = await createTestApp();
  admin = bearer((await createAdmin(t.app, t.ctx)).token);
});
afterEach(async () => {
  await t.close();
});

const fields = (over: Record<string, string | string[] | undefined> = {}) => ({
  name: 'Walnut Desk',
  sku: 'DSK-1',
  description: 'A solid walnut desk.',
  category_id: '',
  price: '499.90',
  stock_quantity: '7',
  ...over,
});

async function postForm(
  url: string,
  f: Record<string, string | string[] | undefined>,
  files: FilePart[] = [],
  headers = admin,
) {
  const body = await multipart(f, files);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}
const json = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers });

async function createProduct(
  over: Record<string, string | string[] | undefined> = {},
  files: FilePart[] = [],
) {
  const res = await postForm('/api/admin/products', fields(over), files);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().product as {
    id: number;
    slug: string;
    photo_url: string | null;
    gallery: { id: number; url: string }[];
    gallery_urls: string[];
  };
}

async function storedFiles(): Promise<string[]> {
  const dir = path.join(t.dataDir, 'files', 'products');
  const out: string[] = [];
  for (const d of await readdir(dir).catch(() => [] as string[]))
    out.push(...(await readdir(path.join(dir, d))).map((f) => `${d}/${f}`));
  return out;
}

describe('access', () => {
  it('answers 401 without a token and 403 with a customer token on every admin product route', async () => {
    const customer = bearer((await registerCustomer(t.app)).token);
    const p = await createProduct();
    const routes: [string, string][] = [
      ['GET', '/api/admin/products'],
      ['GET', `/api/admin/products/${p.id}`],
      ['POST', '/api/admin/products'],
      ['POST', `/api/admin/products/${p.id}?_method=PUT`],
      ['POST', `/api/admin/products/${p.id}/toggle-status`],
      ['DELETE', `/api/admin/products/${p.id}`],
    ];
    for (const [method, url] of routes) {
      const anon = await t.app.inject({
        method: method as 'GET',
        url,
        ...(method === 'POST' ? { payload: fields({ sku: 'X-1' }) } : {}),
      });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      const cust = await t.app.inject({
        method: method as 'GET',
        url,
        headers: customer,
        ...(method === 'POST' ? { payload: fields({ sku: 'X-1' }) } : {}),
      });
      expect(cust.statusCode, `${method} ${url}`).toBe(403);
    }
    const [row] = await t.ctx.database.db.select().from(products).where(eq(products.id, p.id));
    expect(row).toMatchObject({ name: 'Walnut Desk', status: true });
    expect(await t.ctx.database.db.$count(products)).toBe(1);
  });
});

describe('create', () => {
  it('creates from JSON with an exact price, a slug from the name and a suffix when the slug is taken', async () => {
    const category = await createCategory(t);
    const res = await json('POST', '/api/admin/products', {
      name: 'Ergo Chair',
      sku: 'CHR-9',
      description: 'Adjustable.',
      category_id: category,
      price: 129.5,
      stock_quantity: 3,
      status: false,
      slug: 'hijacked',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(PRODUCT_SERVER_MESSAGES.created);
    expect(body.product).toMatchObject({
      name: 'Ergo Chair',
      slug: 'ergo-chair',
      sku: 'CHR-9',
      category_id: category,
      price: '129.50',
      stock_quantity: 3,
      status: true,
      photo_url: null,
      gallery_urls: [],
    });
    const again = await json('POST', '/api/admin/products', {
      name: 'Ergo  Chair!',
      sku: 'CHR-10',
      price: '10',
      stock_quantity: 0,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().product.slug).toBe('ergo-chair-2');
    const detail = await json('GET', `/api/admin/products/${body.product.id}`);
    expect(detail.json().product).toEqual(body.product);
  });

  it('creates from multipart with a photo and a gallery, served as public WebP images', async () => {
    const p = await createProduct({}, [
      { field: 'photo', name: 'main.jpg', data: await image('jpeg') },
      { field: 'gallery[]', name: 'a.png', data: await image('png') },
      { field: 'gallery[]', name: 'b.webp', data: await image('webp') },
    ]);
    expect(p.photo_url).toMatch(/^\/media\/products\/[a-f0-9]{24}\/640\.webp$/);
    expect(p.gallery_urls).toHaveLength(2);
    expect(p.gallery.map((g) => g.url)).toEqual(p.gallery_urls);
    for (const url of [p.photo_url!, ...p.gallery_urls]) {
      expect(await imageStored(t, keyOf(url))).toBe(true);
      const media = await t.app.inject({ method: 'GET', url });
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toBe('image/webp');
    }
  });

  it.each([
    [{ price: '10.999' }, 'price', PRODUCT_FIELD_MESSAGES.priceFormat],
    [{ price: '-1' }, 'price', PRODUCT_FIELD_MESSAGES.priceMin],
    [{ price: 'abc' }, 'price', PRODUCT_FIELD_MESSAGES.priceFormat],
    [{ price: '' }, 'price', PRODUCT_FIELD_MESSAGES.priceRequired],
    [{ stock_quantity: '-3' }, 'stock_quantity', PRODUCT_FIELD_MESSAGES.stockMin],
    [{ stock_quantity: '2.5' }, 'stock_quantity', PRODUCT_FIELD_MESSAGES.stockInteger],
    [{ name: '  ' }, 'name', 'The name field is required.'],
    [{ sku: '' }, 'sku', 'The sku field is required.'],
    [{ category_id: '999' }, 'category_id', PRODUCT_FIELD_MESSAGES.categoryInvalid],
  ])('refuses %j with 422 on %s and stores nothing', async (over, field, message) => {
    const res = await postForm('/api/admin/products', fields(over), [
      { field: 'photo', name: 'p.png', data: await image() },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(await t.ctx.database.db.$count(products)).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a price with more than 2 decimals sent as a JSON number', async () => {
    const res = await json('POST', '/api/admin/products', {
      name: 'A',
      sku: 'A-1',
      price: 1.005,
      stock_quantity: 1,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.price).toEqual([PRODUCT_FIELD_MESSAGES.priceFormat]);
    expect(await t.ctx.database.db.$count(products)).toBe(0);
  });

  it('keeps SKUs unique (422), whatever their case, on create and on edit', async () => {
    await createProduct({ sku: 'DSK-1' });
    const other = await createProduct({ sku: 'DSK-2', name: 'Other Desk' });
    const dup = await postForm('/api/admin/products', fields({ sku: 'dsk-1', name: 'Clone' }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.sku).toEqual([PRODUCT_FIELD_MESSAGES.skuTaken]);
    expect(await t.ctx.database.db.$count(products)).toBe(2);
    const edit = await postForm(
      `/api/admin/products/${other.id}?_method=PUT`,
      fields({ sku: 'DSK-1', name: 'Renamed' }),
    );
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors.sku).toEqual([PRODUCT_FIELD_MESSAGES.skuTaken]);
    const [row] = await t.ctx.database.db.select().from(products).where(eq(products.id, other.id));
    expect(row).toMatchObject({ sku: 'DSK-2', name: 'Other Desk' });
    // Keeping its own SKU is fine.
    const same = await postForm(
      `/api/admin/products/${other.id}?_method=PUT`,
      fields({ sku: 'DSK-2', name: 'Renamed' }),
    );
    expect(same.statusCode).toBe(200);
  });

  it('answers 415 for a photo or gallery file that is not a png, jpg or webp image, and stores nothing', async () => {
    for (const bad of [
      { field: 'photo', name: 'photo.png', data: TEXT_FILE, type: 'image/png' },
      { field: 'gallery[]', name: 'anim.gif', data: await image('gif') },
    ]) {
      const res = await postForm('/api/admin/products', fields(), [
        { field: 'gallery[]', name: 'ok.png', data: await image() },
        bad,
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json().errors[bad.field.replace('[]', '')]).toEqual([PRODUCT_FIELD_MESSAGES.imageType]);
    }
    expect(await t.ctx.database.db.$count(products)).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it('answers 413 for an image over 10 MB', async () => {
    const big = Buffer.concat([await image(), Buffer.alloc(UPLOAD_LIMITS.productImageBytes)]);
    const res = await postForm('/api/admin/products', fields(), [
      { field: 'photo', name: 'big.png', data: big },
    ]);
    expect(res.statusCode).toBe(413);
    expect(await t.ctx.database.db.$count(products)).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });
});

describe('edit', () => {
  it('removes one gallery image, keeps the others, adds new ones and deletes the removed and replaced files', async () => {
    const p = await createProduct({}, [
      { field: 'photo', name: 'main.png', data: await image('png', '#111111') },
      { field: 'gallery[]', name: 'a.png', data: await image('png', '#aa0000') },
      { field: 'gallery[]', name: 'b.png', data: await image('png', '#00aa00') },
      { field: 'gallery[]', name: 'c.png', data: await image('png', '#0000aa') },
    ]);
    const [a, b, c] = p.gallery;
    const res = await postForm(
      `/api/admin/products/${p.id}?_method=PUT`,
      fields({
        name: 'Walnut Desk XL',
        price: '549',
        stock_quantity: '2',
        'removed_gallery[]': [String(b!.id)],
      }),
      [
        { field: 'photo', name: 'new.webp', data: await image('webp') },
        { field: 'gallery[]', name: 'd.jpg', data: await image('jpeg') },
      ],
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(PRODUCT_SERVER_MESSAGES.updated);
    expect(body.product).toMatchObject({
      name: 'Walnut Desk XL',
      price: '549.00',
      stock_quantity: 2,
      slug: p.slug,
    });
    const urls: string[] = body.product.gallery_urls;
    expect(urls).toHaveLength(3);
    expect(urls.slice(0, 2)).toEqual([a!.url, c!.url]);
    expect(await imageStored(t, keyOf(a!.url))).toBe(true);
    expect(await imageStored(t, keyOf(c!.url))).toBe(true);
    expect(await imageStored(t, keyOf(urls[2]!))).toBe(true);
    expect(await imageStored(t, keyOf(b!.url))).toBe(false);
    expect(body.product.photo_url).not.toBe(p.photo_url);
    expect(await imageStored(t, keyOf(p.photo_url!))).toBe(false);
    expect(await imageStored(t, keyOf(body.product.photo_url))).toBe(true);
    // The new photo, a, c and d: three variants each.
    expect(await storedFiles()).toHaveLength(4 * 3);
  });

  it('two edits at once cannot take a gallery past its limit: one is refused (422) and its images are not kept', async () => {
    const p = await createProduct({}, []);
    const files = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => ({
        field: 'gallery[]',
        name: `g${i}.png`,
        data: await image('png', `#${String(i).repeat(6)}`),
      })),
    );
    const edit = () =>
      postForm(
        `/api/admin/products/${p.id}?_method=PUT`,
        fields({ name: 'Walnut Desk', price: '499' }),
        files,
      );
    const answers = await Promise.all([edit(), edit()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    const refused = answers.find((a) => a.statusCode === 422)!;
    expect(refused.json().errors.gallery).toEqual([
      PRODUCT_FIELD_MESSAGES.galleryTooMany(UPLOAD_LIMITS.maxGalleryFiles),
    ]);
    const kept = answers.find((a) => a.statusCode === 200)!.json().product.gallery_urls as string[];
    expect(kept).toHaveLength(8);
    // The eight images of the edit that went through, three variants each; none of the refused one's.
    expect(await storedFiles()).toHaveLength(8 * 3);
  });

  it('refuses to remove an image of another product and changes nothing', async () => {
    const p = await createProduct({}, [{ field: 'gallery[]', name: 'a.png', data: await image() }]);
    const q = await createProduct({ sku: 'Q-1', name: 'Q' }, [
      { field: 'gallery[]', name: 'b.png', data: await image() },
    ]);
    const res = await postForm(
      `/api/admin/products/${p.id}?_method=PUT`,
      fields({ name: 'Changed', 'removed_gallery[]': [String(q.gallery[0]!.id)] }),
      [{ field: 'gallery[]', name: 'c.png', data: await image() }],
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.removed_gallery).toEqual([PRODUCT_FIELD_MESSAGES.galleryUnknown]);
    expect(await t.ctx.database.db.$count(productImages)).toBe(2);
    expect(await imageStored(t, keyOf(q.gallery_urls[0]!))).toBe(true);
    expect(await storedFiles()).toHaveLength(2 * 3);
    const [row] = await t.ctx.database.db.select().from(products).where(eq(products.id, p.id));
    expect(row!.name).toBe('Walnut Desk');
  });

  it('answers 404 for a product that does not exist', async () => {
    expect((await postForm('/api/admin/products/9999?_method=PUT', fields())).statusCode).toBe(404);
    expect((await json('GET', '/api/admin/products/9999')).statusCode).toBe(404);
    expect((await json('GET', '/api/admin/products/abc')).statusCode).toBe(404);
    expect((await json('POST', '/api/admin/products/9999/toggle-status')).statusCode).toBe(404);
    expect((await json('DELETE', '/api/admin/products/9999')).statusCode).toBe(404);
  });
});

describe('edit: concurrent edits (updated_at)', () => {
  const edit = (id: number, over: Record<string, string | string[] | undefined>, files: FilePart[] = []) =>
    postForm(`/api/admin/products/${id}?_method=PUT`, fields(over), files);
  const loaded = async (id: number) =>
    (await json('GET', `/api/admin/products/${id}`)).json().product as {
      updated_at: string;
      stock_quantity: number;
      description: string;
      gallery: { id: number; url: string }[];
    };
  const rowOf = async (id: number) =>
    (await t.ctx.database.db.select().from(products).where(eq(products.id, id)))[0]!;
  const storefront = async (slug: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/frontend/products/${slug}` })).json().product as {
      stock_quantity: number;
    };

  it('refuses (409) an edit made from a version written since, changes nothing and keeps none of its images', async () => {
    const p = await createProduct({ stock_quantity: '5' }, [
      { field: 'gallery[]', name: 'a.png', data: await image('png', '#aa0000') },
    ]);
    // Admin A opens the form; admin B sets the stock to 0 and saves.
    const a = await loaded(p.id);
    const b = await edit(p.id, { stock_quantity: '0', updated_at: a.updated_at });
    expect(b.statusCode).toBe(200);
    const afterB = b.json().product;
    expect(afterB.updated_at).not.toBe(a.updated_at);
    const before = await rowOf(p.id);
    const filesBefore = (await storedFiles()).sort();

    // A fixes a typo from what they loaded: refused, with B's stock kept and none of A's changes or images.
    const stale = await edit(
      p.id,
      {
        description: 'A solid walnut desk, oiled.',
        stock_quantity: '5',
        updated_at: a.updated_at,
        'removed_gallery[]': [String(a.gallery[0]!.id)],
      },
      [
        { field: 'photo', name: 'new.png', data: await image('png', '#00aa00') },
        { field: 'gallery[]', name: 'b.png', data: await image('png', '#0000aa') },
      ],
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(PRODUCT_SERVER_MESSAGES.changedElsewhere);
    expect(await rowOf(p.id)).toEqual(before);
    expect((await loaded(p.id)).gallery).toEqual(afterB.gallery);
    expect((await storedFiles()).sort()).toEqual(filesBefore);
    expect((await storefront(p.slug)).stock_quantity).toBe(0);

    // Reloaded, A's edit goes through; without updated_at (an API client) the edit is taken as before.
    const reloaded = await loaded(p.id);
    expect(reloaded).toMatchObject({ stock_quantity: 0, updated_at: afterB.updated_at });
    const fixed = await edit(p.id, {
      description: 'A solid walnut desk, oiled.',
      stock_quantity: '0',
      updated_at: reloaded.updated_at,
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().product).toMatchObject({
      description: 'A solid walnut desk, oiled.',
      stock_quantity: 0,
    });
    const blind = await edit(p.id, { stock_quantity: '9' });
    expect(blind.statusCode).toBe(200);
    expect(blind.json().product.stock_quantity).toBe(9);
  });

  it('refuses a malformed updated_at (422) and changes nothing', async () => {
    const p = await createProduct();
    const before = await rowOf(p.id);
    for (const bad of [
      'yesterday',
      '2026-02-30T10:00:00.000Z',
      '2026-01-01 10:00:00',
      '1767225600000',
      ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
    ]) {
      const res = await edit(p.id, { name: 'Changed', updated_at: bad }, [
        { field: 'gallery[]', name: 'g.png', data: await image() },
      ]);
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json().errors.updated_at).toEqual([PRODUCT_FIELD_MESSAGES.updatedAtFormat]);
    }
    const asJson = await json('POST', `/api/admin/products/${p.id}?_method=PUT`, {
      ...fields({ name: 'Changed' }),
      updated_at: 1767225600000,
    });
    expect(asJson.statusCode).toBe(422);
    expect(asJson.json().errors.updated_at).toEqual([PRODUCT_FIELD_MESSAGES.updatedAtFormat]);
    expect(await rowOf(p.id)).toEqual(before);
    expect(await t.ctx.database.db.$count(productImages)).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it('every write moves the version on: a status toggle, a gallery change, an edit', async () => {
    const p = await createProduct({}, [{ field: 'gallery[]', name: 'a.png', data: await image() }]);
    const v0 = (await loaded(p.id)).updated_at;
    expect((await json('POST', `/api/admin/products/${p.id}/toggle-status`)).statusCode).toBe(200);
    expect((await edit(p.id, { updated_at: v0 })).statusCode).toBe(409);

    const v1 = (await loaded(p.id)).updated_at;
    expect(v1).not.toBe(v0);
    const removed = await edit(p.id, { updated_at: v1, 'removed_gallery[]': [String(p.gallery[0]!.id)] });
    expect(removed.statusCode).toBe(200);
    const v2 = removed.json().product.updated_at as string;
    expect(v2).not.toBe(v1);
    expect((await edit(p.id, { updated_at: v1 })).statusCode).toBe(409);
    // The same offset written another way is the same moment.
    const sameMoment = new Date(Date.parse(v2) + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    expect((await edit(p.id, { updated_at: sameMoment })).statusCode).toBe(200);
  });

  it('two writes in one moment (one transaction) still give two versions', async () => {
    const p = await createProduct();
    const versions = await t.ctx.database.db.transaction(async (tx) => {
      const seen: number[] = [];
      for (const write of [
        () => q.setProductStatus(tx, p.id),
        () => q.setProductStatus(tx, p.id),
        () =>
          q.updateProduct(tx, p.id, {
            name: 'Walnut Desk',
            sku: 'DSK-1',
            description: '',
            categoryId: null,
            price: '1.00',
            stockQuantity: 1,
          }),
      ]) {
        await write();
        seen.push((await q.findAdminProduct(tx, p.id))!.updatedAt.getTime());
      }
      return seen;
    });
    expect(new Set(versions).size).toBe(3);
  });

  it('checks the version again under the product lock: a write made while the edit waited refuses it (409), its images released', async () => {
    const p = await createProduct({ stock_quantity: '5' });
    const v = (await loaded(p.id)).updated_at;
    const holder = await holdingClient(t.databaseUrl);
    let answer: Awaited<ReturnType<typeof edit>> | undefined;
    try {
      await holder.query('select id from products where id = $1 for update', [p.id]);
      // The edit passes the first look (nothing has changed yet), stores its images, then waits for the lock.
      const pending = edit(p.id, { description: 'Changed', updated_at: v }, [
        { field: 'photo', name: 'new.png', data: await image('png', '#00aa00') },
        { field: 'gallery[]', name: 'g.png', data: await image('png', '#0000aa') },
      ]).then((res) => (answer = res));
      expect(await waitUntilBlocked(t.databaseUrl, holder, () => answer !== undefined)).toBe(true);
      await holder.query(
        `update products set stock_quantity = 0, updated_at = greatest(now(), updated_at + interval '1 millisecond') where id = $1`,
        [p.id],
      );
      await holder.query('commit');
      await pending;
    } finally {
      await holder.end();
    }
    expect(answer!.statusCode).toBe(409);
    expect(answer!.json().message).toBe(PRODUCT_SERVER_MESSAGES.changedElsewhere);
    const row = await rowOf(p.id);
    expect(row).toMatchObject({ stockQuantity: 0, description: 'A solid walnut desk.', photoKey: null });
    expect(await t.ctx.database.db.$count(productImages)).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });
});

describe('list', () => {
  it('pages, searches by name and by SKU, and includes inactive products', async () => {
    for (let i = 1; i <= 12; i++) await createProduct({ name: `Desk ${i}`, sku: `DSK-${100 + i}` });
    await createProduct({ name: 'Green Chair', sku: 'CHR-7' });
    const off = await createProduct({ name: 'Old Lamp', sku: 'LMP-1' });
    await json('POST', `/api/admin/products/${off.id}/toggle-status`);

    const page2 = (await json('GET', '/api/admin/products?page=2&perPage=10')).json();
    expect(page2.total).toBe(14);
    expect(page2.data).toHaveLength(4);
    expect(page2.pagination).toEqual({
      current: 2,
      perPage: 10,
      total: 14,
      totalPages: 2,
      start: 11,
      end: 14,
    });
    const first = (await json('GET', '/api/admin/products')).json();
    expect(first.data[0]).toMatchObject({ name: 'Old Lamp', status: false });

    const byName = (await json('GET', '/api/admin/products?search=chair')).json();
    expect(byName.data.map((p: { name: string }) => p.name)).toEqual(['Green Chair']);
    const bySku = (await json('GET', '/api/admin/products?sku=dsk-11')).json();
    expect(bySku.data.map((p: { sku: string }) => p.sku).sort()).toEqual(['DSK-110', 'DSK-111', 'DSK-112']);
    const none = (await json('GET', '/api/admin/products?search=%25')).json();
    expect(none.total).toBe(0);
    // Both boxes filled: the name search within the SKU filter, its total too.
    const both = (await json('GET', '/api/admin/products?search=desk&sku=dsk-11')).json();
    expect(both.data.map((p: { sku: string }) => p.sku).sort()).toEqual(['DSK-110', 'DSK-111', 'DSK-112']);
    expect(both.total).toBe(3);
    const neither = (await json('GET', '/api/admin/products?search=chair&sku=dsk')).json();
    expect(neither).toMatchObject({ total: 0, data: [] });
    // A wildcard in the SKU box is taken as written.
    expect((await json('GET', '/api/admin/products?search=desk&sku=%25')).json().total).toBe(0);
  });

  it('filters by userId to the products that user liked', async () => {
    const customer = await registerCustomer(t.app);
    const a = await createProduct({ name: 'A', sku: 'A-1' });
    await createProduct({ name: 'B', sku: 'B-1' });
    const c = await createProduct({ name: 'C', sku: 'C-1' });
    await t.ctx.database.db.insert(favorites).values([
      { userId: customer.user.id, productId: a.id },
      { userId: customer.user.id, productId: c.id },
    ]);
    const res = (await json('GET', `/api/admin/products?userId=${customer.user.id}`)).json();
    expect(res.total).toBe(2);
    expect(res.data.map((p: { name: string }) => p.name).sort()).toEqual(['A', 'C']);
  });
});

describe('status and delete', () => {
  it('toggles the status; an inactive product disappears from the storefront', async () => {
    const p = await createProduct();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/frontend/products/${p.slug}` })).statusCode,
    ).toBe(200);
    const off = await json('POST', `/api/admin/products/${p.id}/toggle-status`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ status: false, message: PRODUCT_SERVER_MESSAGES.statusUpdated });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/frontend/products/${p.slug}` })).statusCode,
    ).toBe(404);
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/frontend/products' })).json();
    expect(list.data).toEqual([]);
    const on = await json('POST', `/api/admin/products/${p.id}/toggle-status`);
    expect(on.json().status).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/frontend/products/${p.slug}` })).statusCode,
    ).toBe(200);
  });

  it('sets the status asked for: asked twice, set once, so two admins deactivating it do not cancel each other', async () => {
    const p = await createProduct();
    const url = `/api/admin/products/${p.id}/toggle-status`;
    const version = async () => (await json('GET', `/api/admin/products/${p.id}`)).json().product.updated_at;
    const first = await json('POST', url, { status: false });
    expect(first.json()).toEqual({ status: false, message: PRODUCT_SERVER_MESSAGES.statusUpdated });
    const v1 = await version();
    // The second admin's press, made from the same list: the product stays inactive, its version unmoved.
    const second = await json('POST', url, { status: false });
    expect(second.statusCode).toBe(200);
    expect(second.json().status).toBe(false);
    expect(await version()).toBe(v1);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/frontend/products/${p.slug}` })).statusCode,
    ).toBe(404);
    // Without a body the call still flips it, as the spec's.
    expect((await json('POST', url)).json().status).toBe(true);
    expect((await json('POST', '/api/admin/products/9999/toggle-status', { status: false })).statusCode).toBe(
      404,
    );
  });

  it('refuses a status that is not a boolean (422) and changes nothing; a body without one flips it', async () => {
    const p = await createProduct();
    const url = `/api/admin/products/${p.id}/toggle-status`;
    const before = (await json('GET', `/api/admin/products/${p.id}`)).json().product;
    for (const body of [{ status: 'off' }, { status: 0 }, { status: null }, { status: [false] }]) {
      const res = await json('POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await json('GET', `/api/admin/products/${p.id}`)).json().product).toEqual(before);
    // A client of the spec's call that sends an empty object (or other fields) still flips it.
    expect((await json('POST', url, {})).json().status).toBe(false);
    expect((await json('POST', url, { _token: 'x' })).json().status).toBe(true);
  });

  it('deletes the product, its favourites and its stored images', async () => {
    const customer = await registerCustomer(t.app);
    const p = await createProduct({}, [
      { field: 'photo', name: 'main.png', data: await image() },
      { field: 'gallery[]', name: 'a.png', data: await image() },
    ]);
    await t.ctx.database.db.insert(favorites).values({ userId: customer.user.id, productId: p.id });
    const res = await json('DELETE', `/api/admin/products/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PRODUCT_SERVER_MESSAGES.deleted);
    expect((await json('GET', `/api/admin/products/${p.id}`)).statusCode).toBe(404);
    expect(await t.ctx.database.db.$count(favorites)).toBe(0);
    expect(await t.ctx.database.db.$count(productImages)).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });
});
