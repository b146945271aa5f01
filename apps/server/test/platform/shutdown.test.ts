import { createServer } from 'node:http';
import { connect as connectTcp } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config';
import {
  createShutdown,
  STOP_SIGNALS,
  StoppedWhileStarting,
  takeStopSignals,
  type ShutdownOptions,
} from '../../src/platform/shutdown';
import { registerCustomer } from '../support/http';
import { connect, listen } from '../support/realtime';
import { getOnNewConnection, startSlowUpload, uploadsBeingWritten } from '../support/slow-upload';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The real app listening on a free port, a customer, and the shutdown of main.ts with closers that record. */
async function shopWithShutdown(graceMs: number) {
  t = await createTestApp();
  const url = await listen(t.app);
  const { token } = await registerCustomer(t.app);
  const logged: { level: string; msg: string; obj: object }[] = [];
  const log = Object.fromEntries(
    ['info', 'warn', 'error'].map((level) => [
      level,
      (obj: object, msg: string) => logged.push({ level, msg, obj }),
    ]),
  ) as unknown as ShutdownOptions['log'];
  const closed: string[] = [];
  const exit = vi.fn();
  const shutdown = createShutdown({
    http: t.app,
    graceMs,
    workers: [{ name: 'mail', stop: async () => void closed.push('mail worker') }],
    release: async () => void closed.push('database'),
    exit,
    log,
    afterCutMs: 500,
  });
  /** Resolves once the server stopped listening: the signal has been taken. */
  const refusing = async () => {
    while (t!.app.server.listening) await new Promise((r) => setTimeout(r, 10));
  };
  return { app: t.app, dataDir: t.dataDir, url, token, shutdown, refusing, closed, exit, logged };
}

describe('stopping the server (SIGTERM, SIGINT)', () => {
  it('lets a request under way finish within the grace, refuses new ones, ends realtime, then closes and exits 0', async () => {
    const shop = await shopWithShutdown(10_000);
    const upload = startSlowUpload(shop.url, shop.token);
    await uploadsBeingWritten(shop.dataDir, 1);
    // Open realtime connections (WebSocket, and long-polling over kept-alive HTTP) do not hold the shutdown up.
    const sockets = await Promise.all([
      connect(shop.url, shop.token),
      connect(shop.url, shop.token, { transports: ['polling'] }),
    ]);
    const disconnected = sockets.map((s) => new Promise<string>((r) => s.once('disconnect', r)));

    const started = Date.now();
    const stopped = shop.shutdown('SIGTERM');
    await shop.refusing();
    expect(await getOnNewConnection(`${shop.url}/healthz`)).toBe('ECONNREFUSED');
    // Told so over the WebSocket; the long-poll under way is ended with its transport.
    expect(await Promise.all(disconnected)).toEqual([
      'io server disconnect',
      expect.stringMatching(/^(io server disconnect|transport (close|error))$/),
    ]);

    // The upload was still arriving when the signal came; it completes with its answer.
    upload.finish();
    expect(await upload.outcome).toMatchObject({ status: 201 });
    expect(await stopped).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(shop.closed).toEqual(['mail worker', 'database']);
    expect(shop.exit.mock.calls).toEqual([[0]]);
    expect(shop.logged.map((l) => l.msg)).toEqual([
      'shutting down: new requests are refused, those under way may finish',
      'requests and background work finished',
      'stopped',
    ]);
  });

  it('answers a request that still arrives on an open connection 503 in the house error shape, and closes it', async () => {
    const shop = await shopWithShutdown(10_000);
    const { hostname, port } = new URL(shop.url);
    const socket = connectTcp(Number(port), hostname);
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // A request under way (its body still arriving) keeps the connection busy when the signal comes.
    const body = '{"email":"not an address","password":"x"}';
    const handled = new Promise<void>((resolve) => shop.app.server.once('request', () => resolve()));
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await handled;
    const stopped = shop.shutdown('SIGTERM');
    await shop.refusing();
    // The rest of its body, and a second request pipelined behind it on the same connection.
    socket.write(`${body.slice(10)}GET /api/products HTTP/1.1\r\nHost: shop\r\n\r\n`);
    await ended;

    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 422 /);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503 /);
    expect(answers[1]).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(answers[1]!.split('\r\n\r\n')[1]!)).toEqual({
      message: 'Service temporarily unavailable.',
    });
    expect(await stopped).toBe(0);
  });

  it('cuts a request still running when the grace runs out, and still closes the database before exiting 1', async () => {
    const shop = await shopWithShutdown(1_000);
    const upload = startSlowUpload(shop.url, shop.token);
    await uploadsBeingWritten(shop.dataDir, 1);

    const started = Date.now();
    const stopped = shop.shutdown('SIGTERM');
    await shop.refusing();
    expect(await getOnNewConnection(`${shop.url}/api/products`)).toBe('ECONNREFUSED');

    // The rest of the file never comes: the connection is cut at the grace's end, without an answer.
    expect(await upload.outcome).toEqual({ error: expect.stringMatching(/ECONNRESET|EPIPE|socket hang up/) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(await stopped).toBe(1);
    expect(shop.closed).toEqual(['mail worker', 'database']);
    expect(shop.exit.mock.calls).toEqual([[1]]);
    expect(shop.logged).toContainEqual({
      level: 'warn',
      msg: 'shutdown grace ran out: cutting the requests still running',
      obj: { graceSeconds: 1, connections: 1 },
    });
  });

  it('takes a second signal as "stop now": the grace is cut short, the database still closed, once', async () => {
    const shop = await shopWithShutdown(60_000);
    const upload = startSlowUpload(shop.url, shop.token);
    await uploadsBeingWritten(shop.dataDir, 1);

    const started = Date.now();
    const first = shop.shutdown('SIGTERM');
    await shop.refusing();
    const second = shop.shutdown('SIGINT');
    expect(await upload.outcome).toHaveProperty('error');
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(shop.closed).toEqual(['mail worker', 'database']);
    expect(shop.exit.mock.calls).toEqual([[1]]);
    expect(shop.logged.map((l) => l.msg)).toContain('second stop signal: cutting the requests still running');
  });

  it('exits (1) even when the database does not close, once the release has had its time', async () => {
    const exit = vi.fn();
    const logged: string[] = [];
    const log = { info: () => {}, warn: () => {}, error: (_: object, msg: string) => logged.push(msg) };
    const shutdown = createShutdown({
      http: { close: async () => {}, server: createServer() },
      graceMs: 1_000,
      workers: [],
      release: () => new Promise(() => {}),
      exit,
      log,
      releaseMs: 300,
    });
    void shutdown('SIGTERM');
    await vi.waitFor(() => expect(exit.mock.calls).toEqual([[1]]), { timeout: 2_000 });
    expect(logged).toEqual(['closing the database did not finish: exiting']);
  });

  it('reads the grace from SHUTDOWN_GRACE_SECONDS: 25 s by default, 0 to cut at once', () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(25_000);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '120' }).shutdownGraceMs).toBe(120_000);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '0' }).shutdownGraceMs).toBe(0);
    for (const bad of ['-1', '2.5', 'soon', '3601'])
      expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: bad })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
  });
});

