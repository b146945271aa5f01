import { sql, type SQL } from 'drizzle-orm';
import type { Pool } from 'pg';
import type { DbOrTx } from '../../db/connection';
import { dialect, shapedQuery, statementName, type Bind } from '../../db/shaped';
import { containsPattern } from '../../platform/like';

/**
 * Runs a storefront read as a named prepared statement when a pool is at hand: the catalogue queries are few
 * and hot, and at scale planning them (GIN and trigram indexes) can cost as much as running them. The name is
 * a digest of the SQL text, so each distinct statement is prepared once per connection. Inside a transaction
 * it runs as an ordinary query. Searches run unprepared (`prepared: false`): a generic plan cannot see how
 * many rows a search word matches nor use a SKU prefix, and a wrong guess costs far more than planning. The
 * exception is a search of the in-memory index's candidates, whose rows are read by id whatever the words: planning
 * it took as long as running it (bench/HISTORY.md, "Searches in the database at once, and the candidates'
 * statement prepared").
 * With `values: true` each row comes as the array of its values in column order (pg's array row mode).
 */
async function read<T extends Record<string, unknown>>(
  db: DbOrTx,
  query: SQL,
  options?: { prepared?: boolean; values?: false },
): Promise<{ rows: T[] }>;
async function read(
  db: DbOrTx,
  query: SQL,
  options: { prepared?: boolean; values: true },
): Promise<{ rows: unknown[][] }>;
async function read(
  db: DbOrTx,
  query: SQL,
  options: { prepared?: boolean; values?: boolean } = {},
): Promise<{ rows: unknown[] }> {
  if (!('$client' in db)) {
    const { rows } = (await db.execute(query)) as { rows: Record<string, unknown>[] };
    return { rows: options.values ? rows.map((r) => Object.values(r)) : rows };
  }
  const pool = db.$client as Pool;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const statement = {
    name: options.prepared === false ? undefined : statementName(text),
    text,
    values: params as unknown[],
  };
  return options.values ? pool.query({ ...statement, rowMode: 'array' }) : pool.query(statement);
}

/** One product row as the storefront reads it (price as exact text, gallery keys in order). */
export type ProductRow = {
  id: number;
  name: string;
  slug: string;
  description: string;
  photo_key: string | null;
  price: string;
  stock_quantity: number;
  gallery: string[] | null;
  is_favorited: boolean;
  category_id: number | null;
  updated_at?: Date;
};

export interface ProductFilter {
  categoryId?: number;
  /** Only the products this user has liked. */
  favoritesOf?: number;
  /** Admin views may see inactive products; the storefront never does. */
  includeInactive?: boolean;
  /** The back-office's SKU filter: SKUs containing this text, any case. */
  skuContains?: string;
}

/**
 * A product row of the values of `productColumns`, in their order. The storefront's list reads its rows as arrays
 * and makes them here: pg's object rows are filled through one generic loop for every query of the app, whose
 * keyed stores V8 cannot specialise (about 3 µs of a list answer's CPU, bench/HISTORY.md).
 */
const productRowOf = (v: unknown[]): ProductRow => ({
  id: v[0] as number,
  name: v[1] as string,
  slug: v[2] as string,
  description: v[3] as string,
  photo_key: v[4] as string | null,
  price: v[5] as string,
  stock_quantity: v[6] as number,
  category_id: v[7] as number | null,
  gallery: v[8] as string[] | null,
  is_favorited: v[9] as boolean,
});

/** The columns of a product card; `viewerId` personalises is_favorited (false for guests, without a lookup). */
function productColumns(viewerId: unknown): SQL {
  const favorited =
    viewerId !== undefined
      ? sql`exists (select 1 from favorites f where f.user_id = ${viewerId} and f.product_id = p.id)`
      : sql`false`;
  return sql`p.id, p.name, p.slug, p.description, p.photo_key, p.price::text as price, p.stock_quantity, p.category_id,
    array(select i.image_key from product_images i where i.product_id = p.id order by i.position, i.id) as gallery,
    ${favorited} as is_favorited`;
}

