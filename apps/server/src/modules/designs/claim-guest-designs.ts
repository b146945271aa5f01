import { and, eq, isNull, sql } from 'drizzle-orm';
import { DESIGN_CLAIM_TTL_MS, VERIFICATION_MESSAGES, type ClaimDesignResponse } from '@shop/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/connection';
import { designSubmissions } from '../../db/schema/designs';
import { designClaimTokens } from '../../db/schema/verification';
import type { AuthContext } from '../../platform/auth/sessions';
import { generateToken, hashToken } from '../../platform/auth/tokens';
import { AppError, forbidden } from '../../platform/errors';

/**
 * Guest designs join an account only through a proven address: when the account verifies the address they were
 * sent with (`claimGuestDesigns`, from accounts/email-verification.ts), or through the single-use claim link of
 * their 'design received' mail, followed by the signed-in, verified owner of that address. Signing up or in
 * alone never attaches anything.
 */

/** Attaches the designs a guest sent with this e-mail to the account that has just proven it owns the e-mail. */
export async function claimGuestDesigns(db: DbOrTx, userId: number, email: string): Promise<number> {
  const rows = await db
    .update(designSubmissions)
    .set({ userId })
    .where(and(isNull(designSubmissions.userId), eq(designSubmissions.email, email.toLowerCase())))
    .returning({ id: designSubmissions.id });
  return rows.length;
}

/** Inside the submission's transaction: the claim link of a guest's design, for its 'design received' mail. */
export async function createClaimLink(
  ctx: AppContext,
  tx: DbOrTx,
  design: { id: number; email: string },
): Promise<string> {
  const token = generateToken();
  await tx.insert(designClaimTokens).values({
    designId: design.id,
    email: design.email.toLowerCase(),
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + DESIGN_CLAIM_TTL_MS),
  });
  return `${ctx.config.publicUrl}/claim-design?token=${encodeURIComponent(token)}`;
}

/**
 * Follows a claim link as the signed-in customer: 400 for an unknown token, 410 for a used or expired one or a
 * design another account holds, 403 unless the customer's verified address is the design's. Only a success
 * uses the link up.
 */
export async function claimDesign(
  ctx: AppContext,
  auth: AuthContext,
  token: string,
): Promise<ClaimDesignResponse> {
  return ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: designClaimTokens.id,
        email: designClaimTokens.email,
        expiresAt: designClaimTokens.expiresAt,
        usedAt: designClaimTokens.usedAt,
        designId: designSubmissions.id,
        slug: designSubmissions.slug,
        ownerId: designSubmissions.userId,
      })
      .from(designClaimTokens)
      .innerJoin(designSubmissions, eq(designSubmissions.id, designClaimTokens.designId))
      .where(eq(designClaimTokens.tokenHash, hashToken(token)))
      .limit(1)
      .for('update');
    if (!row) throw new AppError(400, VERIFICATION_MESSAGES.linkInvalid);
    if (row.usedAt) throw new AppError(410, VERIFICATION_MESSAGES.linkUsed);
    if (row.expiresAt.getTime() <= Date.now()) throw new AppError(410, VERIFICATION_MESSAGES.linkExpired);
    if (auth.user.email.toLowerCase() !== row.email) throw forbidden(VERIFICATION_MESSAGES.claimOtherEmail);
    if (!auth.user.emailVerifiedAt) throw forbidden(VERIFICATION_MESSAGES.claimNeedsVerifiedEmail);
    if (row.ownerId !== null && row.ownerId !== auth.user.id)
      throw new AppError(410, VERIFICATION_MESSAGES.claimAlreadyOwned);
    await tx
      .update(designClaimTokens)
      .set({ usedAt: sql`now()` })
      .where(eq(designClaimTokens.id, row.id));
    // Already attached when the address was verified: the link still lands on the design.
    if (row.ownerId === null)
      await tx
        .update(designSubmissions)
        .set({ userId: auth.user.id })
        .where(and(eq(designSubmissions.id, row.designId), isNull(designSubmissions.userId)));
    return { message: VERIFICATION_MESSAGES.claimed(row.slug), design: { slug: row.slug } };
  });
}
