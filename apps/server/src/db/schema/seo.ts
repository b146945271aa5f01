import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const pageMeta = pgTable(
  'page_meta',
  {
    id: serial('id').primaryKey(),
    // Normalised path without a leading slash; '' is the home page.
    path: text('path').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    keywords: text('keywords').notNull().default(''),
    image: text('image'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('page_meta_path_unique').on(t.path)],
);
