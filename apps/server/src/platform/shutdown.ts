import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '@shop/contracts';
import { loggableError } from './log-redaction';

type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export interface ShutdownOptions {
  /**
   * The HTTP server (a Fastify instance): `close()` stops accepting connections and answers 503 to a request that
   * arrives on a kept-alive one, ends the realtime sockets (the realtime plugin's preClose hook), and resolves
   * once the requests under way have answered and its onClose hooks (background work of requests) are done.
   */
  http: { close(): Promise<unknown>; server: Server };
  /** How long the requests under way, and the workers' current pieces of work, may take after the signal. */
  graceMs: number;
  /** Background workers, stopped while the requests finish; each finishes the piece of work it is doing. */
  workers: { name: string; stop(): Promise<void> }[];
  /** Run last, whether everything finished in time or not: the database pool, then the embedded PostgreSQL. */
  release(): Promise<void>;
  /** Called once: 0 when everything finished within the grace, 1 when requests were cut or something failed. */
  exit(code: number): void;
  log: Log;
  /** Once requests were cut: how much longer the server's closing and the workers may take before the release. */
  afterCutMs?: number;
  /** The release's own bound: past it the process exits without waiting further (a database that does not stop). */
  releaseMs?: number;
}

/** The signals that stop the server. SIGHUP too (the terminal it runs in closed): the shop reads no configuration again. */
export const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/** Thrown between two start-up steps when a stop signal came during the first. */
export class StoppedWhileStarting extends Error {
  constructor(readonly signal: string) {
    super(`stopped by ${signal} while starting`);
  }
}

export interface StopSignals {
  /** Between two start-up steps: throws `StoppedWhileStarting` once a stop signal has come. */
  checkpoint(): void;
  /** Whether a stop signal has come. */
  stopping(): boolean;
  /** From now on a signal goes to the running server's shutdown (the handler `createShutdown` returns). */
  running(shutdown: (signal: string) => Promise<number>): void;
}

/**
 * The stop signals, taken from the process's first step. While the shop starts, a signal does not cut the step
 * under way (the embedded PostgreSQL's start, the migrations, the demo data's transaction): the step ends, the next
 * `checkpoint` throws and the caller closes what it opened. A second signal while starting calls `exitNow` (a start
 * waiting on a database that does not answer); the migrations and the demo data are transactions, and the embedded
 * PostgreSQL is told to stop when the process exits. Once running, the signals go to the shutdown.
 */
export function takeStopSignals(
  log: Log,
  exitNow: (code: number) => void,
  on: (signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void) => void = (signal, listener) =>
    void process.on(signal, listener),
): StopSignals {
  let came: string | undefined;
  let shutdown: ((signal: string) => Promise<number>) | undefined;
  const listener = (signal: NodeJS.Signals) => {
    if (shutdown) return void shutdown(signal);
    if (came) {
      log.warn({ signal }, 'second stop signal while starting: exiting now');
      return exitNow(130);
    }
    came = signal;
    log.info({ signal }, 'stop signal while starting: stopping once the current step is over');
  };
  for (const signal of STOP_SIGNALS) on(signal, listener);
  return {
    checkpoint() {
      if (came) throw new StoppedWhileStarting(came);
    },
    stopping: () => came !== undefined,
    running(handler) {
      shutdown = handler;
      if (came) void handler(came);
    },
  };
}

/**
 * The server's stop on SIGTERM/SIGINT: new connections and requests are refused at once, those under way get
 * `graceMs` to finish (a slow upload may take up to the request timeout, far longer than an orchestrator waits),
 * and whatever still runs then is cut. The database is closed in both cases before the process exits, so the
 * embedded PostgreSQL never outlives the server. Returns the signal handler: a second signal cuts the grace short
 * (the same sequence, never a second one); its promise resolves with the exit code.
 */
export function createShutdown(opts: ShutdownOptions): (signal: string) => Promise<number> {
  let running: Promise<number> | undefined;
  // Ended by the grace's timer, by a second signal, or once the drain is over (which clears the timer).
  let graceEnded = false;
  let endGrace = () => {};
  return (signal) => {
    if (running) {
      opts.log.warn(
        { signal },
        graceEnded
          ? 'second stop signal: the grace is already over'
          : 'second stop signal: cutting the requests still running',
      );
      endGrace();
      return running;
    }
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'grace over'>((resolve) => {
      endGrace = () => {
        graceEnded = true;
        clearTimeout(timer);
        resolve('grace over');
      };
      timer = setTimeout(endGrace, opts.graceMs);
    });
    running = shutDown(signal, graceOver, endGrace, opts);
    return running;
  };
}

async function shutDown(
  signal: string,
  graceOver: Promise<'grace over'>,
  drainOver: () => void,
  opts: ShutdownOptions,
): Promise<number> {
  const { log, http } = opts;
  const started = Date.now();
  const graceSeconds = opts.graceMs / 1000;
  let failed = false;
  const closed = http.close().catch((err: unknown) => {
    failed = true;
    log.error({ err: loggableError(err) }, 'closing the HTTP server failed');
  });
  const stopped = opts.workers.map(({ name, stop }) =>
    stop().catch((err: unknown) => {
      failed = true;
      log.error({ err: loggableError(err), worker: name }, 'stopping a worker failed');
    }),
  );
  const drained = Promise.all([closed, ...stopped]).then(() => 'drained' as const);
  log.info(
    { signal, graceSeconds, connections: await openConnections(http.server) },
    'shutting down: new requests are refused, those under way may finish',
  );

  let code = 0;
  if ((await Promise.race([drained, graceOver])) === 'drained') {
    log.info({ ms: Date.now() - started }, 'requests and background work finished');
  } else {
    const connections = await openConnections(http.server);
    if (connections > 0) {
      code = 1;
      log.warn({ graceSeconds, connections }, 'shutdown grace ran out: cutting the requests still running');
      http.server.closeAllConnections();
    } else log.info({ graceSeconds }, 'shutdown grace ran out with no request under way');
    if (!(await settlesWithin(drained, opts.afterCutMs ?? 2_000))) {
      code = 1;
      log.warn({ graceSeconds }, 'the server or a worker is still closing: closing the database anyway');
    }
  }
  drainOver();
  if (failed) code = 1;

  let exited = false;
  const exit = (c: number) => {
    if (exited) return;
    exited = true;
    opts.exit(c);
  };
  // The release is bounded too (and its timer keeps the process up meanwhile): a process that cannot stop its
  // database still ends, and says so.
  const releaseMs = opts.releaseMs ?? 20_000;
  const bound = setTimeout(() => {
    log.error({ releaseMs }, 'closing the database did not finish: exiting');
    exit(1);
  }, releaseMs);
  try {
    await opts.release();
  } catch (err) {
    code = 1;
    log.error({ err: loggableError(err) }, 'closing the database failed');
  }
  clearTimeout(bound);
  log.info({ code, ms: Date.now() - started }, 'stopped');
  exit(code);
  return code;
}

/** Whether `work` settles (either way) within `ms`; the timer does not outlive the answer. */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function openConnections(server: Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((err, n) => resolve(err ? 0 : n)));
}

/**
 * Once the server is closing, a request that still arrives (on a kept-alive or pipelined connection) is answered
 * 503 in the house error shape and its connection closed, so the load balancer sends it elsewhere; the app is built
 * with Fastify's own 503 (a body of its own shape) turned off.
 */
export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    void reply.code(503).header('Connection', 'close').send({ message: SERVER_MESSAGES.unavailable });
  });
}
