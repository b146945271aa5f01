import {
  ACCEPTED_TYPES,
  PRODUCT_FIELD_MESSAGES,
  PRODUCT_SERVER_MESSAGES,
  UPLOAD_LIMITS,
  type AdminProduct,
  type AdminProductsResponse,
} from '@shop/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/connection';
import { invalidateCatalogCache, normaliseSearch, searchProductIdPage } from '../catalog/service';
import { filterCustomer } from '../users/service';
import { AppError, notFound, validationFailed, type FieldErrors } from '../../platform/errors';
import { assertUnchanged } from '../../platform/row-version';
import {
  encodeVariants,
  imageFileKeys,
  imageUrl,
  ImageRejectedError,
  storeVariants,
} from '../../platform/files/images';
import { detectFileType } from '../../platform/files/sniff';
import { slugify } from '../../platform/slug';
import {
  adoptUploads,
  disownUploads,
  removeDisowned,
  uploadJournalOf,
} from '../../platform/files/upload-journal';
import type { UploadedFile } from '../../platform/multipart';
import { adminPagination } from '../../platform/pagination';
import * as q from './queries';

export interface ProductFields {
  name: string;
  sku: string;
  description: string;
  category_id: number | null;
  price: string;
  stock_quantity: number;
}

type Log = { warn(obj: object, msg: string): void };

function toAdminProduct(row: q.AdminProductRow, images: q.ProductImageRow[]): AdminProduct {
  const gallery = images.map((i) => ({ id: i.id, url: imageUrl(i.imageKey)! }));
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    sku: row.sku,
    description: row.description,
    category_id: row.categoryId,
    category_name: row.categoryName,
    price: row.price,
    stock_quantity: row.stockQuantity,
    status: row.status,
    photo_url: imageUrl(row.photoKey),
    gallery_urls: gallery.map((g) => g.url),
    gallery,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listProducts(
  ctx: AppContext,
  query: { page: number; perPage: number; search?: string; sku?: string; userId?: number },
): Promise<AdminProductsResponse> {
  const db = ctx.database.db;
  const filterUser = await filterCustomer(ctx, query.userId);
  const offset = (query.page - 1) * query.perPage;
  const search = query.search ? normaliseSearch(query.search) : '';
  let rows: q.AdminProductRow[];
  let total: number;
  let capped: boolean | undefined;
  if (search) {
    // The storefront's search (names, SKUs, plurals, misspellings), over inactive products too, within the SKU filter.
    const filter = { includeInactive: true, favoritesOf: query.userId, skuContains: query.sku };
    const found = await searchProductIdPage(ctx, search, filter, query.perPage, offset);
    rows = await q.selectAdminProductsByIds(db, found.ids);
    ({ total, capped } = found);
  } else {
    ({ rows, total } = await q.listAdminProducts(
      db,
      { sku: query.sku, likedBy: query.userId },
      query.perPage,
      offset,
    ));
  }
  const images = await q.imagesOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) =>
      toAdminProduct(
        r,
        images.filter((i) => i.productId === r.id),
      ),
    ),
    total,
    pagination: adminPagination(query.page, query.perPage, total),
    ...(search ? { total_is_capped: capped ?? false } : {}),
    filter_user: filterUser,
  };
}

export async function getProduct(ctx: AppContext, id: number): Promise<AdminProduct> {
  const row = await q.findAdminProduct(ctx.database.db, id);
  if (!row) throw notFound();
  return toAdminProduct(row, await q.imagesOf(ctx.database.db, [id]));
}

/** 404 when no product has that id (answered before an edit's files are received). */
export async function requireProduct(ctx: AppContext, id: number): Promise<void> {
  if (!(await q.findAdminProduct(ctx.database.db, id))) throw notFound();
}

