import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { categories, productImages, products } from '../../../src/db/schema/catalog';
import type { AppContext } from '../../../src/context';
import { multipart } from '../../support/multipart';

export interface FixtureProduct {
  id: number;
  name: string;
  slug: string;
  categoryId: number;
}

const CATALOG: Record<string, [name: string, price: string, stock: number, description: string][]> = {
  Chairs: [
    ['Ergonomic Mesh Task Chair', '329.00', 120, 'Breathable mesh back, adjustable lumbar and 4D arms.'],
    ['Leather Executive Chair', '549.50', 4, 'High-back executive chair in top-grain leather.'],
    ['Stacking Guest Chair', '89.99', 0, 'Lightweight guest seating that stacks ten high.'],
  ],
  Desks: [
    ['Electric Sit-Stand Desk 60x30', '689.00', 40, 'Dual-motor frame with four memory presets.'],
    ['Compact Writing Desk 48 in', '259.00', 63, 'Slim steel frame with a maple top.'],
  ],
  Storage: [['Lateral File Cabinet, 3 Drawer', '415.00', 12, 'Steel lateral file with locking drawers.']],
};

/**
 * Inserts categories and products (newest first in the order listed above: the first product is the newest),
 * each with a photo key and two gallery images. Answers the categories by name and the products by name.
 */
export async function seedCatalog(ctx: AppContext, extra: { count?: number } = {}) {
  const db = ctx.database.db;
  const cats = await db
    .insert(categories)
    .values(Object.keys(CATALOG).map((name, i) => ({ name, slug: name.toLowerCase(), position: i })))
    .returning();
  const byCategory = new Map(cats.map((c) => [c.name, c.id]));
  const result = new Map<string, FixtureProduct>();
  let n = 0;
  const now = Date.now();
  for (const [category, list] of Object.entries(CATALOG)) {
    for (const [name, price, stock, description] of list) {
      n++;
      const [row] = await db
        .insert(products)
        .values({
          name,
          slug: name
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-|-$/g, ''),
          sku: `SKU-${1000 + n}`,
          description,
          price,
          stockQuantity: stock,
          categoryId: byCategory.get(category)!,
          photoKey: `products/photo${n}`,
          createdAt: new Date(now - n * 60_000),
        })
        .returning();
      await db.insert(productImages).values([
        { productId: row!.id, imageKey: `products/gallery${n}a`, position: 0 },
        { productId: row!.id, imageKey: `products/gallery${n}b`, position: 1 },
      ]);
      result.set(name, { id: row!.id, name, slug: row!.slug, categoryId: row!.categoryId! });
    }
  }
  for (let i = 0; i < (extra.count ?? 0); i++) {
    n++;
    await db.insert(products).values({
      name: `Filler Bookcase ${i + 1}`,
      slug: `filler-bookcase-${i + 1}`,
      sku: `FIL-${i + 1}`,
      description: 'Five-shelf bookcase.',
      price: '120.00',
      stockQuantity: 3,
      categoryId: byCategory.get('Storage')!,
      createdAt: new Date(now - n * 60_000),
    });
  }
  return { categories: byCategory, products: result };
}

/**
 * Creates (`id` undefined) or updates a product through the back-office API, as an admin's form does, and answers
 * its id; `headers` are the admin's bearer.
 */
export async function saveProduct(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: number | undefined,
  fields: { name: string; sku: string; description?: string; categoryId?: number | null },
): Promise<number> {
  const body = await multipart({
    name: fields.name,
    sku: fields.sku,
    description: fields.description ?? 'Made for the office.',
    category_id: fields.categoryId == null ? '' : String(fields.categoryId),
    price: '120.00',
    stock_quantity: '3',
  });
  const res = await app.inject({
    method: 'POST',
    url: id === undefined ? '/api/admin/products' : `/api/admin/products/${id}`,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
  expect(res.statusCode, res.body).toBe(id === undefined ? 201 : 200);
  return res.json<{ product: { id: number } }>().product.id;
}
