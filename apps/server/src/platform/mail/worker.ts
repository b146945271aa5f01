import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection';
import type { MailAttachment } from '../../db/schema/mail';

const MAX_ATTEMPTS = 12;
const BATCH = 20;

interface ClaimedMail {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  reply_to: string | null;
  attachments: MailAttachment[] | null;
  attempts: number;
}

export interface MailWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  from: string;
  smtpUrl?: string;
  /** Where .eml files go when there is no SMTP server. */
  outboxDir: string;
  pollMs?: number;
  /**
   * Production (default: NODE_ENV=production): without SMTP the links in mail are not logged (a reset link in a
   * log is a way into the account), and the worker warns at start that mail is not sent.
   */
  production?: boolean;
}

/**
 * Delivers the durable mail queue: claims due rows with SKIP LOCKED (so several instances share the work),
 * sends them through SMTP or into .eml files, and reschedules failures with exponential back-off.
 */
export class MailWorker {
  private readonly transport: Transporter;
  private readonly fileMode: boolean;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;
  private readonly production: boolean;
  private warned = false;

  constructor(private readonly opts: MailWorkerOptions) {
    this.fileMode = !opts.smtpUrl;
    this.production = opts.production ?? process.env.NODE_ENV === 'production';
    this.transport = opts.smtpUrl
      ? nodemailer.createTransport(opts.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  start(): void {
    this.stopped = false;
    if (this.fileMode && this.production && !this.warned) {
      this.warned = true;
      this.opts.log.warn(
        { outboxDir: this.opts.outboxDir },
        'SMTP_URL is not set: mail is not sent, only written as .eml files to the outbox folder',
      );
    }
    const tick = async () => {
      if (this.stopped) return;
      await this.flush().catch((err) =>
        this.opts.log.warn({ err: { message: String(err?.message ?? err) } }, 'mail worker pass failed'),
      );
      if (!this.stopped) this.timer = setTimeout(tick, this.opts.pollMs ?? 1000);
    };
    this.timer = setTimeout(tick, 50);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => {});
    this.transport.close();
  }

  /**
   * Sends every due mail now, batch by batch; answers how many were sent. Concurrent calls share one pass. Once
   * the worker is stopped no further batch is claimed: a shutdown waits for the batch being sent, not the backlog
   * (the rest stays queued for the next start or another instance).
   */
  flush(): Promise<number> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<number> {
    let sent = 0;
    for (;;) {
      if (this.stopped) return sent;
      const claimed = await this.claim();
      if (claimed.length === 0) return sent;
      for (const mail of claimed) {
        try {
          await this.deliver(mail);
          await this.opts.db.execute(
            sql`update mail_queue set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null where id = ${mail.id}`,
          );
          sent++;
        } catch (err) {
          const attempts = mail.attempts + 1;
          const message = String((err as Error)?.message ?? err).slice(0, 500);
          const delaySeconds = Math.min(3600, 2 ** attempts * 5);
          await this.opts.db.execute(
            sql`update mail_queue set attempts = ${attempts}, last_error = ${message},
                status = ${attempts >= MAX_ATTEMPTS ? 'failed' : 'pending'},
                next_attempt_at = now() + make_interval(secs => ${delaySeconds}) where id = ${mail.id}`,
          );
          this.opts.log.warn(
            { mailId: mail.id, attempts, error: message },
            'mail delivery failed, will retry',
          );
        }
      }
    }
  }

  // Claimed rows are pushed a minute into the future so a crashed sender's mail is retried, not lost.
  private async claim(): Promise<ClaimedMail[]> {
    const res = await this.opts.db.execute<Record<string, unknown>>(sql`
      update mail_queue set next_attempt_at = now() + interval '1 minute'
      where id in (
        select id from mail_queue where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, id limit ${BATCH} for update skip locked
      )
      returning id, to_address, subject, text_body, html_body, reply_to, attachments, attempts`);
    return res.rows as unknown as ClaimedMail[];
  }

  private async deliver(mail: ClaimedMail): Promise<void> {
    const info = await this.transport.sendMail({
      from: this.opts.from,
      to: mail.to_address,
      subject: mail.subject,
      text: mail.text_body,
      html: mail.html_body ?? undefined,
      replyTo: mail.reply_to ?? undefined,
      attachments: (mail.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.contentBase64, 'base64'),
      })),
    });
    if (this.fileMode) {
      await mkdir(this.opts.outboxDir, { recursive: true });
      const file = path.join(
        this.opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`,
      );
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      // The subject, and outside production the link (so a reset link can be followed from a developer's log);
      // never the body, and never a link in production, where it is a secret that opens an account.
      const link = this.production ? undefined : /https?:\/\/\S+/.exec(mail.text_body)?.[0];
      this.opts.log.info(
        { mailId: mail.id, to: mail.to_address, subject: mail.subject, ...(link ? { link } : {}), file },
        'mail written to outbox',
      );
    }
  }
}
