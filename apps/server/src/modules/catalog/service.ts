import pLimit, { type LimitFunction } from 'p-limit';
import type { z } from 'zod';
import {
  RELATED_PRODUCTS_LIMIT,
  SEARCH_RESULT_CAP,
  type Category,
  type ProductDetail,
  type ProductPage,
  type productListQuery,
} from '@shop/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/connection';
import { notFound, unauthenticated } from '../../platform/errors';
import { TtlCache } from '../../platform/ttl-cache';
import { toProductDto } from './product-dto';
import { searchIndexOf } from './search-index';
import { correctSpelling, type Vocabulary, wordsStartingWith } from './spelling';
import * as q from './queries';

/** How long the category list and the per-category totals are reused before they are read again. */
const CACHE_TTL_MS = 10_000;
/**
 * How long an instance reuses the names' vocabulary (a read of the small search_words table, which triggers keep
 * exact); a back-office change on this instance clears it at once.
 */
const VOCABULARY_TTL_MS = 30_000;
/** How many known words a word being typed is completed to ('cab' -> cabinet | cabinets | cable...). */
const PREFIX_EXPANSIONS = 8;

/** A guest's page of products (is_favorited false everywhere) and the number of all matches. */
interface GuestPage {
  rows: q.ProductRow[];
  total: number;
  /** A search matched more than SEARCH_RESULT_CAP products: `total` is the cap. */
  capped?: boolean;
}

interface CatalogCache {
  categories: TtlCache<Category[]>;
  /** Active products per category (null for uncategorised). */
  counts: TtlCache<Map<number | null, number>>;
  /** Guest pages of the list and of searches, by filter and page; personalised per request. */
  pages: TtlCache<GuestPage>;
  /** A product and its related products as a guest sees them, by slug (null: no such active product). */
  details: TtlCache<{ product: q.ProductRow; related: q.ProductRow[] } | null>;
  /** The words of the product names, for spelling correction. */
  vocabulary: TtlCache<Vocabulary>;
}

// One cache per running app (tests build several apps in one process, each with its own database).
const caches = new WeakMap<AppContext, CatalogCache>();
function cacheOf(ctx: AppContext): CatalogCache {
  let c = caches.get(ctx);
  if (!c) {
    const pageTtl = ctx.config.catalogPageCacheSeconds * 1000;
    c = {
      categories: new TtlCache(CACHE_TTL_MS, 1),
      counts: new TtlCache(CACHE_TTL_MS, 1),
      pages: new TtlCache(pageTtl, 1000),
      details: new TtlCache(pageTtl, 1000),
      vocabulary: new TtlCache(VOCABULARY_TTL_MS, 1),
    };
    caches.set(ctx, c);
  }
  return c;
}

/**
 * Forgets the cached categories, totals and pages; the back-office calls it after changing products or
 * categories so the next storefront answer is exact at once on this instance (other instances catch up
 * within their cache times).
 */
export function invalidateCatalogCache(ctx: AppContext): void {
  const c = caches.get(ctx);
  if (!c) return;
  c.categories.clear();
  c.counts.clear();
  c.pages.clear();
  c.details.clear();
  c.vocabulary.clear();
  searchIndexOf(ctx).invalidate();
}

export async function listCategories(ctx: AppContext): Promise<Category[]> {
  return cacheOf(ctx).categories.get('all', () => q.selectCategories(ctx.database.db));
}

/**
 * Total of active products, all or of one category. Counting a large catalogue costs far more than reading
 * one page of it, so the per-category totals are read at most once per CACHE_TTL_MS: a stale total is
 * answered while a fresh one is read in the background.
 */
function cachedActiveTotal(ctx: AppContext, categoryId: number | undefined): number | Promise<number> {
  const cache = cacheOf(ctx).counts;
  const fresh = cache.peek('all');
  const totalOf = (counts: Map<number | null, number>) => {
    if (categoryId !== undefined) return counts.get(categoryId) ?? 0;
    let total = 0;
    for (const n of counts.values()) total += n;
    return total;
  };
  // Fresh, as nearly always, it is answered at once: no promise on the storefront's hottest path.
  return fresh
    ? totalOf(fresh)
    : cache.get('all', () => q.countActiveByCategory(ctx.database.db)).then(totalOf);
}

/** Marks the rows this viewer has on their wishlist (rows read for a guest say false everywhere). */
async function personalise(db: DbOrTx, viewerId: number, rows: q.ProductRow[]) {
  if (rows.length === 0) return rows;
  const liked = await q.selectFavoritedIds(
    db,
    viewerId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => (liked.has(r.id) ? { ...r, is_favorited: true } : r));
}

