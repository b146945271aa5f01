import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** What `created_counts` counts: customer accounts, every product, active products. */
const SUBJECTS = ['customers', 'products', 'active_products'] as const;

/**
 * How many rows of each subject were created on each day (UTC), for the dashboard's totals and 30-day windows and
 * the back-office lists' unfiltered totals: counting 100,000 customers or 1,000,000 products on every dashboard load
 * took a scan of them all (35 ms and 260-400 ms). Kept exact by statement triggers on users and products (custom
 * migration `created-counts-triggers`), in the transaction of the write; a day left with none loses its row.
 */
export const createdCounts = pgTable(
  'created_counts',
  {
    subject: text('subject', { enum: SUBJECTS }).notNull(),
    day: date('day').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.subject, t.day] }),
    check(
      'created_counts_subject_check',
      sql`${t.subject} in (${sql.raw(SUBJECTS.map((subject) => `'${subject}'`).join(', '))})`,
    ),
  ],
);
