import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/connection';

/**
 * Holds a lock named by `key` until the transaction ends, so two transactions working on the same thing (an
 * address's mails, an owner's upload space, a proposal's versions) take turns and count each other's rows.
 */
export async function lockForTransaction(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
