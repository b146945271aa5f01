import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { users } from '../../db/schema/users';
import { emailVerificationTokens } from '../../db/schema/verification';

export async function insertVerificationToken(
  db: DbOrTx,
  values: { userId: number; email: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailVerificationTokens).values(values);
}

/** The token's row with its account's current address, locked until the transaction ends. */
export async function findVerificationToken(db: DbOrTx, tokenHash: string) {
  const rows = await db
    .select({
      id: emailVerificationTokens.id,
      userId: emailVerificationTokens.userId,
      email: emailVerificationTokens.email,
      expiresAt: emailVerificationTokens.expiresAt,
      usedAt: emailVerificationTokens.usedAt,
      accountEmail: users.email,
      role: users.role,
    })
    .from(emailVerificationTokens)
    .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
    .where(eq(emailVerificationTokens.tokenHash, tokenHash))
    .limit(1)
    .for('update', { of: emailVerificationTokens });
  return rows[0] ?? null;
}

/** Uses up every open link of the account (the one followed and any older ones). */
export async function useVerificationTokens(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(emailVerificationTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailVerificationTokens.userId, userId), isNull(emailVerificationTokens.usedAt)));
}

/** Marks the address verified, only if it is still the account's; answers whether it is. */
export async function markEmailVerified(db: DbOrTx, userId: number, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .returning({ id: users.id });
  return rows.length > 0;
}
