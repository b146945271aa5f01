import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { findWebDist, openRuntime } from './bootstrap';
import { WARM_CONNECTIONS } from './db/connection';
import { loadConfig } from './config';
import { seedContent } from './seed/seed-content';
import { seedDemoData } from './seed/seed-demo';
import { UploadSweeper, uploadJournalOf } from './platform/files/upload-journal';
import { MailWorker } from './platform/mail/worker';
import { loggableError, serverLoggerOptions } from './platform/log-redaction';
import { PeriodicJob } from './platform/periodic-job';
import { runRetention } from './platform/retention';
import { sendBookingReminders } from './modules/scheduling/service';
import { createShutdown, takeStopSignals } from './platform/shutdown';
import { leaveEmbeddedSignalsToCaller } from './db/connection';
import { searchIndexOf } from './modules/catalog/search-index';

async function main() {
  const config = loadConfig();
  const started = Date.now();
  // Start-up's own lines, until the server's logger exists.
  const startLog = pino({ level: config.logLevel, serializers: { err: loggableError } });
  // A signal while the shop starts ends it between two steps, not under the migrations or the demo data
  // (platform/shutdown.ts); the embedded PostgreSQL is stopped last, by this process, not at once on the signal.
  const signals = takeStopSignals(startLog, (code) => process.exit(code));
  leaveEmbeddedSignalsToCaller();
  let runtime: Awaited<ReturnType<typeof openRuntime>> | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    runtime = await openRuntime(config, { warmConnections: WARM_CONNECTIONS });
    const { ctx } = runtime;
    signals.checkpoint();
    app = await buildApp(ctx, {
      logger: serverLoggerOptions(config.logLevel),
      web: { distDir: findWebDist(config) },
    });
    signals.checkpoint();
    // Page titles and descriptions are shop content, not demo data: every database gets them (existing rows are kept).
    await seedContent(ctx.database.db);
    signals.checkpoint();
    if (config.seedDemo) await seedDemoData(ctx, app.log);
    signals.checkpoint();
  } catch (err) {
    // What was opened is closed before the exit, the database last, whether a signal or a failure ended the start.
    await app?.close().catch(() => {});
    await runtime?.close();
    // After a stop signal, a checkpoint's StoppedWhileStarting or a step that failed because of the signal (a
    // terminal's Ctrl-C also stops the embedded PostgreSQL at once): the stop asked for.
    if (!signals.stopping()) throw err;
    startLog.info({ code: 0, ms: Date.now() - started }, 'stopped before the shop was running');
    process.exit(0);
  }
  const { ctx } = runtime;

  const mailer = new MailWorker({
    db: ctx.database.db,
    log: app.log,
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, 'mail'),
  });

  // Removes the files of uploads that no request finished (a crash mid-upload), now and periodically.
  const uploadSweeper = new UploadSweeper(uploadJournalOf(ctx), {
    deadlineMs: config.uploadDeadlineMs,
    log: app.log,
  });

  // Expired sessions and tokens, old sent mail: one instance at a time (advisory lock), now and hourly.
  const retention = new PeriodicJob({
    name: 'retention run',
    run: async () => {
      const report = await runRetention(ctx.database, {
        sentMailRetentionMs: config.sentMailRetentionMs,
        newsletterConfirmMs: config.newsletterConfirmMs,
      });
      if (report && Object.values(report).some((n) => n > 0)) app.log.info(report, 'retention run');
    },
    intervalMs: config.retentionIntervalMs,
    log: app.log,
  });
  // The customers of the windows starting within a day are reminded, each once (instances skip each other's rows).
  const reminders = new PeriodicJob({
    name: 'booking reminders',
    run: async () => {
      const reminded = await sendBookingReminders(ctx);
      if (reminded) app.log.info({ reminded }, 'booking reminders sent');
    },
    intervalMs: config.bookingReminderIntervalMs,
    log: app.log,
  });

  const shutdown = createShutdown({
    http: app,
    graceMs: config.shutdownGraceMs,
    workers: [
      { name: 'mail', stop: () => mailer.stop() },
      { name: 'upload sweeper', stop: () => uploadSweeper.stop() },
      { name: 'retention', stop: () => retention.stop() },
      { name: 'booking reminders', stop: () => reminders.stop() },
    ],
    release: () => runtime.close(),
    log: app.log,
    exit: (code) => process.exit(code),
  });
  // A dependency's stray rejection (e.g. a Redis client while Redis is down) is logged, not fatal: the shop
  // keeps serving without the accelerators.
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: loggableError(reason) }, 'unhandled rejection');
  });
  // A second signal cuts the grace short: still one shutdown, which closes the database before the exit.
  signals.running(shutdown);

  await app.listen({ port: config.port, host: config.host });
  mailer.start();
  uploadSweeper.start();
  retention.start();
  reminders.start();
  // A large catalogue's words are read into memory in the background; searches use the database until then.
  searchIndexOf(ctx).start();
  app.log.info(
    {
      url: config.publicUrl,
      database: config.databaseUrl ? 'DATABASE_URL' : 'embedded',
      ms: Date.now() - started,
    },
    `${config.appName} is running at ${config.publicUrl}`,
  );
}

// Not the error itself: a failed query's would print its parameters (a password hash, a mailed link's token).
main().catch((err) => {
  const logged = loggableError(err);
  console.error(logged.stack || logged.message, ...(logged.code ? [`(${logged.code})`] : []));
  process.exit(1);
});
