import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { mailQueue, type MailAttachment } from '../../db/schema/mail';
import { escapeHtml } from '../html';
import { lockForTransaction } from '../xact-lock';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The Reply-To address, when a reply should not go to the shop's sender address (a contact form's visitor). */
  replyTo?: string;
  /** What the mail is about, e.g. 'password_reset'. */
  kind: string;
  ref?: string;
  attachments?: MailAttachment[];
}

/** Queues a mail inside the caller's transaction: it is sent only if the change that caused it commits. */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail): Promise<void> {
  // A header's value: the contracts' e-mail field admits no line break, and none may reach the queue another way.
  if (mail.replyTo !== undefined && /[\r\n]/.test(mail.replyTo))
    throw new Error('A Reply-To address may not hold a line break.');
  await db.insert(mailQueue).values({
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    replyTo: mail.replyTo,
    kind: mail.kind,
    ref: mail.ref,
    attachments: mail.attachments?.length ? mail.attachments : null,
  });
}

/**
 * Whether `to` has had fewer than `perDay` mails of `kind` in the last 24 hours. The address is locked for the rest
 * of the transaction, so two requests at once count each other.
 */
export async function underDailyMailCap(
  db: DbOrTx,
  kind: string,
  to: string,
  perDay: number,
): Promise<boolean> {
  const address = to.toLowerCase();
  await lockForTransaction(db, `${kind}-mail:${address}`);
  const res = await db.execute<{ sent: number }>(sql`
    select count(*)::int as sent from mail_queue
     where kind = ${kind} and lower(to_address) = ${address}
       and created_at > now() - interval '1 day'`);
  return (res.rows[0]?.sent ?? 0) < perDay;
}

/**
 * Queues a mail unless its address has had `perDay` mails of its kind in the last 24 hours: for the mails a form
 * sends to whatever address it is given (a guest's design, a site visit), so the form cannot flood someone else's
 * inbox.
 */
export async function enqueueMailCapped(db: DbOrTx, mail: OutgoingMail, perDay: number): Promise<void> {
  if (await underDailyMailCap(db, mail.kind, mail.to, perDay)) await enqueueMail(db, mail);
}

/**
 * The call-to-action button's style. Mail clients drop <style> blocks, so it is inline. A block (inline-block, no
 * wider than the body) with its own line height: a long label ('Reply to <a long name>') wraps inside the button at
 * a phone's width, where a padded inline link's lines overlapped and clipped each other.
 */
const MAIL_BUTTON_STYLE =
  'display:inline-block;max-width:100%;box-sizing:border-box;background:#1e3a5f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;line-height:1.4;text-align:center;word-break:break-word;overflow-wrap:anywhere';

/** A paragraph: its own line breaks kept, a word longer than the line (a pasted link) broken to fit. */
const MAIL_PARAGRAPH_STYLE =
  'margin:0 0 16px;white-space:pre-line;word-break:break-word;overflow-wrap:anywhere';

/** The link under the button, for clients that show no button: a long URL (a token's) breaks anywhere to fit. */
const MAIL_URL_STYLE = 'font-size:13px;color:#555;word-break:break-all;overflow-wrap:anywhere';

/**
 * A plain, accessible HTML body from paragraphs and an optional call-to-action link. A paragraph keeps its own line
 * breaks (a chat reply's preview, a customer's comment of several lines), as the text body does.
 */
export function simpleHtml(
  appName: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): string {
  const body = paragraphs.map((p) => `<p style="${MAIL_PARAGRAPH_STYLE}">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="${MAIL_BUTTON_STYLE}">${escapeHtml(action.label)}</a></p><p style="${MAIL_URL_STYLE}">${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(appName)}</h1>${body}${button}</body></html>`;
}
