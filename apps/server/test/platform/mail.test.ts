import { eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailQueue } from '../../src/db/schema/mail';
import { enqueueMail } from '../../src/platform/mail/queue';
import { MailWorker } from '../../src/platform/mail/worker';
import { createTestApp, type TestApp } from '../support/test-app';
import { freePort } from '../support/server-process';

function startSmtp(port: number, received: string[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        received.push(data);
        callback();
      });
    },
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** A logger that keeps what it writes, one parsed JSON object per line. */
function recordingLogger() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

let t: TestApp;
let worker: MailWorker | undefined;
let smtp: SMTPServer | undefined;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await worker?.stop();
  await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
  smtp = undefined;
  await t.close();
});

const newWorker = (port: number) =>
  new MailWorker({
    db: t.ctx.database.db,
    log: pino({ level: 'silent' }),
    from: 'Shop <shop@example.com>',
    smtpUrl: `smtp://127.0.0.1:${port}`,
    outboxDir: t.dataDir,
  });

describe('mail over SMTP', () => {
  it('delivers queued mail to the SMTP server', async () => {
    const port = await freePort();
    const received: string[] = [];
    smtp = await startSmtp(port, received);
    await enqueueMail(t.ctx.database.db, {
      to: 'buyer@example.com',
      subject: 'Design received',
      text: 'We have your design.',
      kind: 'test',
    });
    worker = newWorker(port);
    expect(await worker.flush()).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Design received');
    expect(received[0]).toContain('To: buyer@example.com');
    expect(received[0]).not.toContain('Reply-To:');
    const [row] = await t.ctx.database.db.select().from(mailQueue);
    expect(row!.status).toBe('sent');
  });

  it('sends the Reply-To a mail was queued with', async () => {
    const port = await freePort();
    const received: string[] = [];
    smtp = await startSmtp(port, received);
    await enqueueMail(t.ctx.database.db, {
      to: 'inbox@shop.example',
      replyTo: 'visitor@example.com',
      subject: 'Contact form: Ann',
      text: 'Hello',
      kind: 'test',
    });
    worker = newWorker(port);
    expect(await worker.flush()).toBe(1);
    expect(received[0]).toMatch(/^Reply-To: visitor@example\.com\r?$/m);
  });

  it('refuses to queue a Reply-To with a line break', async () => {
    await expect(
      enqueueMail(t.ctx.database.db, {
        to: 'inbox@shop.example',
        replyTo: 'visitor@example.com\r\nBcc: everyone@example.com',
        subject: 'Contact form: Ann',
        text: 'Hello',
        kind: 'test',
      }),
    ).rejects.toThrow('line break');
    expect(await t.ctx.database.db.$count(mailQueue)).toBe(0);
  });

  it('keeps mail queued while SMTP is down and sends it when it returns', async () => {
    const port = await freePort();
    await enqueueMail(t.ctx.database.db, {
      to: 'buyer@example.com',
      subject: 'Reset',
      text: 'link',
      kind: 'test',
    });
    worker = newWorker(port);
    expect(await worker.flush()).toBe(0);
    let [row] = await t.ctx.database.db.select().from(mailQueue);
    expect(row!.status).toBe('pending');
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    const received: string[] = [];
    smtp = await startSmtp(port, received);
    // The retry is due later; bring it forward instead of waiting.
    await t.ctx.database.db
      .update(mailQueue)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailQueue.id, row!.id));
    expect(await worker.flush()).toBe(1);
    expect(received).toHaveLength(1);
    [row] = await t.ctx.database.db.select().from(mailQueue);
    expect(row!.status).toBe('sent');
  });

  it('writes .eml files when no SMTP server is configured', async () => {
    await enqueueMail(t.ctx.database.db, {
      to: 'buyer@example.com',
      subject: 'Hello',
      text: 'Body text',
      kind: 'test',
    });
    const mails = await t.deliverMail();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Hello');
  });
});

describe('stopping the worker', () => {
  it('stops claiming batches once stopped: a shutdown waits for the batch being sent, not the backlog', async () => {
    // Forty-five mails: three batches of twenty. The SMTP server holds the first mail until the worker is stopped.
    for (let i = 0; i < 45; i++)
      await enqueueMail(t.ctx.database.db, {
        to: `buyer${i}@example.com`,
        subject: `Mail ${i}`,
        text: 'text',
        kind: 'test',
      });
    const port = await freePort();
    const received: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let firstArrived!: () => void;
    const arrived = new Promise<void>((r) => (firstArrived = r));
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push('mail');
          firstArrived();
          void released.then(() => callback());
        });
      },
    });
    await new Promise<void>((resolve) => smtp!.listen(port, '127.0.0.1', () => resolve()));
    worker = newWorker(port);
    const pass = worker.flush();
    await arrived;
    const stopping = worker.stop();
    release();
    await stopping;
    expect(await pass).toBe(20);
    const { rows } = await t.ctx.database.pool.query<{ status: string; n: string }>(
      `select status, count(*) as n from mail_queue group by status order by status`,
    );
    expect(rows.map((r) => [r.status, Number(r.n)])).toEqual([
      ['pending', 25],
      ['sent', 20],
    ]);
  });
});

describe('mail without SMTP', () => {
  const link = 'http://shop.test/reset-password?token=secret-token-123';
  const queueResetMail = () =>
    enqueueMail(t.ctx.database.db, {
      to: 'buyer@example.com',
      subject: 'Reset your password',
      text: `Reset your password: ${link}\n`,
      kind: 'password_reset',
    });
  const fileWorker = (log: pino.Logger, production?: boolean) =>
    new MailWorker({
      db: t.ctx.database.db,
      log,
      from: 'Shop <shop@example.com>',
      outboxDir: t.dataDir,
      production,
    });

  it('logs the links of the mail it writes to the outbox outside production, and does not warn', async () => {
    await queueResetMail();
    const { log, lines } = recordingLogger();
    worker = fileWorker(log, false);
    worker.start();
    await worker.stop();
    worker = fileWorker(log, false);
    expect(await worker.flush()).toBe(1);
    const written = lines.find((l) => l.msg === 'mail written to outbox');
    expect(written?.link).toBe(link);
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
  });

  it('never logs a link in production (NODE_ENV=production) and warns once at start that mail is not sent', async () => {
    await queueResetMail();
    const { log, lines } = recordingLogger();
    // Production as main.ts runs it: the worker takes it from NODE_ENV.
    vi.stubEnv('NODE_ENV', 'production');
    try {
      worker = fileWorker(log);
      worker.start();
      await worker.stop();
      worker.start();
      await worker.stop();
      const warnings = lines.filter((l) => l.level === 40);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.msg).toContain('SMTP_URL is not set');

      // A stopped worker sends nothing: a new one (the starts above may have sent the mail already).
      worker = fileWorker(log);
      await worker.flush();
    } finally {
      vi.unstubAllEnvs();
    }
    const written = lines.filter((l) => l.msg === 'mail written to outbox');
    expect(written).toHaveLength(1);
    expect(written[0]!.subject).toBe('Reset your password');
    expect(JSON.stringify(lines)).not.toContain('secret-token-123');
  });
});
