/**
 * The baseline for bench/catalog-load.ts: bare Fastify + node-postgres (no plugins, no validation, no ORM)
 * answering the same two URLs with the same SQL statements the shop runs per request (see
 * apps/server/src/modules/catalog/queries.ts): the page query, the per-category totals read at most every
 * 10 s, and for a search the full-text query with the trigram query as the fallback when it finds nothing.
 * Like the shop, it runs them as named prepared statements.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { correctSpelling } from '../apps/server/src/modules/catalog/spelling';

// As many connections as the shop's pool (bench-support.ts's startServer gives both servers the same size).
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 20),
});
const app = Fastify({ logger: false });
let statements = 0;
const names = new Map<string, string>();
function query<R extends pg.QueryResultRow>(text: string, values: unknown[]) {
  let name = names.get(text);
  if (!name) names.set(text, (name = `bare_${++statements}`));
  return pool.query<R>({ name, text, values });
}

const COLUMNS = `p.id, p.name, p.slug, p.description, p.photo_key, p.price::text as price, p.stock_quantity, p.category_id,
    array(select i.image_key from product_images i where i.product_id = p.id order by i.position, i.id) as gallery,
    false as is_favorited`;

// The page's ids come from the shop's active_product_page (migration 0020), as the shop's list takes them.
const LIST_SQL = `select ${COLUMNS}
    from active_product_page($1, $2) with ordinality pg(id, n)
    join products p on p.id = pg.id
    order by pg.n`;

const COUNTS_SQL = `select nullif(c.category_key, 0) as category_id, c.active as total from category_product_counts c`;

const FULLTEXT_SQL = `with matches as materialized (
      select p.id, p.created_at, ts_rank(p.search_vector, tsq) as rank from products p, to_tsquery('english', $1) tsq
      where p.status and (p.search_vector @@ tsq or p.sku ilike $2)
    ), ranked as (
      select m.id, m.created_at, m.rank from matches m
      order by m.rank desc, m.created_at desc, m.id desc
      limit $3 offset $4
    )
    select ${COLUMNS}, (select count(*) from matches)::int as total
    from ranked r join products p on p.id = r.id
    order by r.rank desc, r.created_at desc, r.id desc`;

// The typo fallback ranks at most 300 candidates, as the shop did before it corrected words against its vocabulary.
const fuzzySql = (words: number) => `with matches as materialized (
      select p.id, p.created_at, word_similarity($1, p.name) as rank from products p
      where p.status and ($1 <% p.name or ${Array.from({ length: words }, (_, i) => `$${i + 5} <% p.name or `).join('')}p.sku ilike $2)
      limit 300
    ), ranked as (
      select m.id, m.created_at, m.rank from matches m
      order by m.rank desc, m.created_at desc, m.id desc
      limit $3 offset $4
    )
    select ${COLUMNS}, (select count(*) from matches)::int as total
    from ranked r join products p on p.id = r.id
    order by r.rank desc, r.created_at desc, r.id desc`;

// Misspelled words are corrected against the product names' words as the shop does (the same SQL, cached 10 min,
// and the shop's pure correction function), before the trigram fallback.
const VOCABULARY_SQL = `select w.word, count(*)::int as uses
    from products p, regexp_split_to_table(lower(p.name), '[^[:alnum:]]+') as w(word)
    where p.status and length(w.word) >= 3 and w.word !~ '^[0-9]+$'
    group by w.word`;
let vocabularyCache: { at: number; value: Promise<Map<string, number>> } | undefined;
function vocabulary(): Promise<Map<string, number>> {
  if (!vocabularyCache || Date.now() - vocabularyCache.at > 600_000) {
    vocabularyCache = {
      at: Date.now(),
      value: query<{ word: string; uses: number }>(VOCABULARY_SQL, []).then(
        (r) => new Map(r.rows.map((row) => [row.word, row.uses])),
      ),
    };
  }
  return vocabularyCache.value;
}

let counts: { at: number; total: number } | undefined;
let refreshing: Promise<void> | undefined;
async function total(): Promise<number> {
  const refresh = () =>
    (refreshing ??= query<{ total: number }>(COUNTS_SQL, [])
      .then((r) => {
        counts = { at: Date.now(), total: r.rows.reduce((s, row) => s + row.total, 0) };
      })
      .finally(() => (refreshing = undefined)));
  if (!counts) await refresh();
  else if (Date.now() - counts.at >= 10_000) void refresh();
  return counts!.total;
}

type Row = {
  id: number;
  name: string;
  slug: string;
  description: string;
  photo_key: string | null;
  price: string;
  stock_quantity: number;
  gallery: string[];
  is_favorited: boolean;
  total?: number;
};
const toDto = (r: Row) => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  description: r.description,
  photo_url: r.photo_key ? `/media/${r.photo_key}/640.webp` : null,
  gallery_urls: r.gallery.map((k) => `/media/${k}/640.webp`),
  set_price: r.price,
  stock_quantity: r.stock_quantity,
  is_favorited: r.is_favorited,
});
const page = (rows: Row[], n: number, current: number, perPage: number) => {
  const last = Math.max(1, Math.ceil(n / perPage));
  return {
    data: rows.map(toDto),
    current_page: current,
    last_page: last,
    next_page_url: null,
    prev_page_url: null,
    total: n,
    per_page: perPage,
  };
};

app.get('/api/v1/frontend/products', async (request) => {
  const q = request.query as { page?: string; search?: string };
  const current = Math.max(1, Number(q.page ?? 1) || 1);
  const perPage = 9;
  const offset = (current - 1) * perPage;
  if (!q.search) {
    const [rows, n] = await Promise.all([query<Row>(LIST_SQL, [perPage, offset]), total()]);
    return page(rows.rows, n, current, perPage);
  }
  const text = q.search.trim().replace(/\s+/g, ' ').toLowerCase();
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const sku = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const fulltext = (w: string[], pattern: string) =>
    query<Row>(FULLTEXT_SQL, [w.map((x) => `${x}:*`).join(' & '), pattern, perPage, offset]);
  const found = await fulltext(words, sku);
  if (found.rows.length) return page(found.rows, found.rows[0]!.total!, current, perPage);
  const corrected = correctSpelling(words.slice(0, 8), await vocabulary());
  if (corrected) {
    const again = await fulltext(corrected, `%${corrected.join(' ')}%`);
    if (again.rows.length) return page(again.rows, again.rows[0]!.total!, current, perPage);
  }
  const fuzzyWords = [...new Set(words.filter((w) => w.length >= 4))].slice(0, 5);
  const fuzzy = await query<Row>(fuzzySql(fuzzyWords.length), [text, sku, perPage, offset, ...fuzzyWords]);
  return page(fuzzy.rows, fuzzy.rows[0]?.total ?? 0, current, perPage);
});

// BARE_PORT when it shares the shop's process (bench/catalog-layers.ts).
await app.listen({ port: Number(process.env.BARE_PORT ?? process.env.PORT), host: '127.0.0.1' });
console.info('ready');
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end().then(() => process.exit(0)));
});