/** Search text as it is matched: case and runs of spaces make no difference to the query. */
export function normaliseSearch(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Splits the search text into the pieces the search query needs, never trusting it as query syntax. */
export function parseSearch(text: string): q.SearchTerms {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  // Only the last word is a prefix (the one being typed); a one-letter last word after others is dropped
  // (it would expand to most of the catalogue's words and narrow nothing).
  const queryWords = words.length > 1 && words.at(-1)!.length < 2 ? words.slice(0, -1) : words;
  const tsquery = queryWords.length ? queryWords.join(' & ') : null;
  const prefixTsquery = tsquery && `${tsquery}:*`;
  const sku = text.toLowerCase();
  const skuRange = sku.length >= 3 ? { from: sku, to: `${sku}\u{10FFFF}` } : null;
  return { text, words, groups: queryWords.map((w) => [w]), tsquery, prefixTsquery, skuRange };
}

/** The same terms with the last word replaced by any of the known words it starts ('oak & (cabinet | cable)'). */
function withCompletions(terms: q.SearchTerms, completions: string[]): q.SearchTerms {
  const head = terms.words.slice(0, -1);
  const last = completions.length === 1 ? completions[0]! : `(${completions.join(' | ')})`;
  return {
    ...terms,
    groups: [...head.map((w) => [w]), completions],
    tsquery: [...head, last].join(' & '),
    prefixTsquery: null,
  };
}

const isNumber = (word: string) => /^\d+$/.test(word);

const searchLimits = new WeakMap<AppContext, LimitFunction>();

/**
 * The turns of an app's searches in the database: at most `searchConcurrency` run at once (config.ts,
 * DEFAULT_SEARCH_CONCURRENCY), each for all its steps; the others wait in the instance, first come first served.
 */
export function searchLimitOf(ctx: AppContext): LimitFunction {
  let limit = searchLimits.get(ctx);
  if (!limit) {
    limit = pLimit(ctx.config.searchConcurrency);
    searchLimits.set(ctx, limit);
  }
  return limit;
}

/**
 * The one search of the shop (storefront and back-office), against the names' vocabulary (search_words, kept in
 * memory for VOCABULARY_TTL_MS), never the names themselves. A last word the names do not have is searched as
 * typed or completed to the known words it starts, in one query (someone still typing; a tsquery prefix when no
 * name word starts with it). Otherwise the words as typed first; when they match nothing, the last word completed
 * to the known words it starts ('desk' -> desks). Then the misspelled words corrected to the closest known word
 * within one or two edits; then the words no name has replaced by their closest known word by trigram similarity
 * (several typos). `run` reads one page in one mode. With an app, the search waits for its turn in the database
 * (searchLimitOf) and keeps it for all its steps; without one (a transaction's own reads), it runs at once.
 */
export function searchCascade<T extends { total: number }>(
  db: DbOrTx,
  ctx: AppContext | null,
  search: string,
  run: (terms: q.SearchTerms, mode: q.SearchMode) => Promise<T>,
): Promise<T> {
  return ctx ? searchLimitOf(ctx)(() => cascade(db, ctx, search, run)) : cascade(db, ctx, search, run);
}

async function cascade<T extends { total: number }>(
  db: DbOrTx,
  ctx: AppContext | null,
  search: string,
  run: (terms: q.SearchTerms, mode: q.SearchMode) => Promise<T>,
): Promise<T> {
  const vocabularyDb = ctx ? ctx.database.db : db;
  const vocabulary = ctx
    ? await cacheOf(ctx).vocabulary.get('names', () => q.selectSearchWords(ctx.database.db))
    : await q.selectSearchWords(db);
  const match = async (terms: q.SearchTerms): Promise<T> => {
    const last = terms.words.at(-1);
    const typing = !!last && !(terms.words.length > 1 && last.length < 2);
    // A last word the names do not have (a misspelling, a word of descriptions only, something being typed): the
    // word as typed or any known word it starts, in one search, so names with a completion rank first and a
    // description with the word itself still follows. With no completion, the prefix search alone: it also
    // matches the word itself.
    if (typing && !isNumber(last) && !vocabulary.has(last)) {
      const completions = wordsStartingWith(vocabulary, last, PREFIX_EXPANSIONS);
      return completions.length
        ? run(withCompletions(terms, [last, ...completions]), 'fulltext')
        : run(terms, 'prefix');
    }
    const found = await run(terms, 'fulltext');
    if (found.total !== 0 || !typing) return found;
    // A number being typed (a model number, a SKU's digits): the numbers that start with it.
    if (isNumber(last)) return run(terms, 'prefix');
    // A whole word of the names: completed when it starts longer ones ('desk' -> desks); a tsquery prefix of a
    // word found in many names would read all their posting lists for nothing.
    const completions = wordsStartingWith(vocabulary, last, PREFIX_EXPANSIONS);
    return completions.length ? run(withCompletions(terms, completions), 'fulltext') : found;
  };
  const terms = parseSearch(search);
  let found = await match(terms);
  if (found.total !== 0) return found;
  const corrected = correctSpelling(terms.words, vocabulary) ?? terms.words;
  if (corrected !== terms.words) {
    found = await match(parseSearch(corrected.join(' ')));
    if (found.total !== 0) return found;
  }
  // Words the names do not know and one or two edits do not reach (several typos): the closest known word by
  // trigram similarity. Words the names know, spelled right, that no product has together: nothing to forgive.
  let replaced = false;
  const similar = await Promise.all(
    corrected.map(async (w) => {
      if (w.length < 4 || isNumber(w) || vocabulary.has(w)) return w;
      const known = await q.selectSimilarWord(vocabularyDb, w);
      if (!known) return w;
      replaced = true;
      return known;
    }),
  );
  return replaced ? match(parseSearch(similar.join(' '))) : found;
}

/**
 * The products the in-memory index finds for a search of several words, or of a word being typed with its
 * completions, over all active products (the storefront's search without a category or wishlist filter): enough
 * ids for the cap and a margin for products changed since the index read them. Undefined when the database
 * answers alone: a single word (read in rank order from search_postings), a prefix, a filter, an index not built.
 */
async function foundInMemory(
  ctx: AppContext | null,
  terms: q.SearchTerms,
  mode: q.SearchMode,
  filter: q.ProductFilter,
  cap: number,
): Promise<q.FoundIds | undefined> {
  if (!ctx || mode !== 'fulltext' || !terms.tsquery) return undefined;
  if (!q.allActive(filter)) return undefined;
  if (terms.groups.length < 2 && (terms.groups[0]?.length ?? 0) < 2) return undefined;
  return (await searchIndexOf(ctx).candidates(terms.groups, cap + 1 + Math.ceil(cap / 10))) ?? undefined;
}

/** The most matches a search ranks and counts. */
export function searchCap(_mode: q.SearchMode): number {
  return SEARCH_RESULT_CAP;
}

/**
 * One page of a search in one mode (a step of searchCascade): the in-memory index's candidates when it has them,
 * then `readPage` (the storefront's rows or the back-office's ids, with the total beside them), and for a page
 * past the last, whose query carried no total, the matches counted apart so the pager still knows the last page.
 */
async function searchPage<R>(
  db: DbOrTx,
  ctx: AppContext | null,
  terms: q.SearchTerms,
  mode: q.SearchMode,
  filter: q.ProductFilter,
  offset: number,
  readPage: (
    cap: number,
    found: q.FoundIds | undefined,
  ) => Promise<{ rows: R[]; total: number | null; capped: boolean }>,
): Promise<{ rows: R[]; total: number; capped: boolean }> {
  const cap = searchCap(mode);
  const found = await foundInMemory(ctx, terms, mode, filter, cap);
  const page = await readPage(cap, found);
  if (page.total !== null) return { rows: page.rows, total: page.total, capped: page.capped };
  const count =
    offset > 0
      ? await q.countSearchMatches(db, terms, mode, filter, cap, found)
      : { total: 0, capped: false };
  return { rows: page.rows, ...count };
}

/**
 * One page of a search's matches as product ids, ranked, with the total: the back-office's product list runs the
 * storefront's search this way (inactive products too, when the filter says so) and reads its own rows for them.
 */
export async function searchProductIdPage(
  ctx: AppContext,
  search: string,
  filter: q.ProductFilter,
  perPage: number,
  offset: number,
): Promise<{ ids: number[]; total: number; capped: boolean }> {
  const db = ctx.database.db;
  const found = await searchCascade(db, ctx, normaliseSearch(search), (terms, mode) =>
    searchPage(db, ctx, terms, mode, filter, offset, (cap) =>
      q.searchProductIds(db, terms, mode, filter, perPage, offset, cap),
    ),
  );
  return { ids: found.rows.map((r) => r.id), total: found.total, capped: found.capped };
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
  const tail = `page=${page}&per_page=${input.perPage}`;
  let params: URLSearchParams | undefined;
  for (const key in input.linkParams) {
    const value = input.linkParams[key];
    if (value !== undefined) (params ??= new URLSearchParams()).set(key, value);
  }
  // The plain list's links (no filter to keep), the storefront's most asked, need no encoder.
  return params ? `${input.baseUrl}?${params.toString()}&${tail}` : `${input.baseUrl}?${tail}`;
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
  const search = input.search ? normaliseSearch(input.search) : '';
  // Pages every visitor shares (no wishlist filter, active products only) are read once for a guest,
  // cached briefly, and personalised per request; a wishlist or a back-office view is read as it is.
  const shared = ctx !== null && !filter.favoritesOf && !filter.includeInactive;
  const viewerInQuery = shared ? undefined : input.viewerId;
  const read = async (): Promise<GuestPage> => {
    if (search) {
      return searchCascade(db, ctx, search, (terms, mode) =>
        searchPage(db, ctx, terms, mode, filter, offset, (cap, ids) =>
          q.searchProductPage(db, terms, mode, filter, viewerInQuery, input.perPage, offset, cap, ids),
        ),
      );
    }
    const [rows, count] = await Promise.all([
      q.selectProductPage(db, filter, viewerInQuery, input.perPage, offset),
      shared ? cachedActiveTotal(ctx, filter.categoryId) : q.countProducts(db, filter),
    ]);
    // The cached total may lag a change by a few seconds; never let it contradict the rows in hand.
    return { rows, total: Math.max(count, rows.length ? offset + rows.length : 0) };
  };
  let rows: q.ProductRow[];
  let total: number;
  let capped: boolean | undefined;
  if (shared) {
    // The search text comes last: whatever it holds, no two filters give one key.
    const key = `${filter.categoryId ?? ''}|${input.page}|${input.perPage}|${search}`;
    const page = await cacheOf(ctx).pages.get(key, read);
    rows = input.viewerId === undefined ? page.rows : await personalise(db, input.viewerId, page.rows);
    total = page.total;
    capped = page.capped;
  } else {
    ({ rows, total, capped } = await read());
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
    ...(search ? { total_is_capped: capped ?? false } : {}),
  };
}

/**
 * GET /api/v1/frontend/products: the inventory as `viewerId` sees it (a guest when undefined); the wishlist
 * filter needs a signed-in viewer.
 */
export async function listStorefrontProducts(
  ctx: AppContext,
  query: z.output<typeof productListQuery>,
  viewerId: number | undefined,
): Promise<ProductPage> {
  if (query.favorites && viewerId === undefined) throw unauthenticated();
  return listProducts(ctx.database.db, ctx, {
    categoryId: query.category,
    favoritesOf: query.favorites ? viewerId : undefined,
    search: query.search,
    page: query.page,
    perPage: query.per_page,
    viewerId,
    baseUrl: `${ctx.config.publicUrl}/api/v1/frontend/products`,
    linkParams: {
      category: query.category?.toString(),
      favorites: query.favorites ? 'true' : undefined,
      search: query.search,
    },
  });
}

/** A product and its related products as a guest sees them (cached briefly), or null for no such active product. */
function guestDetail(ctx: AppContext, slug: string) {
  const db = ctx.database.db;
  return cacheOf(ctx).details.get(slug, async () => {
    const product = await q.selectActiveProductBySlug(db, slug, undefined);
    if (!product) return null;
    const related = await q.selectRelatedProducts(db, product, undefined, RELATED_PRODUCTS_LIMIT);
    return { product, related };
  });
}

export async function getProductDetail(
  ctx: AppContext,
  slug: string,
  viewerId?: number,
): Promise<ProductDetail> {
  const found = await guestDetail(ctx, slug);
  if (!found) throw notFound();
  const rows = [found.product, ...found.related];
  const [product, ...related] =
    viewerId === undefined ? rows : await personalise(ctx.database.db, viewerId, rows);
  return { product: toProductDto(product!), relatedProducts: related.map(toProductDto) };
}

/**
 * An active product by slug, for page meta (no personalisation). It shares the product page's cache entry, so
 * a server-rendered product page reads the product once for its head and its body.
 */
export async function findActiveProduct(ctx: AppContext, slug: string) {
  const row = (await guestDetail(ctx, slug))?.product;
  return row ? { ...toProductDto(row), photo_key: row.photo_key } : undefined;
}

export async function isActiveProduct(db: DbOrTx, id: number): Promise<boolean> {
  return q.isActiveProduct(db, id);
}

export async function listActiveProductSlugs(ctx: AppContext, limit: number) {
  return q.selectActiveProductSlugs(ctx.database.db, limit);
}