/** The WHERE of a filter; its ids may be placeholders of a shaped statement (shapedQuery). */
function filterConditions(filter: {
  categoryId?: unknown;
  favoritesOf?: unknown;
  includeInactive?: boolean;
  skuContains?: string;
}): SQL {
  const parts: SQL[] = [];
  if (!filter.includeInactive) parts.push(sql`p.status`);
  if (filter.skuContains) parts.push(sql`p.sku ilike ${containsPattern(filter.skuContains)}`);
  if (filter.categoryId !== undefined) parts.push(sql`p.category_id = ${filter.categoryId}`);
  if (filter.favoritesOf !== undefined) {
    parts.push(
      sql`exists (select 1 from favorites fo where fo.user_id = ${filter.favoritesOf} and fo.product_id = p.id)`,
    );
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * Newest first. The ORDER BY matches the (status, created_at DESC NULLS LAST, id DESC NULLS LAST) and
 * (category_id, ...) indexes exactly, so PostgreSQL walks an index and stops after the page; the per-row
 * subqueries (gallery, is_favorited) run only for the rows of the page, not for the skipped ones. The
 * storefront's plain list, its most asked page, takes its ids from `active_product_page` (migration 0020),
 * whose plan each connection keeps: with the page's LIMIT and OFFSET inside that function, this statement
 * has no parameter a plan depends on, and PostgreSQL plans it once per connection too, not at every run.
 * A category's page is planned at every run: how many products a category has decides its plan.
 */
export async function selectProductPage(
  db: DbOrTx,
  filter: ProductFilter,
  viewerId: number | undefined,
  limit: number,
  offset: number,
): Promise<ProductRow[]> {
  const activeList =
    filter.favoritesOf === undefined && filter.categoryId === undefined && !filter.includeInactive;
  const shape = [
    'catalog:page',
    filter.favoritesOf !== undefined,
    filter.categoryId !== undefined,
    !!filter.includeInactive,
    !!viewerId,
  ].join(':');
  const result = await shapedQuery<ProductRow>(
    db,
    shape,
    (bind) => {
      if (activeList) {
        return sql`
    select ${productColumns(viewerId ? bind('viewerId') : undefined)}
    from active_product_page(${bind('limit')}, ${bind('offset')}) with ordinality pg(id, n)
    join products p on p.id = pg.id
    order by pg.n`;
      }
      const where = filterConditions({
        ...filter,
        categoryId: filter.categoryId === undefined ? undefined : bind('categoryId'),
        favoritesOf: undefined,
      });
      // A wishlist lists the latest like first.
      const page =
        filter.favoritesOf !== undefined
          ? sql`select p.id, fl.created_at as sort_at from products p
        join favorites fl on fl.product_id = p.id and fl.user_id = ${bind('favoritesOf')}
        where ${where}
        order by fl.created_at desc, p.id desc
        limit ${bind('limit')} offset ${bind('offset')}`
          : sql`select p.id, p.created_at as sort_at from products p
        where ${where}
        order by p.created_at desc nulls last, p.id desc nulls last
        limit ${bind('limit')} offset ${bind('offset')}`;
      return sql`
    select ${productColumns(viewerId ? bind('viewerId') : undefined)}
    from (${page}) pg join products p on p.id = pg.id
    order by pg.sort_at desc nulls last, pg.id desc nulls last`;
    },
    { limit, offset, categoryId: filter.categoryId, favoritesOf: filter.favoritesOf, viewerId },
    productRowOf,
  );
  return result.rows;
}

export async function countProducts(db: DbOrTx, filter: ProductFilter): Promise<number> {
  const result = await read<{ total: number }>(
    db,
    sql`select count(*)::int as total from products p where ${filterConditions(filter)}`,
  );
  return result.rows[0]?.total ?? 0;
}

/** Active products per category (null for uncategorised), as the triggers keep them; the list caches it briefly. */
export async function countActiveByCategory(db: DbOrTx): Promise<Map<number | null, number>> {
  const result = await read<{ category_id: number | null; total: number }>(
    db,
    sql`select nullif(c.category_key, 0) as category_id, c.active as total from category_product_counts c`,
  );
  return new Map(result.rows.map((r) => [r.category_id, r.total]));
}

/** The storefront's search of all its products: active ones, no category, no wishlist, no SKU filter. */
export const allActive = (filter: ProductFilter) =>
  filter.categoryId === undefined &&
  filter.favoritesOf === undefined &&
  !filter.includeInactive &&
  !filter.skuContains;

export interface SearchTerms {
  /** The whole search text, trimmed. */
  text: string;
  /** Its words, lower case, at most 8. */
  words: string[];
  /** The words the tsquery asks for, every group (any of its words) at once: [['oak'], ['cabinet', 'cable']]. */
  groups: string[][];
  /** A tsquery in to_tsquery syntax built from sanitized words ('ergonomic & chair'), or null. */
  tsquery: string | null;
  /** The same with the last word a prefix (someone still typing): 'ergonomic & cha:*'. */
  prefixTsquery: string | null;
  /** The lower-case text as a SKU prefix range (`lower(sku) ~>=~ from and lower(sku) ~<~ to`), or null if too short. */
  skuRange: { from: string; to: string } | null;
}

/**
 * 'fulltext': the tsquery as it is (whole words, or a word being typed already completed from the names'
 * vocabulary); 'prefix': the last word as a tsquery prefix, for a word no product name starts with.
 */
export type SearchMode = 'fulltext' | 'prefix';

function skuMatch(terms: SearchTerms): SQL {
  return terms.skuRange ? skuRangeMatch(terms.skuRange.from, terms.skuRange.to) : sql`false`;
}

/** A SKU in a prefix range of its lower-case form (the range the lower(sku) index reads). */
const skuRangeMatch = (from: unknown, to: unknown) =>
  sql`(lower(p.sku) ~>=~ ${from} and lower(p.sku) ~<~ ${to})`;

/**
 * A search of one whole word over the storefront's active products reads its name matches from search_postings
 * in rank order: the best cap + 1 of them are a range of the (lexeme, rank, created_at, product_id) index, the
 * same products and order the ranking below gives, at the cost of cap + 1 index entries however many names have
 * the word (a GIN match builds the set of all of them before the limit applies). A word of the search text is
 * letters and digits only, one token and so at most one lexeme (none for a stop word: nothing matches, as with
 * the GIN index); the lexeme is an immutable expression of the word, folded to a constant when the statement is
 * planned, so the planner sees how many rows the word has (compared to an unknown value it guessed a handful and
 * sorted a bitmap of them all). Several words, a completion ('oak & (cabinet | cable)'), a prefix, a category, the wishlist or
 * the back-office's inactive products go through the GIN index.
 */
function inRankOrder(tsquery: string, mode: SearchMode, filter: ProductFilter): boolean {
  return mode === 'fulltext' && /^[\p{L}\p{N}]+$/u.test(tsquery) && allActive(filter);
}

/**
 * The candidates of a search with their rank (a CTE list ending in `candidates(id, created_at, named, rank)`, at
 * most 2 * (cap + 1) rows).
 *
 * Every word matches a word of the name, SKU or description ('prefix': the last word as a prefix, tried only
 * when the names' vocabulary has no word starting with it: a GIN prefix match reads the posting lists of every
 * word with that start, many times the cost of whole words). The candidates are taken first from the name and
 * SKU matches (the `name_vector` GIN index, or a SKU prefix through the lower(sku) btree), then, when those are
 * fewer than the cap, from the description-only matches. Each scan stops after cap + 1 rows, so a broad word
 * costs the same as a narrow one. Ranked: name or SKU matches first, then by ts_rank (name and SKU weigh more than the
 * description), then newest.
 */
function searchParts(terms: SearchTerms, mode: SearchMode, filter: ProductFilter, cap: number): SQL {
  const where = filterConditions(filter);
  const tsquery = tsqueryOf(terms, mode);
  if (!tsquery) {
    // No word at all (punctuation only): the SKU prefix alone.
    return sql`candidates as materialized (
        select p.id, p.created_at, true as named, 0::real as rank from products p
        where ${where} and ${skuMatch(terms)} limit ${cap + 1}
      )`;
  }
  const tsq = sql`to_tsquery('english', ${tsquery})`;
  const named = sql`(p.name_vector @@ ${tsq} or ${skuMatch(terms)})`;
  // Each candidate is ranked as its scan reads it (no second visit of the product by id).
  const namedCte = inRankOrder(tsquery, mode, filter)
    ? sql`named as materialized (
      (select s.product_id as id, s.created_at, true as named, s.rank from search_postings s
        where s.lexeme = (tsvector_to_array(to_tsvector('english', ${tsquery})))[1]
        order by s.rank desc nulls last, s.created_at desc nulls last, s.product_id desc nulls last
        limit ${cap + 1})
      union
      (select p.id, p.created_at, true as named, ts_rank(p.search_vector, ${tsq}) as rank
        from products p where ${where} and ${skuMatch(terms)} limit ${cap + 1})
    )`
    : sql`named as materialized (
      select p.id, p.created_at, true as named, ts_rank(p.search_vector, ${tsq}) as rank
      from products p where ${where} and ${named}
      limit ${cap + 1}
    )`;
  return sql`${namedCte}, more as materialized (
      select p.id, p.created_at, false as named, ts_rank(p.search_vector, ${tsq}) as rank
      from products p where ${where} and p.search_vector @@ ${tsq} and not ${named}
        and (select count(*) from named) <= ${cap}
      limit ${cap + 1}
    ), candidates as (select * from named union all select * from more)`;
}

/**
 * Ids as one array parameter, written as PostgreSQL's array text ('{1,2,3}') at once: node-postgres writes a
 * JavaScript array element by element, escaping each, which cost a tenth of the server's time per search with the
 * index's thousand or so candidates.
 */
const idText = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** What the in-memory index (search-index.ts) found: ids whose name has the words, and ids whose description adds them. */
export interface FoundIds {
  named: number[];
  more: number[];
}

export interface SearchPage {
  rows: ProductRow[];
  /** The number of matches, at most `cap`; null when the page is past the last. */
  total: number | null;
  /** More than `cap` products match: `total` is the cap. */
  capped: boolean;
}

/**
 * The candidates of a search of the ids the in-memory index found (`candidates(id, created_at, named, rank)`, as
 * searchParts ends): each id checked against the words before it is ranked. The checks are written `(...) is true`,
 * which no index serves, so the rows are read by id: a word index scan with the ids as a filter read every product
 * with the words (9,050 of them for 'heavy heavy chair', where the index had found 1,101). Its text depends only on
 * whether the search has a SKU range, so it is built and named once (shapedQuery) and prepared: its plan is the same
 * whatever the words. The tsquery is a subquery, computed once per run, where a generic plan's `to_tsquery($1)` is
 * parsed again for every row. The index answers the storefront's plain search only (service.ts, foundInMemory):
 * active products, no category, no wishlist.
 */
function foundParts(bind: Bind, withSku: boolean): SQL {
  const tsq = sql`(select to_tsquery('english', ${bind('tsquery')}))`;
  const sku = withSku ? skuRangeMatch(bind('skuFrom'), bind('skuTo')) : sql`false`;
  const named = sql`(p.name_vector @@ ${tsq} or ${sku})`;
  return sql`named as materialized (
      select * from (
        (select p.id, p.created_at, true as named, ts_rank(p.search_vector, ${tsq}) as rank
          from products p where p.id = any(${bind('named')}::int[]) and p.status
            and (p.name_vector @@ ${tsq}) is true)
        union
        (select p.id, p.created_at, true as named, ts_rank(p.search_vector, ${tsq}) as rank
          from products p where p.status and ${sku} limit ${bind('scan')})
      ) n limit ${bind('scan')}
    ), more as materialized (
      select p.id, p.created_at, false as named, ts_rank(p.search_vector, ${tsq}) as rank
      from products p where p.id = any(${bind('more')}::int[]) and p.status
        and (p.search_vector @@ ${tsq}) is true and not ${named} and (select count(*) from named) <= ${bind('cap')}
      limit ${bind('scan')}
    ), candidates as (select * from named union all select * from more)`;
}

/** A search the in-memory index answered, as one page of rows or the count alone. */
type FoundStatement = 'rows' | 'count';

/**
 * Runs a statement over the in-memory index's candidates (foundParts): its shape is the statement, whether the
 * search has a SKU range and whether a viewer's wishlist marks the rows; every value is bound.
 */
function queryFound<T extends Record<string, unknown>>(
  db: DbOrTx,
  statement: FoundStatement,
  search: { terms: SearchTerms; tsquery: string; filter: ProductFilter; found: FoundIds },
  page: { limit: number; offset: number; cap: number; viewerId?: number },
  fromValues: (values: unknown[]) => T,
): Promise<{ rows: T[] }> {
  const { terms, filter, found } = search;
  if (!allActive(filter)) throw new Error('The in-memory index answers searches of all active products only');
  const withSku = terms.skuRange !== null;
  const viewer = page.viewerId !== undefined;
  return shapedQuery<T>(
    db,
    `catalog:found:${statement}:${withSku}:${viewer}`,
    (bind) => {
      const parts = foundParts(bind, withSku);
      if (statement === 'count') return sql`with ${parts} select count(*)::int as total from candidates`;
      return sql`${searchPageCtes(parts, bind('limit'), bind('offset'))}
        select ${productColumns(viewer ? bind('viewerId') : undefined)}, (select count(*) from candidates)::int as total
        from page r join products p on p.id = r.id order by ${SEARCH_ORDER}`;
    },
    {
      tsquery: search.tsquery,
      skuFrom: terms.skuRange?.from,
      skuTo: terms.skuRange?.to,
      named: idText(found.named),
      more: idText(found.more),
      scan: page.cap + 1,
      cap: page.cap,
      limit: pageLimit(page.limit, page.offset, page.cap),
      offset: page.offset,
      viewerId: page.viewerId,
    },
    fromValues,
  );
}

/** A page's rows stop at the cap: the pager offers no page past it. */
const pageLimit = (limit: number, offset: number, cap: number) => Math.max(0, Math.min(limit, cap - offset));

/** The CTEs of one page of ranked matches: `page(id, created_at, named, rank)` and `candidates`. */
function searchPageCtes(ctes: SQL, limit: unknown, offset: unknown): SQL {
  return sql`with ${ctes}, page as (
      select r.* from candidates r order by ${SEARCH_ORDER} limit ${limit} offset ${offset}
    )`;
}
const SEARCH_ORDER = sql`r.named desc, r.rank desc, r.created_at desc, r.id desc`;

function searchPage<R>(rows: (R & { total: number })[], cap: number) {
  const count = rows[0]?.total;
  return {
    rows,
    total: count === undefined ? null : Math.min(count, cap),
    capped: count !== undefined && count > cap,
  };
}

/** The tsquery of a search in a mode (searchParts); the in-memory index is asked in 'fulltext' mode only. */
const tsqueryOf = (terms: SearchTerms, mode: SearchMode) =>
  mode === 'prefix' ? terms.prefixTsquery : terms.tsquery;

/** What queryFound needs of a search, when the index found its candidates and the search has words. */
function foundSearch(
  terms: SearchTerms,
  mode: SearchMode,
  filter: ProductFilter,
  found: FoundIds | undefined,
) {
  const tsquery = tsqueryOf(terms, mode);
  return found && tsquery ? { terms, tsquery, filter, found } : undefined;
}

/** A search's row: a product row and, after its columns, the number of matches. */
const searchRowOf = (v: unknown[]): ProductRow & { total: number } => ({
  ...productRowOf(v),
  total: v[10] as number,
});

/**
 * One page of the best `cap` matches of a search and their number. The candidates are ranked narrow (id, date,
 * rank); only the page's rows are read whole, and the total is counted from the same candidates.
 */
export async function searchProductPage(
  db: DbOrTx,
  terms: SearchTerms,
  mode: SearchMode,
  filter: ProductFilter,
  viewerId: number | undefined,
  limit: number,
  offset: number,
  cap: number,
  found?: FoundIds,
): Promise<SearchPage> {
  const inMemory = foundSearch(terms, mode, filter, found);
  const result = inMemory
    ? await queryFound(db, 'rows', inMemory, { limit, offset, cap, viewerId }, searchRowOf)
    : await read<ProductRow & { total: number }>(
        db,
        sql`${searchPageCtes(searchParts(terms, mode, filter, cap), pageLimit(limit, offset, cap), offset)}
    select ${productColumns(viewerId)}, (select count(*) from candidates)::int as total
    from page r join products p on p.id = r.id
    order by ${SEARCH_ORDER}`,
        { prepared: false },
      );
  return searchPage(result.rows, cap);
}

/**
 * The same page as searchProductPage, as product ids in rank order (the back-office reads its own columns). The
 * back-office searches inactive products too, which the in-memory index does not hold, so the database answers.
 */
export async function searchProductIds(
  db: DbOrTx,
  terms: SearchTerms,
  mode: SearchMode,
  filter: ProductFilter,
  limit: number,
  offset: number,
  cap: number,
): Promise<{ rows: { id: number }[]; total: number | null; capped: boolean }> {
  const result = await read<{ id: number; total: number }>(
    db,
    sql`${searchPageCtes(searchParts(terms, mode, filter, cap), pageLimit(limit, offset, cap), offset)}
    select r.id, (select count(*) from candidates)::int as total from page r order by ${SEARCH_ORDER}`,
    { prepared: false },
  );
  return searchPage(result.rows, cap);
}

/** How many products match a search, at most `cap` (and whether more do). */
export async function countSearchMatches(
  db: DbOrTx,
  terms: SearchTerms,
  mode: SearchMode,
  filter: ProductFilter,
  cap: number,
  found?: FoundIds,
): Promise<{ total: number; capped: boolean }> {
  const inMemory = foundSearch(terms, mode, filter, found);
  const result = inMemory
    ? await queryFound(db, 'count', inMemory, { limit: 0, offset: 0, cap }, (v) => ({
        total: v[0] as number,
      }))
    : await read<{ total: number }>(
        db,
        sql`with ${searchParts(terms, mode, filter, cap)} select count(*)::int as total from candidates`,
        { prepared: false },
      );
  const count = result.rows[0]?.total ?? 0;
  return { total: Math.min(count, cap), capped: count > cap };
}

export async function selectActiveProductBySlug(
  db: DbOrTx,
  slug: string,
  viewerId: number | undefined,
): Promise<ProductRow | undefined> {
  const result = await read<ProductRow>(
    db,
    sql`
    select ${productColumns(viewerId)} from products p where p.slug = ${slug} and p.status limit 1`,
  );
  return result.rows[0];
}

export async function selectRelatedProducts(
  db: DbOrTx,
  product: { id: number; category_id: number | null },
  viewerId: number | undefined,
  limit: number,
): Promise<ProductRow[]> {
  if (product.category_id === null) return [];
  const result = await read<ProductRow>(
    db,
    sql`
    select ${productColumns(viewerId)} from products p
    where p.status and p.category_id = ${product.category_id} and p.id <> ${product.id}
    order by p.created_at desc nulls last, p.id desc nulls last
    limit ${limit}`,
  );
  return result.rows;
}

/**
 * The names' vocabulary (search_words, kept by triggers on products): each word with how many active products
 * use it; what words being typed are completed to and misspelled search words corrected against.
 */
export async function selectSearchWords(db: DbOrTx): Promise<Map<string, number>> {
  const result = await read<{ word: string; products: number }>(
    db,
    sql`select w.word, w.products from search_words w`,
  );
  return new Map(result.rows.map((r) => [r.word, r.products]));
}

/**
 * The known word most like `word` by trigram similarity (above pg_trgm's threshold, the nearest first through search_words' GiST trigram
 * index), or null: a word with several typos that the edit distance does not forgive.
 */
export async function selectSimilarWord(db: DbOrTx, word: string): Promise<string | null> {
  const result = await read<{ word: string }>(
    db,
    sql`select w.word from search_words w where w.word % ${word}
        order by w.word <-> ${word}, w.products desc, w.word limit 1`,
  );
  return result.rows[0]?.word ?? null;
}

/** Which of these products the user has on their wishlist. */
export async function selectFavoritedIds(
  db: DbOrTx,
  userId: number,
  productIds: number[],
): Promise<Set<number>> {
  const result = await read<{ product_id: number }>(
    db,
    sql`select f.product_id from favorites f where f.user_id = ${userId} and f.product_id = any(${sql.param(productIds)}::int[])`,
  );
  return new Set(result.rows.map((r) => r.product_id));
}

export async function isActiveProduct(db: DbOrTx, id: number): Promise<boolean> {
  const result = await read(db, sql`select 1 from products p where p.id = ${id} and p.status`);
  return result.rows.length > 0;
}

export async function selectCategories(db: DbOrTx): Promise<{ id: number; name: string }[]> {
  const result = await read<{ id: number; name: string }>(
    db,
    sql`select c.id, c.name from categories c order by c.position, c.name`,
  );
  return result.rows;
}

/** Active products for the sitemap, newest change first. */
export async function selectActiveProductSlugs(
  db: DbOrTx,
  limit: number,
): Promise<{ slug: string; updated_at: Date }[]> {
  const result = await read<{ slug: string; updated_at: Date }>(
    db,
    sql`select p.slug, p.updated_at from products p where p.status order by p.updated_at desc, p.id desc limit ${limit}`,
  );
  return result.rows;
}

/** The words of one product as the in-memory search index holds them (search-index.ts). */
export type IndexedProduct = {
  id: number;
  status: boolean;
  /** The lexemes of the name and SKU. */
  names: string[];
  /** The lexemes of the name, SKU and description. */
  words: string[];
};

/**
 * The columns of an IndexedProduct, each product's lexemes as one space-separated text (the parser of the search's
 * text configuration never makes a lexeme with a space in it).
 */
const INDEXED_COLUMNS = sql`p.id, p.status, array_to_string(tsvector_to_array(p.name_vector), ' ') as names,
  array_to_string(tsvector_to_array(p.search_vector), ' ') as words`;

const lexemesOf = (text: string): string[] => (text ? text.split(' ') : []);

/**
 * Reads products for the in-memory index as rows of plain values (pg's array row mode, the lexemes as text split
 * here), not through the row objects and array parser every storefront answer is read with. A build holds 20,000
 * products at a time for as long as it reads them: had they come from those shared places, V8 would learn there
 * that what they make lives long and move the storefront's own rows and gallery arrays to the old generation in
 * every later collection (bench/HISTORY.md, "The index build's rows taught the collector").
 */
async function readIndexed(db: DbOrTx, query: SQL): Promise<IndexedProduct[]> {
  const { rows } = await read(db, query, { prepared: false, values: true });
  return rows.map(([id, status, names, words]) => ({
    id: id as number,
    status: status as boolean,
    names: lexemesOf(names as string),
    words: lexemesOf(words as string),
  }));
}

/** The database's clock and the largest product id: where a build of the in-memory index starts. */
export async function selectIndexStart(db: DbOrTx): Promise<{ at: Date; maxId: number }> {
  const result = await read<{ at: Date; max_id: number | null }>(
    db,
    sql`select now() as at, (select max(p.id) from products p) as max_id`,
  );
  return { at: result.rows[0]!.at, maxId: result.rows[0]!.max_id ?? 0 };
}

/** Active products with ids in (afterId, upTo], ascending, at most `limit`, with their lexemes. */
export async function selectIndexedProducts(
  db: DbOrTx,
  afterId: number,
  upTo: number,
  limit: number,
): Promise<IndexedProduct[]> {
  return readIndexed(
    db,
    sql`select ${INDEXED_COLUMNS}
        from products p where p.status and p.id > ${afterId} and p.id <= ${upTo} order by p.id limit ${limit}`,
  );
}

/**
 * The products changed since `since` (active or not), the ids of those deleted since (product_deletions), and the
 * database's clock when they were read.
 */
export async function selectChangedProducts(
  db: DbOrTx,
  since: Date,
): Promise<{ at: Date; products: IndexedProduct[]; deleted: number[] }> {
  const clock = await read<{ at: Date }>(db, sql`select now() as at`);
  // Unprepared, so planned for the moment given: a generic plan guesses a third of the catalogue changed and reads it all.
  const changed = await readIndexed(
    db,
    sql`select ${INDEXED_COLUMNS} from products p where p.updated_at > ${since}`,
  );
  const deleted = await read<{ id: number }>(
    db,
    sql`select d.product_id as id from product_deletions d where d.deleted_at > ${since}`,
    { prepared: false },
  );
  return { at: clock.rows[0]!.at, products: changed, deleted: deleted.rows.map((r) => r.id) };
}

/** Each word's lexemes as the search's text configuration stems it (none for a stop word). */
export async function selectLexemes(db: DbOrTx, words: string[]): Promise<Map<string, string[]>> {
  const result = await read<{ word: string; lexemes: string[] }>(
    db,
    sql`select w.word, tsvector_to_array(to_tsvector('english', w.word)) as lexemes
        from unnest(${sql.param(words)}::text[]) as w(word)`,
    { prepared: false },
  );
  return new Map(result.rows.map((r) => [r.word, r.lexemes]));
}
