import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { users } from '../../db/schema/users';

export async function findProfile(db: DbOrTx, id: number, opts: { lock?: boolean } = {}) {
  const query = db.select().from(users).where(eq(users.id, id)).limit(1);
  const rows = opts.lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function emailTakenByAnother(db: DbOrTx, email: string, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Writes only the profile columns; role, status and password never travel this way. */
export async function updateProfile(
  db: DbOrTx,
  id: number,
  values: { name: string; email?: string; phone?: string; photoKey?: string },
) {
  const rows = await db
    .update(users)
    .set({ ...values, ...(values.email ? { email: values.email.toLowerCase() } : {}), updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return rows[0]!;
}
