import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { NEWSLETTER_MESSAGES } from '@shop/contracts';
import type { AppContext } from '../../context';
import { newsletterSubscribers } from '../../db/schema/contact';
import { networkOf } from '../../platform/client-address';
import { generateToken, hashToken } from '../../platform/auth/tokens';
import { enqueueMailCapped, simpleHtml } from '../../platform/mail/queue';

/** Confirmation mails one address gets in 24 hours: asking again sends a new link, not a flood of them. */
const CONFIRM_MAILS_PER_ADDRESS_PER_DAY = 3;

/**
 * Subscribes an e-mail once. Asking again for an address not yet confirmed sends a new confirmation link (the
 * earlier one stops working), so a link that expired or a mail that went astray does not keep the address off the
 * list for good; a confirmed address changes nothing. Every answer is the same message, so it never tells whether
 * an address is on the list.
 */
export async function subscribe(ctx: AppContext, email: string, ip: string): Promise<string> {
  await ctx.limits.consume('newsletter', networkOf(ip));
  const token = generateToken();
  await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletterSubscribers)
      .values({ email, confirmTokenHash: hashToken(token) })
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        set: { confirmTokenHash: hashToken(token), createdAt: sql`now()` },
        setWhere: isNull(newsletterSubscribers.confirmedAt),
      })
      .returning({ id: newsletterSubscribers.id });
    if (!row) return;
    const link = `${ctx.config.publicUrl}/api/newsletter/confirm?token=${encodeURIComponent(token)}`;
    const paragraphs = [
      `Thank you for subscribing to the ${ctx.config.appName} newsletter.`,
      'Please confirm your subscription with the link below. If you did not ask for it, simply ignore this e-mail.',
    ];
    await enqueueMailCapped(
      tx,
      {
        to: email,
        subject: `Confirm your subscription to ${ctx.config.appName}`,
        text: `${paragraphs.join('\n\n')}\n\nConfirm your subscription: ${link}\n`,
        html: simpleHtml(ctx.config.appName, paragraphs, { label: 'Confirm subscription', url: link }),
        kind: 'newsletter_confirm',
        ref: String(row.id),
      },
      CONFIRM_MAILS_PER_ADDRESS_PER_DAY,
    );
  });
  return NEWSLETTER_MESSAGES.subscribed;
}

/**
 * Confirms the subscription the token belongs to; a token works once, and for NEWSLETTER_CONFIRM_DAYS after it was
 * sent (the retention job clears the expired ones; until it runs they are refused here).
 */
export async function confirmSubscription(ctx: AppContext, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const rows = await ctx.database.db
    .update(newsletterSubscribers)
    .set({ confirmedAt: new Date(), confirmTokenHash: null })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, hashToken(token)),
        isNull(newsletterSubscribers.confirmedAt),
        gt(newsletterSubscribers.createdAt, new Date(Date.now() - ctx.config.newsletterConfirmMs)),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}
