import { categories } from '../../../src/db/schema/catalog';
import type { TestApp } from '../../support/test-app';

export async function createCategory(t: TestApp, name = 'Desks'): Promise<number> {
  const [row] = await t.ctx.database.db
    .insert(categories)
    .values({ name, slug: name.toLowerCase().replace(/\W+/g, '-') })
    .returning({ id: categories.id });
  return row!.id;
}

/** The storage keys (`products/<hex>`) of the public image URLs given. */
export function keyOf(url: string): string {
  const m = /^\/media\/(.+)\/\d+\.webp$/.exec(url);
  if (!m) throw new Error(`not a media url: ${url}`);
  return m[1]!;
}

export async function imageStored(t: TestApp, key: string): Promise<boolean> {
  const all = await Promise.all([320, 640, 1200].map((w) => t.ctx.storage.exists(`${key}/${w}.webp`)));
  if (all.every(Boolean)) return true;
  if (all.some(Boolean)) throw new Error(`image ${key} half stored`);
  return false;
}