/** The name's slug, or the first free `slug-N` when it is taken. */
async function uniqueSlug(ctx: AppContext, name: string): Promise<string> {
  const base = slugify(name) || 'product';
  const taken = await q.slugsLike(ctx.database.db, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The PostgreSQL unique-violation constraint name of an error (drizzle wraps the driver's error). */
function uniqueViolation(err: unknown): string | null {
  for (
    let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return null;
}

/** The product's own columns, as the back-office form gives them (create and update alike). */
function productColumns(input: ProductFields) {
  return {
    name: input.name,
    sku: input.sku,
    description: input.description,
    categoryId: input.category_id,
    price: input.price,
    stockQuantity: input.stock_quantity,
  };
}

async function checkFields(ctx: AppContext, input: ProductFields, exceptId?: number): Promise<void> {
  const errors: FieldErrors = {};
  if (input.category_id !== null && !(await q.categoryExists(ctx.database.db, input.category_id))) {
    errors.category_id = [PRODUCT_FIELD_MESSAGES.categoryInvalid];
  }
  if (await q.skuTaken(ctx.database.db, input.sku, exceptId)) errors.sku = [PRODUCT_FIELD_MESSAGES.skuTaken];
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/**
 * Checks every uploaded image by its bytes (png, jpg, webp: 415 otherwise), decodes it (422 when it cannot be
 * read), then stores the WebP variants through the upload journal: the product's transaction adopts them
 * (`adoptImages`), `releaseImages` removes them if it fails. Answers the keys of `photo` and `gallery` in upload
 * order; on any failure nothing stays stored.
 */
async function storeImages(
  ctx: AppContext,
  files: UploadedFile[],
): Promise<{ photo: string | null; gallery: string[]; all: string[] }> {
  const accepted: readonly string[] = ACCEPTED_TYPES.productImage;
  for (const f of files) {
    const type = await detectFileType(f.data, f.filename);
    if (!type || !accepted.includes(type.mime)) {
      throw new AppError(415, PRODUCT_FIELD_MESSAGES.imageType, {
        [f.field]: [PRODUCT_FIELD_MESSAGES.imageType],
      });
    }
  }
  const encoded = [];
  for (const f of files) {
    try {
      encoded.push({ field: f.field, variants: await encodeVariants(f.data) });
    } catch (err) {
      if (err instanceof ImageRejectedError)
        throw validationFailed({ [f.field]: [PRODUCT_FIELD_MESSAGES.imageUnreadable] });
      throw err;
    }
  }
  const journal = uploadJournalOf(ctx);
  const stored: { field: string; key: string }[] = [];
  try {
    for (const e of encoded)
      stored.push({ field: e.field, key: await storeVariants(journal, 'products', e.variants) });
  } catch (err) {
    await releaseImages(
      ctx,
      stored.map((s) => s.key),
    );
    throw err;
  }
  return {
    photo: stored.find((s) => s.field === 'photo')?.key ?? null,
    gallery: stored.filter((s) => s.field === 'gallery').map((s) => s.key),
    all: stored.map((s) => s.key),
  };
}

/** In the transaction that stores the rows naming these images: their files stay once it commits. */
function adoptImages(tx: DbOrTx, keys: string[]): Promise<void> {
  return adoptUploads(tx, keys.flatMap(imageFileKeys));
}

/** Removes stored images that no row adopted (a failed create or update); adopted ones are left alone. */
async function releaseImages(ctx: AppContext, keys: string[]): Promise<void> {
  await uploadJournalOf(ctx)
    .release(keys.flatMap(imageFileKeys))
    .catch(() => {}); // left for the journal sweep
}

/** After the commit that disowned them (`disownUploads`): removes images no row names any more. */
async function removeImages(ctx: AppContext, keys: string[], log?: Log): Promise<void> {
  await removeDisowned(ctx, keys.flatMap(imageFileKeys), log);
}

function conflictToValidation(err: unknown): never {
  const constraint = uniqueViolation(err);
  if (constraint === 'products_sku_lower_unique')
    throw validationFailed({ sku: [PRODUCT_FIELD_MESSAGES.skuTaken] });
  throw err;
}

export async function createProduct(
  ctx: AppContext,
  input: ProductFields,
  files: UploadedFile[],
): Promise<AdminProduct> {
  await checkFields(ctx, input);
  checkGallerySize(files.filter((f) => f.field === 'gallery').length);
  const images = await storeImages(ctx, files);
  try {
    // A slug taken between the look-up and the insert (a concurrent create) is retried with the next free one.
    for (let attempt = 0; ; attempt++) {
      const slug = await uniqueSlug(ctx, input.name);
      try {
        const id = await ctx.database.db.transaction(async (tx) => {
          const productId = await q.insertProduct(tx, {
            ...productColumns(input),
            slug,
            photoKey: images.photo,
          });
          await q.insertImages(tx, productId, images.gallery, 0);
          await adoptImages(tx, images.all);
          return productId;
        });
        invalidateCatalogCache(ctx);
        return await getProduct(ctx, id);
      } catch (err) {
        if (uniqueViolation(err) === 'products_slug_unique' && attempt < 3) continue;
        conflictToValidation(err);
      }
    }
  } catch (err) {
    await releaseImages(ctx, images.all);
    throw err;
  }
}

/** A gallery of `size` images is refused (422) past its limit. */
function checkGallerySize(size: number) {
  if (size > UPLOAD_LIMITS.maxGalleryFiles)
    throw validationFailed({
      gallery: [PRODUCT_FIELD_MESSAGES.galleryTooMany(UPLOAD_LIMITS.maxGalleryFiles)],
    });
}

/** 409 when the edit was made from a version of the product someone else has written since. */
const checkVersion = (row: q.AdminProductRow, loaded: string | undefined) =>
  assertUnchanged(loaded, row.updatedAt, PRODUCT_SERVER_MESSAGES.changedElsewhere);

export async function updateProduct(
  ctx: AppContext,
  id: number,
  input: ProductFields & { removed_gallery: number[]; updated_at?: string },
  files: UploadedFile[],
  log?: Log,
): Promise<AdminProduct> {
  const current = await q.findAdminProduct(ctx.database.db, id);
  if (!current) throw notFound();
  // Before any image is stored; checked again under the product's lock, where it counts.
  checkVersion(current, input.updated_at);
  await checkFields(ctx, input, id);
  const existing = await q.imagesOf(ctx.database.db, [id]);
  const removed = [...new Set(input.removed_gallery)];
  if (removed.some((r) => !existing.some((e) => e.id === r))) {
    throw validationFailed({ removed_gallery: [PRODUCT_FIELD_MESSAGES.galleryUnknown] });
  }
  checkGallerySize(existing.length - removed.length + files.filter((f) => f.field === 'gallery').length);
  const images = await storeImages(ctx, files);
  let obsolete: string[];
  try {
    obsolete = await ctx.database.db.transaction(async (tx) => {
      const locked = await q.findAdminProduct(tx, id, { lock: true });
      if (!locked) throw notFound();
      checkVersion(locked, input.updated_at);
      const gallery = await q.imagesOf(tx, [id]);
      const removedRows = gallery.filter((g) => removed.includes(g.id));
      if (removedRows.length !== removed.length)
        throw validationFailed({ removed_gallery: [PRODUCT_FIELD_MESSAGES.galleryUnknown] });
      // Counted again under the product's lock: another edit may have added images since the check above.
      checkGallerySize(gallery.length - removedRows.length + images.gallery.length);
      await q.updateProduct(tx, id, {
        ...productColumns(input),
        ...(images.photo ? { photoKey: images.photo } : {}),
      });
      await q.deleteImages(tx, id, removed);
      const nextPosition = gallery.reduce((max, g) => Math.max(max, g.position + 1), 0);
      await q.insertImages(tx, id, images.gallery, nextPosition);
      await adoptImages(tx, images.all);
      const shown = await q.keysShownByProposals(tx, locked.photoKey ? [locked.photoKey] : []);
      const replaced = [
        ...(images.photo && locked.photoKey && !shown.has(locked.photoKey) ? [locked.photoKey] : []),
        ...removedRows.map((r) => r.imageKey),
      ];
      await disownUploads(tx, replaced.flatMap(imageFileKeys));
      return replaced;
    });
  } catch (err) {
    await releaseImages(ctx, images.all);
    conflictToValidation(err);
  }
  invalidateCatalogCache(ctx);
  // Replaced and removed images leave storage only once the rows no longer point at them.
  await removeImages(ctx, obsolete, log);
  return getProduct(ctx, id);
}

/** Flips the product's status, or sets the one asked for (asked twice, set once); answers the status it has. */
export async function toggleStatus(ctx: AppContext, id: number, asked?: boolean): Promise<boolean> {
  const result = await q.setProductStatus(ctx.database.db, id, asked);
  if (!result) throw notFound();
  if (result.changed) invalidateCatalogCache(ctx);
  return result.status;
}

export async function deleteProduct(ctx: AppContext, id: number, log?: Log): Promise<void> {
  const keys = await ctx.database.db.transaction(async (tx) => {
    const images = await q.deleteProduct(tx, id);
    if (!images) return null;
    // A photo a proposal still shows stays (the proposal keeps the photo its product had).
    const shown = await q.keysShownByProposals(tx, images);
    const gone = images.filter((key) => !shown.has(key));
    await disownUploads(tx, gone.flatMap(imageFileKeys));
    return gone;
  });
  if (keys === null) throw notFound();
  invalidateCatalogCache(ctx);
  await removeImages(ctx, keys, log);
}

/** Active products for the dashboard: all of them, and those created in the last 30 days and the 30 days before. */
export function inventoryFigures(ctx: AppContext, now: Date) {
  return q.activeProductFigures(ctx.database.db, now);
}
