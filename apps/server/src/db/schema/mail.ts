import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A file sent with a mail (a proposal's PDF, a booking's calendar entry). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

// Durable outbox: mail is written here in the same transaction as the change that causes it,
// then delivered (and retried) by the mail worker.
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    // Where a reply goes when it is not the sender (the contact form's visitor): an address the contracts checked.
    replyTo: text('reply_to'),
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    // What the mail is about (e.g. 'password_reset', 'chat_reply:12'), for throttling and tests.
    kind: text('kind').notNull(),
    ref: text('ref'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_queue_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('mail_queue_kind_ref_idx').on(t.kind, t.ref, t.createdAt),
    index('mail_queue_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.status} = 'sent'`),
  ],
);
