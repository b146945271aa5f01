import { RELATED_PRODUCTS_LIMIT, type Category, type ProductDetail, type ProductPage } from '@shop/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/connection';
import { notFound } from '../../platform/errors';
import { toProductDto } from './product-dto';
import * as q from './queries';

/** How long the category list and the per-category totals are reused before they are read again. */
const CACHE_TTL_MS = 10_000;

interface CatalogCache {
  categories?: { at: number; value: Category[] };
  /** Active products per category; `refreshing` is set while a newer count is being read. */
  counts?: { at: number; value: Map<number | null, number> };
  refreshing?: Promise<Map<number | null, number>>;
}

// One cache per running app (tests build several apps in one process, each with its own database).
const caches = new WeakMap<AppContext, CatalogCache>();
function cacheOf(ctx: AppContext): CatalogCache {
  let c = caches.get(ctx);
  if (!c) caches.set(ctx, (c = {}));
  return c;
}

/**
 * Forgets the cached categories and totals; the back-office calls it after changing products so the next
 * storefront answer is exact at once on this instance (other instances catch up within CACHE_TTL_MS).
 */
export function invalidateCatalogCache(ctx: AppContext): void {
  caches.delete(ctx);
}

export async function listCategories(ctx: AppContext): Promise<Category[]> {
  const cache = cacheOf(ctx);
  if (cache.categories && Date.now() - cache.categories.at < CACHE_TTL_MS) return cache.categories.value;
  const value = await q.selectCategories(ctx.database.db);
  cache.categories = { at: Date.now(), value };
  return value;
}

function refreshCounts(ctx: AppContext, cache: CatalogCache): Promise<Map<number | null, number>> {
  cache.refreshing ??= q
    .countActiveByCategory(ctx.database.db)
    .then((value) => {
      cache.counts = { at: Date.now(), value };
      return value;
    })
    .finally(() => {
      cache.refreshing = undefined;
    });
  return cache.refreshing;
}

/**
 * Total of active products, all or of one category. Counting a large catalogue costs far more than reading
 * one page of it, so the per-category totals are read at most once per CACHE_TTL_MS: a stale total is
 * answered while a fresh one is read in the background (only the very first request waits for it).
 */
async function cachedActiveTotal(ctx: AppContext, categoryId: number | undefined): Promise<number> {
  const cache = cacheOf(ctx);
  let counts = cache.counts?.value;
  if (!counts) counts = await refreshCounts(ctx, cache);
  else if (Date.now() - cache.counts!.at >= CACHE_TTL_MS) refreshCounts(ctx, cache).catch(() => {});
  if (categoryId !== undefined) return counts.get(categoryId) ?? 0;
  let total = 0;
  for (const n of counts.values()) total += n;
  return total;
}

/** Splits the search text into the pieces the search query needs, never trusting it as query syntax. */
export function parseSearch(text: string): q.SearchTerms {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  const tsquery = words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
  const fuzzyWords = [...new Set(words.filter((w) => w.length >= 4))].slice(0, 5);
  const skuPattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return { text, tsquery, fuzzyWords, skuPattern };
}

export interface ListProductsInput {
  categoryId?: number;
  favoritesOf?: number;
  includeInactive?: boolean;
  search?: string;
  page: number;
  perPage: number;
  /** Who is looking, for is_favorited. */
  viewerId?: number;
  /** Where the list is served, for next_page_url / prev_page_url (absolute URL without query). */
  baseUrl: string;
  /** The query parameters to keep in the page links besides page and per_page. */
  linkParams?: Record<string, string | undefined>;
}

function pageUrl(input: ListProductsInput, page: number): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(input.linkParams ?? {})) if (v !== undefined) params.set(k, v);
  params.set('page', String(page));
  params.set('per_page', String(input.perPage));
  return `${input.baseUrl}?${params.toString()}`;
}

/** A page of products; a page past the last answers an empty list with the real last_page. */
export async function listProducts(
  db: DbOrTx,
  ctx: AppContext | null,
  input: ListProductsInput,
): Promise<ProductPage> {
  const filter: q.ProductFilter = {
    categoryId: input.categoryId,
    favoritesOf: input.favoritesOf,
    includeInactive: input.includeInactive,
  };
  const offset = (input.page - 1) * input.perPage;
  let rows: q.ProductRow[];
  let total: number;
  if (input.search) {
    const terms = parseSearch(input.search);
    const search = async (mode: q.SearchMode) => {
      const found = await q.searchProductPage(db, terms, mode, filter, input.viewerId, input.perPage, offset);
      const count = found.total ?? (offset > 0 ? await q.countSearchMatches(db, terms, mode, filter) : 0);
      return { rows: found.rows, total: count };
    };
    // Words as typed first; only when they match nothing does the typo-tolerant search run.
    let found = await search('fulltext');
    if (found.total === 0) found = await search('fuzzy');
    rows = found.rows;
    total = found.total;
  } else {
    const cacheable = ctx !== null && !filter.favoritesOf && !filter.includeInactive;
    const [pageRows, count] = await Promise.all([
      q.selectProductPage(db, filter, input.viewerId, input.perPage, offset),
      cacheable ? cachedActiveTotal(ctx, filter.categoryId) : q.countProducts(db, filter),
    ]);
    rows = pageRows;
    // The cached total may lag a change by a few seconds; never let it contradict the rows in hand.
    total = Math.max(count, rows.length ? offset + rows.length : 0);
  }
  const lastPage = Math.max(1, Math.ceil(total / input.perPage));
  return {
    data: rows.map(toProductDto),
    current_page: input.page,
    last_page: lastPage,
    next_page_url: input.page < lastPage ? pageUrl(input, input.page + 1) : null,
    prev_page_url: input.page > 1 ? pageUrl(input, Math.min(input.page - 1, lastPage)) : null,
    total,
    per_page: input.perPage,
  };
}

export async function getProductDetail(
  ctx: AppContext,
  slug: string,
  viewerId?: number,
): Promise<ProductDetail> {
  const db = ctx.database.db;
  const row = await q.selectActiveProductBySlug(db, slug, viewerId);
  if (!row) throw notFound();
  const related = await q.selectRelatedProducts(db, row, viewerId, RELATED_PRODUCTS_LIMIT);
  return { product: toProductDto(row), relatedProducts: related.map(toProductDto) };
}

/** An active product by slug, for page meta (no personalisation). */
export async function findActiveProduct(ctx: AppContext, slug: string) {
  const row = await q.selectActiveProductBySlug(ctx.database.db, slug, undefined);
  return row ? { ...toProductDto(row), photo_key: row.photo_key } : undefined;
}

export async function isActiveProduct(db: DbOrTx, id: number): Promise<boolean> {
  return q.isActiveProduct(db, id);
}

export async function listActiveProductSlugs(ctx: AppContext, limit: number) {
  return q.selectActiveProductSlugs(ctx.database.db, limit);
}
