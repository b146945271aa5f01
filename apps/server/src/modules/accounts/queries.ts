import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { USER_STATUS } from '@shop/contracts';
import type { DbOrTx } from '../../db/connection';
import { passwordResetTokens, users } from '../../db/schema/users';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const rows = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: DbOrTx, id: number) {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The password and status a new session is made against, under a share lock that a password's change waits for. */
export async function lockUserForSession(db: DbOrTx, id: number) {
  const rows = await db
    .select({ passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(eq(users.id, id))
    .for('share');
  return rows[0] ?? null;
}

export async function insertUser(
  db: DbOrTx,
  values: {
    name: string;
    email: string;
    passwordHash: string;
    role?: 'user' | 'admin';
    phone?: string | null;
    emailVerifiedAt?: Date | null;
  },
) {
  const rows = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return rows[0] ?? null;
}

export async function updatePasswordHash(db: DbOrTx, userId: number, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/**
 * Stores a reset link's token; false, storing nothing, when the account is no longer active (a deactivation that
 * committed after the request's lookup).
 */
export async function insertResetToken(
  db: DbOrTx,
  userId: number,
  tokenHash: string,
  expiresAt: Date,
): Promise<boolean> {
  // One live link at a time: a new request voids the older ones. Links are made after the answer, so two requests
  // may run at once: the user's row lock orders them, and the later one voids the earlier one's link. The lock also
  // orders the link after a deactivation under way, which voids the account's links.
  const [row] = await db
    .select({ status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (row?.status !== USER_STATUS.active) return false;
  await voidResetTokens(db, userId);
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
  return true;
}

/** Voids every reset link of an account. */
export async function voidResetTokens(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

/** Marks a valid, unused, unexpired token used and answers it; null when there is none. */
export async function consumeResetToken(db: DbOrTx, userId: number, tokenHash: string) {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: passwordResetTokens.id });
  return rows[0] ?? null;
}

/**
 * The account a valid (unused, unexpired) reset token of that e-mail belongs to; null otherwise. One indexed read,
 * the same whether the e-mail is known or not.
 */
export async function findResetTokenOwner(db: DbOrTx, email: string, tokenHash: string) {
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        eq(users.email, email.toLowerCase()),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}
