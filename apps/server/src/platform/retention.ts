import type { Database } from '../db/connection';

export interface RetentionOptions {
  /** Sent mail rows older than this (since sent), and failed ones older than this (since queued), are deleted. */
  sentMailRetentionMs: number;
  /** An unconfirmed newsletter subscription's confirmation link stops working after this. */
  newsletterConfirmMs: number;
}

/** Rows deleted (or tokens expired, or mail bodies blanked) per kind by one run. */
export type RetentionReport = Record<
  | 'sessions'
  | 'resetTokens'
  | 'verificationTokens'
  | 'claimTokens'
  | 'sentMail'
  | 'failedMail'
  | 'linkMailBodies'
  | 'newsletterTokens'
  | 'productDeletions'
  | 'bookingNetworks',
  number
>;

/** A deleted product's id is kept this long for the search indexes (they rebuild at least hourly). */
const PRODUCT_DELETIONS_KEPT = '1 day';

/**
 * A used verification or claim link's row is kept this long after its use, so that following the link again says
 * "already used" (410) rather than "invalid" (400); an expired one goes at once (it answers "invalid" then).
 */
const USED_LINKS_KEPT = '1 day';

/**
 * The kinds of mail whose body carries a single-use link (a token that proves the reader owns the address):
 * password_reset (accounts/service.ts), email_verification (accounts/email-verification.ts), design_received (a
 * guest's claim link, designs/design-messages.ts) and newsletter_confirm (newsletter/service.ts). Once such a mail
 * is sent (or has failed for good) its bodies are blanked: the queue keeps who got what and when (address, subject,
 * kind), never a working link.
 */
export const LINK_MAIL_KINDS = [
  'password_reset',
  'email_verification',
  'design_received',
  'newsletter_confirm',
];

/** Each statement touches at most this many rows, so a long backlog never holds locks for long. */
const BATCH = 5000;
/** The advisory lock key of the retention run: one instance at a time does it, the others skip. */
const LOCK_KEY = 727275;

/**
 * Removes what the shop no longer needs, in batches: expired sessions, expired password-reset tokens, e-mail
 * verification and design claim tokens once expired or a day after their use, sent mail older than the retention
 * time and failed mail queued longer ago than it, the bodies of delivered (or failed) mails that carried a
 * single-use link (LINK_MAIL_KINDS), the confirmation tokens of newsletter subscriptions left unconfirmed too long,
 * the deleted products' ids the search indexes have read, and the networks guests' site visits were asked from once
 * the visit is past or cancelled. Instances sharing the database share the job: a run
 * takes a session advisory lock with pg_try_advisory_lock and an instance that does not get it skips the run.
 */
export async function runRetention(
  database: Database,
  opts: RetentionOptions,
): Promise<RetentionReport | null> {
  const client = await database.pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      LOCK_KEY,
    ]);
    if (!rows[0]?.locked) return null;
    try {
      const drain = async (statement: string, params: unknown[] = []) => {
        let total = 0;
        for (;;) {
          const res = await client.query(statement, params);
          total += res.rowCount ?? 0;
          if ((res.rowCount ?? 0) < BATCH) return total;
        }
      };
      return {
        sessions: await drain(
          `delete from sessions where id in (select id from sessions where expires_at < now() limit ${BATCH})`,
        ),
        resetTokens: await drain(
          `delete from password_reset_tokens where id in
             (select id from password_reset_tokens where expires_at < now() limit ${BATCH})`,
        ),
        verificationTokens: await drain(
          `delete from email_verification_tokens where id in (select id from email_verification_tokens
             where expires_at < now() or used_at < now() - interval '${USED_LINKS_KEPT}' limit ${BATCH})`,
        ),
        claimTokens: await drain(
          `delete from design_claim_tokens where id in (select id from design_claim_tokens
             where expires_at < now() or used_at < now() - interval '${USED_LINKS_KEPT}' limit ${BATCH})`,
        ),
        sentMail: await drain(
          `delete from mail_queue where id in (select id from mail_queue
             where status = 'sent' and sent_at < now() - make_interval(secs => $1) limit ${BATCH})`,
          [opts.sentMailRetentionMs / 1000],
        ),
        // A failed mail is given up on within a day of being queued (MAX_ATTEMPTS in mail/worker.ts).
        failedMail: await drain(
          `delete from mail_queue where id in (select id from mail_queue
             where status = 'failed' and created_at < now() - make_interval(secs => $1) limit ${BATCH})`,
          [opts.sentMailRetentionMs / 1000],
        ),
        linkMailBodies: await drain(
          `update mail_queue set text_body = '', html_body = null where id in (select id from mail_queue
             where kind = any($1::text[]) and status in ('sent', 'failed')
               and (text_body <> '' or html_body is not null) limit ${BATCH})`,
          [LINK_MAIL_KINDS],
        ),
        newsletterTokens: await drain(
          `update newsletter_subscribers set confirm_token_hash = null where id in (select id from newsletter_subscribers
             where confirmed_at is null and confirm_token_hash is not null
               and created_at < now() - make_interval(secs => $1) limit ${BATCH})`,
          [opts.newsletterConfirmMs / 1000],
        ),
        productDeletions: await drain(
          `delete from product_deletions where product_id in (select product_id from product_deletions
             where deleted_at < now() - interval '${PRODUCT_DELETIONS_KEPT}' limit ${BATCH})`,
        ),
        // A guest's network counts against the visits ahead only (scheduling/queries.ts): not kept past the visit.
        bookingNetworks: await drain(
          `update bookings set requester_network = null where id in (select id from bookings
             where requester_network is not null and (status = 'cancelled'
               or coalesce(slot_start, requested_date + 1) < now()) limit ${BATCH})`,
        ),
      };
    } finally {
      await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