describe('stop signals while the server starts', () => {
  /** takeStopSignals on a fake process: its listeners, what it logged and how it exited. */
  function signalsWhileStarting() {
    const listeners = new Map<string, (signal: NodeJS.Signals) => void>();
    const logged: string[] = [];
    const log = {
      info: (_: object, msg: string) => logged.push(msg),
      warn: (_: object, msg: string) => logged.push(msg),
      error: () => {},
    };
    const exitNow = vi.fn();
    const signals = takeStopSignals(log, exitNow, (signal, listener) => listeners.set(signal, listener));
    const send = (signal: NodeJS.Signals) => listeners.get(signal)!(signal);
    return { listeners, logged, exitNow, signals, send };
  }

  it('holds the first signal until the step under way is over, then stops the start', () => {
    const { listeners, logged, exitNow, signals, send } = signalsWhileStarting();
    expect([...listeners.keys()].sort()).toEqual([...STOP_SIGNALS].sort());
    signals.checkpoint();
    send('SIGINT');
    expect(logged).toEqual(['stop signal while starting: stopping once the current step is over']);
    expect(exitNow).not.toHaveBeenCalled();
    expect(() => signals.checkpoint()).toThrow(StoppedWhileStarting);
    expect(() => signals.checkpoint()).toThrow('stopped by SIGINT while starting');
  });

  it('exits at once (130) on a second signal while starting', () => {
    const { logged, exitNow, send } = signalsWhileStarting();
    send('SIGTERM');
    send('SIGHUP');
    expect(exitNow.mock.calls).toEqual([[130]]);
    expect(logged[1]).toBe('second stop signal while starting: exiting now');
  });

  it('hands every signal to the shutdown once the server runs', () => {
    const { exitNow, signals, send } = signalsWhileStarting();
    const shutdown = vi.fn(async () => 0);
    signals.running(shutdown);
    send('SIGTERM');
    send('SIGINT');
    expect(shutdown.mock.calls).toEqual([['SIGTERM'], ['SIGINT']]);
    expect(exitNow).not.toHaveBeenCalled();
    signals.checkpoint();
  });
});
