import { and, asc, desc, eq, ilike, inArray, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { nextUpdatedAt } from '../../platform/row-version';
import { categories, productImages, products } from '../../db/schema/catalog';
import { favorites } from '../../db/schema/favorites';
import { proposalLines } from '../../db/schema/deals';
import { createdFigures, listTotal } from '../../platform/created-windows';
import { containsPattern, escapeLike } from '../../platform/like';

export type ProductImageRow = { id: number; productId: number; imageKey: string; position: number };

export interface AdminProductFilter {
  sku?: string;
  /** Only the products this user has liked. */
  likedBy?: number;
}

function adminFilter(filter: AdminProductFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.sku) parts.push(ilike(products.sku, containsPattern(filter.sku)));
  if (filter.likedBy !== undefined) {
    parts.push(
      sql`exists (select 1 from ${favorites} where ${favorites.userId} = ${filter.likedBy} and ${favorites.productId} = ${products.id})`,
    );
  }
  return parts.length ? and(...parts) : undefined;
}

const productWithCategory = {
  id: products.id,
  categoryId: products.categoryId,
  name: products.name,
  slug: products.slug,
  sku: products.sku,
  description: products.description,
  price: products.price,
  stockQuantity: products.stockQuantity,
  status: products.status,
  photoKey: products.photoKey,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  categoryName: categories.name,
};
export type AdminProductRow = {
  id: number;
  categoryId: number | null;
  name: string;
  slug: string;
  sku: string;
  description: string;
  price: string;
  stockQuantity: number;
  status: boolean;
  photoKey: string | null;
  createdAt: Date;
  updatedAt: Date;
  categoryName: string | null;
};

/** Every product, active or not, newest first. */
export async function listAdminProducts(
  db: DbOrTx,
  filter: AdminProductFilter,
  limit: number,
  offset: number,
) {
  const where = adminFilter(filter);
  const [rows, total] = await Promise.all([
    db
      .select(productWithCategory)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(limit)
      .offset(offset),
    listTotal(db, 'products', products, where),
  ]);
  return { rows: rows as AdminProductRow[], total };
}

/** These products (active or not), in the order of `ids`. */
export async function selectAdminProductsByIds(db: DbOrTx, ids: number[]): Promise<AdminProductRow[]> {
  if (ids.length === 0) return [];
  const rows = (await db
    .select(productWithCategory)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, ids))) as AdminProductRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findAdminProduct(
  db: DbOrTx,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<AdminProductRow | null> {
  const query = db
    .select(productWithCategory)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id))
    .limit(1);
  const rows = opts.lock ? await query.for('update', { of: products }) : await query;
  return (rows[0] as AdminProductRow | undefined) ?? null;
}

export async function imagesOf(db: DbOrTx, productIds: number[]): Promise<ProductImageRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select({
      id: productImages.id,
      productId: productImages.productId,
      imageKey: productImages.imageKey,
      position: productImages.position,
    })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.position), asc(productImages.id));
}

export async function categoryExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return rows.length > 0;
}

/**
 * The image keys of these that a proposal line still shows: a proposal keeps the photo its product had when it
 * was written, so a product's photo replaced or deleted stays in storage while a proposal shows it.
 */
export async function keysShownByProposals(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ key: proposalLines.photoKey })
    .from(proposalLines)
    .where(inArray(proposalLines.photoKey, keys));
  return new Set(rows.map((r) => r.key).filter((k): k is string => !!k));
}

/** Another product (not `exceptId`) already holding this SKU, compared case-insensitively. */
export async function skuTaken(db: DbOrTx, sku: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        sql`lower(${products.sku}) = lower(${sku})`,
        exceptId ? sql`${products.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The slugs already taken that start like `base` (base itself and base-N). */
export async function slugsLike(db: DbOrTx, base: string): Promise<Set<string>> {
  const escaped = escapeLike(base);
  const rows = await db
    .select({ slug: products.slug })
    .from(products)
    .where(or(eq(products.slug, base), like(products.slug, `${escaped}-%`)));
  return new Set(rows.map((r) => r.slug));
}

export interface ProductValues {
  name: string;
  sku: string;
  description: string;
  categoryId: number | null;
  price: string;
  stockQuantity: number;
}

export async function insertProduct(
  db: DbOrTx,
  values: ProductValues & { slug: string; photoKey: string | null },
) {
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  return row!.id;
}

/** Every write to a product or its gallery moves its version on (platform/row-version.ts). */
const nextVersion = nextUpdatedAt(products.updatedAt);

export async function updateProduct(
  db: DbOrTx,
  id: number,
  values: ProductValues & { photoKey?: string | null },
) {
  await db
    .update(products)
    .set({ ...values, updatedAt: nextVersion })
    .where(eq(products.id, id));
}

export async function insertImages(db: DbOrTx, productId: number, keys: string[], firstPosition: number) {
  if (keys.length === 0) return;
  await db
    .insert(productImages)
    .values(keys.map((imageKey, i) => ({ productId, imageKey, position: firstPosition + i })));
}

export async function deleteImages(db: DbOrTx, productId: number, imageIds: number[]) {
  if (imageIds.length === 0) return;
  await db
    .delete(productImages)
    .where(and(eq(productImages.productId, productId), inArray(productImages.id, imageIds)));
}

/**
 * Flips the status, or sets `asked` when it differs (a product already so is left as it is, its version too); null
 * when there is no such product.
 */
export async function setProductStatus(
  db: DbOrTx,
  id: number,
  asked?: boolean,
): Promise<{ status: boolean; changed: boolean } | null> {
  const [row] = await db
    .update(products)
    .set({ status: asked ?? sql`not ${products.status}`, updatedAt: nextVersion })
    .where(and(eq(products.id, id), asked === undefined ? undefined : ne(products.status, asked)))
    .returning({ status: products.status });
  if (row) return { status: row.status, changed: true };
  if (asked === undefined) return null;
  const [current] = await db.select({ status: products.status }).from(products).where(eq(products.id, id));
  return current ? { status: current.status, changed: false } : null;
}

/** Deletes the product (its gallery rows and favourites cascade); answers the image keys it held, or null. */
/**
 * Deletes a product and answers its image keys (the photo and the gallery), or null when there is none. The row is
 * locked first, so an edit adding gallery images meanwhile is either done before (its images are listed) or waits
 * and finds no product: no image row goes with the delete unlisted, its files left in storage.
 */
export async function deleteProduct(db: DbOrTx, id: number): Promise<string[] | null> {
  await db.execute(sql`select id from products where id = ${id} for update`);
  const images = await db
    .select({ key: productImages.imageKey })
    .from(productImages)
    .where(eq(productImages.productId, id));
  const rows = await db
    .delete(products)
    .where(eq(products.id, id))
    .returning({ photoKey: products.photoKey });
  if (!rows[0]) return null;
  return [...(rows[0].photoKey ? [rows[0].photoKey] : []), ...images.map((i) => i.key)];
}

/** Active products: all of them, and those created in the last 30 days and the 30 days before. */
export function activeProductFigures(db: DbOrTx, now: Date) {
  return createdFigures(
    db,
    'active_products',
    { table: products, createdAt: products.createdAt, where: eq(products.status, true) },
    now,
  );
}
