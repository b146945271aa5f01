import { EMAIL_VERIFICATION_TTL_MS, VERIFICATION_MESSAGES, type VerifyEmailResponse } from '@shop/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/connection';
import type { AuthContext } from '../../platform/auth/sessions';
import { generateToken, hashToken } from '../../platform/auth/tokens';
import { AppError, conflict } from '../../platform/errors';
import { enqueueMail, simpleHtml } from '../../platform/mail/queue';
import { claimGuestDesigns } from '../designs/claim-guest-designs';
import * as q from './verification-queries';

/**
 * E-mail verification. An account proves its address by following a single-use link mailed to it (only the
 * token's SHA-256 is stored; it expires after EMAIL_VERIFICATION_TTL_MS). Until then the account works as any
 * other, but nothing that belongs to the address (designs sent as a guest with it) is given to it: verifying
 * attaches them.
 */

/** Inside the caller's transaction: a new verification link for the account's current address, mailed to it. */
export async function mailVerificationLink(
  ctx: AppContext,
  tx: DbOrTx,
  user: { id: number; name: string; email: string },
  /** The address replaced another one (an admin's own profile), rather than being the one registered with. */
  changed = false,
): Promise<void> {
  const token = generateToken();
  await q.insertVerificationToken(tx, {
    userId: user.id,
    email: user.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_MS),
  });
  const link = `${ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const paragraphs = changed
    ? [
        `Hello ${user.name},`,
        `Please confirm that ${user.email} is your new e-mail address. The link below is valid for 24 hours and can be used once; until it is followed, no password reset is mailed to this address.`,
        'If you did not change your address, you can ignore this e-mail.',
      ]
    : [
        `Hello ${user.name},`,
        `Please confirm that ${user.email} is your e-mail address. The link below is valid for 24 hours and can be used once.`,
        'Designs you sent us as a guest with this address are added to your account once it is confirmed.',
        'If you did not create an account, you can ignore this e-mail.',
      ];
  await enqueueMail(tx, {
    to: user.email,
    subject: `Verify your e-mail address for ${ctx.config.appName}`,
    text: `${paragraphs.join('\n\n')}\n\nVerify your e-mail address: ${link}\n`,
    html: simpleHtml(ctx.config.appName, paragraphs, { label: 'Verify e-mail address', url: link }),
    kind: 'email_verification',
    ref: String(user.id),
  });
}

/** The customer area's 'send the link again' (rate-limited per account). */
export async function resendVerificationLink(ctx: AppContext, auth: AuthContext): Promise<void> {
  if (auth.user.emailVerifiedAt) throw conflict(VERIFICATION_MESSAGES.alreadyVerified);
  await ctx.limits.consume('verificationResend', String(auth.user.id));
  await ctx.database.db.transaction((tx) => mailVerificationLink(ctx, tx, auth.user));
}

/**
 * Follows a verification link: 400 for an unknown token, 410 for a used or expired one or one mailed to an
 * address the account no longer has. Verifying uses up every open link of the account and attaches the guest
 * designs sent with the address.
 */
export async function verifyEmail(ctx: AppContext, token: string): Promise<VerifyEmailResponse> {
  return ctx.database.db.transaction(async (tx) => {
    const row = await q.findVerificationToken(tx, hashToken(token));
    if (!row) throw new AppError(400, VERIFICATION_MESSAGES.linkInvalid);
    if (row.usedAt) throw new AppError(410, VERIFICATION_MESSAGES.linkUsed);
    if (row.expiresAt.getTime() <= Date.now()) throw new AppError(410, VERIFICATION_MESSAGES.linkExpired);
    if (!(await q.markEmailVerified(tx, row.userId, row.email)))
      throw new AppError(410, VERIFICATION_MESSAGES.linkStale);
    await q.useVerificationTokens(tx, row.userId);
    const claimed = row.role === 'user' ? await claimGuestDesigns(tx, row.userId, row.email) : 0;
    return {
      message: claimed ? VERIFICATION_MESSAGES.verifiedWithDesigns(claimed) : VERIFICATION_MESSAGES.verified,
      claimed_designs: claimed,
    };
  });
}
