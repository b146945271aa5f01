import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/connection';
import { enqueueMail, simpleHtml } from '../../platform/mail/queue';
import { activeAdminIds, createNotifications, type NotificationRow } from '../notifications/service';
import type { DesignRow } from './queries';
import * as q from './queries';

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 3)}...` : s);
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Inside the submission's transaction: the submitter's 'design received' mail and a notification to every admin. */
export async function announceSubmission(
  ctx: AppContext,
  tx: DbOrTx,
  design: DesignRow,
): Promise<NotificationRow[]> {
  const guest = design.userId === null;
  const link = guest
    ? `${ctx.config.publicUrl}/register`
    : `${ctx.config.publicUrl}/user/design-status/${design.slug}`;
  const paragraphs = [
    `Hello ${design.name},`,
    `Thank you! We received your design request "${design.title}". Its design number is ${design.slug}.`,
    'Our team reviews every submission and will get back to you with comments and recommendations.',
    guest
      ? `Create an account with this e-mail address (${design.email}) to follow its status, read our comments and download our recommendations.`
      : 'You can follow its status in your account at any time.',
  ];
  await enqueueMail(tx, {
    to: design.email,
    subject: `We received your design ${design.slug}`,
    text: `${paragraphs.join('\n\n')}\n\n${guest ? 'Create your account' : 'Follow your design'}: ${link}\n`,
    html: simpleHtml(ctx.config.appName, paragraphs, {
      label: guest ? 'Create your account' : 'Follow your design',
      url: link,
    }),
    kind: 'design_received',
    ref: String(design.id),
  });
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
    lines.push(`We commented on your design ${design.slug}: "${truncate(changes.comment, 300)}"`);
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
