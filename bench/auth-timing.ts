/**
 * Whether the password-recovery answers tell which e-mails have accounts by their time: forgot-password and
 * reset-password (with a wrong token) for registered and unknown e-mails, and the cost of a reset with a wrong
 * token (no password is hashed for it). Starts the shop (bundled as `npm start` runs it; BENCH_TSX=1: through
 * tsx) on a fresh embedded PostgreSQL, registers customers, then sends the requests one at a time, alternating
 * known and unknown e-mails, and prints the distribution of each.
 *
 * Run: npx tsx bench/auth-timing.ts          (ROUNDS=200 by default)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/lib/free-port';
import { untilAnswers } from '../scripts/lib/until-answers';
import { percentile, serverArgs } from './bench-support';

const root = path.resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.ROUNDS ?? 200);
const WARMUP = 20;
const PASSWORD = 'Walnut-Desk-Panel-42';

async function start(port: number, pgPort: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, await serverArgs('apps/server/src/main.ts'), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      // Each request names its own client address, so the per-address limits never answer 429 here.
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await untilAnswers(`http://127.0.0.1:${port}/readyz`, child, { withinMs: 120_000, everyMs: 200 });
  return child;
}

let clientSeq = 0;
/** A new client address per request (198.18.0.0/15, the benchmarking range). */
function nextClient(): string {
  clientSeq++;
  return `198.18.${(clientSeq >> 8) & 255}.${clientSeq & 255}`;
}

async function post(base: string, url: string, body: unknown): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClient() },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0 };
}

function summary(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return { median: percentile(s, 50), p90: percentile(s, 90), mean };
}

function row(name: string, samples: number[]): string {
  const { median, p90, mean } = summary(samples);
  const f = (n: number) => n.toFixed(2).padStart(7);
  return `| ${name.padEnd(44)} | ${f(median)} | ${f(p90)} | ${f(mean)} |`;
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'auth-timing-'));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const server = await start(port, await freePort(), dataDir);
  const base = `http://127.0.0.1:${port}`;
  try {
    // forgot-password allows 3 requests per e-mail per 15 minutes: one account per round.
    const accounts: string[] = [];
    for (let i = 0; i < ROUNDS + WARMUP; i++) {
      const email = `timing-${i}@example.com`;
      const res = await post(base, '/api/register', {
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        terms: true,
      });
      if (res.status !== 201) throw new Error(`register answered ${res.status}`);
      accounts.push(email);
    }

    const samples: Record<string, number[]> = {
      forgotKnown: [],
      forgotUnknown: [],
      resetKnown: [],
      resetUnknown: [],
    };
    const reset = (email: string) => ({
      email,
      token: 'a-token-that-was-never-issued',
      password: 'Fresh-Cubicle-88',
      password_confirmation: 'Fresh-Cubicle-88',
    });
    for (let i = 0; i < ROUNDS + WARMUP; i++) {
      const known = accounts[i]!;
      const unknown = `nobody-${i}@example.com`;
      // Alternate which goes first, so neither side always follows the other's after-work.
      const order = i % 2 === 0 ? ([known, unknown] as const) : ([unknown, known] as const);
      for (const email of order) {
        const kind = email === known ? 'Known' : 'Unknown';
        const forgot = await post(base, '/api/forgot-password', { email });
        const bad = await post(base, '/api/reset-password', reset(email));
        if (forgot.status !== 200) throw new Error(`forgot-password answered ${forgot.status}`);
        if (bad.status !== 422) throw new Error(`reset-password answered ${bad.status}`);
        if (i >= WARMUP) {
          samples[`forgot${kind}`]!.push(forgot.ms);
          samples[`reset${kind}`]!.push(bad.ms);
        }
      }
    }

    const [load1, load5] = os.loadavg();
    console.info(
      `${ROUNDS} rounds, one request at a time, ${os.cpus().length} cores, load average ${load1!.toFixed(2)} / ${load5!.toFixed(2)}`,
    );
    console.info('| request | median ms | p90 ms | mean ms |');
    console.info('|---|---|---|---|');
    console.info(row('forgot-password, registered e-mail', samples.forgotKnown!));
    console.info(row('forgot-password, unknown e-mail', samples.forgotUnknown!));
    console.info(row('reset-password wrong token, registered e-mail', samples.resetKnown!));
    console.info(row('reset-password wrong token, unknown e-mail', samples.resetUnknown!));
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
