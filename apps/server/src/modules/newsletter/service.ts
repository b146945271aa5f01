import { and, eq, isNull } from 'drizzle-orm';
import { NEWSLETTER_MESSAGES } from '@shop/contracts';
import type { AppContext } from '../../context';
import { newsletterSubscribers } from '../../db/schema/contact';
import { generateToken, hashToken } from '../../platform/auth/tokens';
import { enqueueMail, simpleHtml } from '../../platform/mail/queue';

/**
 * Subscribes an e-mail once. A second subscription of the same address answers the same message and
 * changes nothing, so the answer never tells whether an address is on the list.
 */
export async function subscribe(ctx: AppContext, email: string, ip: string): Promise<string> {
  await ctx.limits.consume('newsletter', ip);
  const token = generateToken();
  await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletterSubscribers)
      .values({ email, confirmTokenHash: hashToken(token) })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning({ id: newsletterSubscribers.id });
    if (!row) return;
    const link = `${ctx.config.publicUrl}/api/newsletter/confirm?token=${encodeURIComponent(token)}`;
    const paragraphs = [
      `Thank you for subscribing to the ${ctx.config.appName} newsletter.`,
      'Please confirm your subscription with the link below. If you did not ask for it, simply ignore this e-mail.',
    ];
    await enqueueMail(tx, {
      to: email,
      subject: `Confirm your subscription to ${ctx.config.appName}`,
      text: `${paragraphs.join('\n\n')}\n\nConfirm your subscription: ${link}\n`,
      html: simpleHtml(ctx.config.appName, paragraphs, { label: 'Confirm subscription', url: link }),
      kind: 'newsletter_confirm',
      ref: String(row.id),
    });
  });
  return NEWSLETTER_MESSAGES.subscribed;
}

/** Confirms the subscription the token belongs to; a token works once. */
export async function confirmSubscription(ctx: AppContext, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const rows = await ctx.database.db
    .update(newsletterSubscribers)
    .set({ confirmedAt: new Date(), confirmTokenHash: null })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, hashToken(token)),
        isNull(newsletterSubscribers.confirmedAt),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}
