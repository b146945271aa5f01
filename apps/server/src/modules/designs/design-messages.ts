import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/connection';
import { enqueueMail, enqueueMailCapped, simpleHtml } from '../../platform/mail/queue';
import { cutText } from '../../platform/text-input';
import { activeAdminIds, createNotifications, type NotificationRow } from '../notifications/service';
import type { DesignRow } from './queries';
import { createClaimLink } from './claim-guest-designs';
import * as q from './queries';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Inside the submission's transaction: the submitter's 'design received' mail and a notification to every admin. */
export async function announceSubmission(
  ctx: AppContext,
  tx: DbOrTx,
  design: DesignRow,
): Promise<NotificationRow[]> {
  const guest = design.userId === null;
  // A guest's design joins an account only through this single-use link or a verified address.
  const link = guest
    ? await createClaimLink(ctx, tx, design)
    : `${ctx.config.publicUrl}/user/design-status/${design.slug}`;
  // Nothing the sender typed (name, title, description) goes into this mail: the address may not be theirs. The
  // claim link works only for an account that has confirmed the address, so the mail says what to do first. It
  // may say whether an account holds the address: it goes to that address, never to the sender.
  const paragraphs = [
    'Hello,',
    `Thank you! We received your design request. Its design number is ${design.slug}.`,
    'Our team reviews every submission and will get back to you with comments and recommendations.',
    !guest
      ? 'You can follow its status in your account at any time.'
      : (await q.hasUnverifiedAccount(tx, design.email))
        ? `To follow its status, read our comments and download our recommendations in your account, confirm this e-mail address (${design.email}) first: your account has not confirmed it yet. Log in and follow the link in our confirmation mail (the banner in your account sends it again). The design is then added to your account, and the link below opens it.`
        : `To follow its status, read our comments and download our recommendations, add it to your account: open the link below and log in with this e-mail address (${design.email}). No account yet? Create one with this address and confirm it with the link we mail you: the design is then added to it.`,
  ];
  // One address gets at most DESIGN_MAILS_PER_ADDRESS_PER_DAY of these a day (the submission itself is kept).
  await enqueueMailCapped(
    tx,
    {
      to: design.email,
      subject: `We received your design ${design.slug}`,
      text: `${paragraphs.join('\n\n')}\n\n${guest ? 'Add it to your account' : 'Follow your design'}: ${link}\n`,
      html: simpleHtml(ctx.config.appName, paragraphs, {
        label: guest ? 'Add it to your account' : 'Follow your design',
        url: link,
      }),
      kind: 'design_received',
      ref: String(design.id),
    },
    ctx.config.designMailsPerAddressPerDay,
  );
  const who = design.companyName ? `${design.name} (${design.companyName})` : design.name;
  return createNotifications(tx, await activeAdminIds(tx), {
    type: 'design_submission',
    message: `New design submission ${design.slug} from ${who}.`,
    design_id: design.id,
    slug: design.slug,
  });
}

export interface ReviewChanges {
  status?: { from: string; to: string };
  comment?: string;
  recommendationNotes?: boolean;
  filesAdded?: number;
  filesRemoved?: number;
}

function describeChanges(design: DesignRow, changes: ReviewChanges): string[] {
  const lines: string[] = [];
  if (changes.status)
    lines.push(`The status of your design ${design.slug} is now ${capitalize(changes.status.to)}.`);
  if (changes.comment !== undefined)
    lines.push(`We commented on your design ${design.slug}: "${cutText(changes.comment, 300, '...')}"`);
  if (changes.recommendationNotes)
    lines.push(`We updated our recommendations for your design ${design.slug}.`);
  if (changes.filesAdded)
    lines.push(
      `We added ${changes.filesAdded === 1 ? 'a recommendation file' : `${changes.filesAdded} recommendation files`} to your design ${design.slug}.`,
    );
  return lines;
}

/**
 * Inside the review's transaction: tells the customer what changed, as a notification (if the design belongs to an
 * account) and a 'design status changed or commented' mail. Removing a file alone tells nobody.
 */
export async function announceReview(
  ctx: AppContext,
  tx: DbOrTx,
  design: DesignRow,
  changes: ReviewChanges,
): Promise<NotificationRow[]> {
  const lines = describeChanges(design, changes);
  if (lines.length === 0) return [];
  const owner = design.userId !== null ? await q.findUserEmail(tx, design.userId) : null;
  const to = owner?.email ?? design.email;
  const link = owner
    ? `${ctx.config.publicUrl}/user/design-status/${design.slug}`
    : `${ctx.config.publicUrl}/register`;
  const paragraphs = [`Hello ${owner?.name ?? design.name},`, ...lines];
  await enqueueMail(tx, {
    to,
    subject: changes.status
      ? `Your design ${design.slug} is ${capitalize(changes.status.to)}`
      : `News about your design ${design.slug}`,
    text: `${paragraphs.join('\n\n')}\n\nView your design: ${link}\n`,
    html: simpleHtml(ctx.config.appName, paragraphs, { label: 'View your design', url: link }),
    kind: 'design_update',
    ref: String(design.id),
  });
  if (design.userId === null) return [];
  return createNotifications(tx, [design.userId], {
    type: 'design_update',
    message: lines.join(' '),
    design_id: design.id,
    slug: design.slug,
  });
}
