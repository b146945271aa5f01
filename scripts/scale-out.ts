/**
 * `npm run scale-out`: several instances of the built server behind HAProxy (deploy/haproxy.cfg, Debian's
 * `haproxy` package) on one port, sharing PostgreSQL, Redis and the data folder, as a load-balanced deployment
 * runs them. Builds nothing: run `npm run build` first.
 *
 * Environment: PORT (the balancer's port, 3000), HOST (its interface, 0.0.0.0), INSTANCES (2), REDIS_URL (required:
 * realtime fan-out and rate limits are shared through it), DATABASE_URL (without it, the embedded PostgreSQL of
 * DATA_DIR is started here, the one `npm start` uses), DATA_DIR (./data, shared by the instances), and every other
 * server setting, passed on to the instances. The instances listen on free ports of 127.0.0.1 and trust the proxy
 * (TRUST_PROXY=127.0.0.1) for the client's address; HAProxy, a child process
 * here, checks their /readyz. Ctrl+C stops everything.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import {
  ensureDatabase,
  leaveEmbeddedSignalsToCaller,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from '../apps/server/src/db/connection';
import { haproxyBinary, startBalancer, type Balancer } from './lib/haproxy';
import { freePort } from './lib/free-port';
import { redisAnswers } from './lib/redis-probe';
import { untilAnswers } from './lib/until-answers';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'apps', 'server', 'dist', 'main.js');

/** Where a Redis URL points, host and port only: never its user name or password (`redis://:pw@host`). */
function redisAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || 'localhost'}:${u.port || '6379'}`;
  } catch {
    return 'the REDIS_URL given';
  }
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  const config = loadConfig();
  const count = Number(process.env.INSTANCES ?? 2);
  if (!Number.isInteger(count) || count < 1 || count > 32)
    fail('INSTANCES must be a whole number from 1 to 32.');
  if (!config.redisUrl)
    fail(
      'REDIS_URL is required: the instances share realtime events and rate limits through Redis\n' +
        '(e.g. REDIS_URL=redis://127.0.0.1:6379 npm run scale-out).',
    );
  if (!(await redisAnswers(config.redisUrl)))
    fail(`Redis does not answer at ${redisAddress(config.redisUrl)}.`);
  if (!existsSync(entry)) fail(`${path.relative(root, entry)} is missing: run \`npm run build\` first.`);
  if (!haproxyBinary())
    fail('HAProxy is not installed: apt-get install haproxy (or set HAPROXY to its path).');

  let embedded: EmbeddedServer | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(
      path.join(config.dataDir, 'postgres'),
      config.embeddedPgPort,
      config.embeddedPgSharedBuffersMb,
    );
    await ensureDatabase(embedded.url('postgres'), 'shop');
    databaseUrl = embedded.url('shop');
  }

  const children: ChildProcess[] = [];
  let proxy: Balancer | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.info('stopping...');
    await proxy?.stop();
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
            child.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    await embedded?.stop().catch(() => {});
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  // The embedded database stops last, after the instances have finished with it.
  leaveEmbeddedSignalsToCaller();

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    HOST: '127.0.0.1',
    DATA_DIR: config.dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: config.redisUrl,
    PUBLIC_URL: config.publicUrl,
    TRUST_PROXY: '127.0.0.1',
    // The embedded database gets the demo data, as with `npm start`, unless SEED_DEMO says otherwise.
    SEED_DEMO: process.env.SEED_DEMO ?? (embedded ? '1' : '0'),
  };
  const upstreams: { host: string; port: number }[] = [];
  try {
    for (let i = 1; i <= count; i++) {
      const port = await freePort();
      const child = spawn(process.execPath, [entry], {
        cwd: root,
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      children.push(child);
      const name = `instance ${i}`;
      child.once('exit', (code, signal) => {
        // While starting, untilAnswers reports it; once running, HAProxy's health checks skip an instance that is gone.
        if (stopping || !proxy) return;
        const left = children.filter((c) => c.exitCode === null && c.signalCode === null).length;
        console.error(`${name} (port ${port}) exited (${code ?? signal}); ${left} still running`);
        if (left === 0) void stop(1);
      });
      // One at a time: the first applies migrations and seeds, the others find them done.
      await untilAnswers(`http://127.0.0.1:${port}/readyz`, child, { withinMs: 120_000, everyMs: 200 });
      upstreams.push({ host: '127.0.0.1', port });
    }
    proxy = await startBalancer({ host: config.host, port: config.port, upstreams });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await stop(1);
    return;
  }
  console.info(
    `${config.appName}: ${count} instance${count === 1 ? '' : 's'} (${upstreams
      .map((u) => `${u.host}:${u.port}`)
      .join(
        ', ',
      )}) behind HAProxy at http://${config.host}:${config.port} (${config.publicUrl}); Ctrl+C stops them`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
