import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('categories_name_unique').on(t.name), uniqueIndex('categories_slug_unique').on(t.slug)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    sku: text('sku').notNull(),
    description: text('description').notNull().default(''),
    // Exact money: numeric(12,2), read as a string and never as a float.
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    status: boolean('status').notNull().default(true),
    photoKey: text('photo_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(${products.name}, '')), 'A') || setweight(to_tsvector('english', coalesce(${products.sku}, '')), 'A') || setweight(to_tsvector('english', coalesce(${products.description}, '')), 'C')`,
    ),
    // The name and SKU alone: the search takes its first candidates from here, so a word found in many
    // descriptions but few names costs no more than the names that have it.
    nameVector: tsvector('name_vector').generatedAlwaysAs(
      (): SQL =>
        sql`to_tsvector('english', coalesce(${products.name}, '') || ' ' || coalesce(${products.sku}, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('products_slug_unique').on(t.slug),
    index('products_active_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('products_category_created_idx').on(t.categoryId, t.createdAt.desc(), t.id.desc()),
    // The back-office's product list: every product, active or not, newest first, read backwards (without it, a page
    // of a million products sorted them all: 483 ms). Ascending, so that its backward scan gives the list's
    // `created_at desc, id desc` (nulls first), which the descending-nulls-last indexes above cannot.
    index('products_created_idx').on(t.createdAt, t.id),
    // The products changed since a moment (each instance's in-memory search index reads them every few seconds),
    // and the sitemap's latest changes first.
    index('products_updated_idx').on(t.updatedAt, t.id),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_name_search_idx').using('gin', t.nameVector),
    // SKUs are unique whatever their case, and a SKU prefix ('bn-00042') is a range scan of this index.
    uniqueIndex('products_sku_lower_unique').using('btree', sql`lower(${t.sku}) text_pattern_ops`),
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('products_sku_trgm_idx').using('gin', t.sku.op('gin_trgm_ops')),
    check('products_stock_check', sql`${t.stockQuantity} >= 0`),
    check('products_price_check', sql`${t.price} >= 0`),
  ],
);

/**
 * How many active products each category has (`category_key` 0: the products without a category), for the
 * storefront's page counts and totals. Kept exact by statement triggers on products (custom migration
 * `category-counts-triggers`), in the transaction of the write: counting a million products' categories took a
 * parallel scan of the whole table (over 200 ms of CPU on three processes), which every instance ran every few
 * seconds.
 */
export const categoryProductCounts = pgTable('category_product_counts', {
  categoryKey: integer('category_key').primaryKey(),
  active: integer('active').notNull(),
});

/**
 * The products deleted lately, by id: each instance's in-memory search index (modules/catalog/search-index.ts)
 * reads them with the changed products, since a deleted row has no `updated_at` to be found by, and stops offering
 * them as candidates before its next rebuild. Filled by a statement trigger on products (custom migration
 * `product-deletions-trigger`); the retention job deletes rows older than a day.
 */
export const productDeletions = pgTable(
  'product_deletions',
  {
    productId: integer('product_id').primaryKey(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_deletions_deleted_idx').on(t.deletedAt)],
);

/**
 * The vocabulary of the active products' names: each word (lower case, letters and digits, at least 3 characters,
 * not all digits) with the number of active products whose name has it. Kept exact by statement triggers on
 * products (custom migration `search-words-triggers`), in the transaction of the write. Each instance keeps it in
 * memory for a short while (modules/catalog/service.ts): the search corrects misspelled words and completes a word
 * being typed against that copy, never against the names themselves.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    products: integer('products').notNull(),
  },
  (t) => [
    // The closest known word to a word no product name has: a GiST trigram index answers `order by word <-> $1
    // limit 1` by walking the index (the planner takes a GIN trigram index for dearer than reading the table,
    // and scoring every word of a large vocabulary costs ten times the index).
    index('search_words_trgm_idx').using('gist', t.word.op('gist_trgm_ops')),
  ],
);

/**
 * The name index in rank order: one row per active product and word of its name or SKU as the search stems it
 * (the lexemes of `name_vector`), with the product's rank for that word alone (`ts_rank(search_vector, word)`,
 * which the description's mentions raise) and its creation date. A one-word search reads its best candidates as
 * a range of the (lexeme, rank, created_at, product_id) index and stops after the cap, however many names have
 * the word (a GIN match builds the set of every one first). Kept exact by statement triggers on products (custom
 * migration `search-postings-triggers`), in the transaction of the write.
 */
export const searchPostings = pgTable(
  'search_postings',
  {
    lexeme: text('lexeme').notNull(),
    productId: integer('product_id').notNull(),
    rank: real('rank').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.lexeme] }),
    index('search_postings_rank_idx').on(t.lexeme, t.rank.desc(), t.createdAt.desc(), t.productId.desc()),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    imageKey: text('image_key').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Every product card reads its gallery in order from this index alone (an index-only scan, no sort); image_key is
  // a key column because drizzle cannot declare INCLUDE columns.
  (t) => [index('product_images_gallery_idx').on(t.productId, t.position, t.id, t.imageKey)],
);
