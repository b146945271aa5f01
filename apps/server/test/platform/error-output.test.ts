/**
 * What the commands print when they fail (their own processes, as an operator runs them): the server's start
 * (main.ts) and `npm run admin:create` print a failed query's code, never its parameters; `npm run scale-out`
 * names the Redis it cannot reach by host and port, never with its password.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/server-process';
import { createTestDatabase } from '../support/test-app';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/** Runs a TypeScript entry of the repository to its end; answers its exit code and everything it wrote. */
function run(entry: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', SEED_DEMO: '0', REDIS_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const kill = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(kill);
      resolve({ code, output });
    });
  });
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A fresh database whose table refuses every insert (a check no row passes), and a data folder. */
async function refusingDatabase(table: string) {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-error-output-'));
  cleanups.push(
    () => database.drop(),
    () => rm(dataDir, { recursive: true, force: true }),
  );
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(`alter table ${table} add constraint refuse_test check (false) not valid`);
  await client.end();
  return { DATABASE_URL: database.url, DATA_DIR: dataDir };
}

describe('a command that fails', () => {
  it('admin:create prints the code of the failed insert, not the password hash', async () => {
    const env = await refusingDatabase('users');
    const { code, output } = await run(
      'apps/server/src/cli/create-admin.ts',
      ['--email', 'ops-secret@example.com', '--name', 'Ops', '--password', 'Violet-Harbor-Lantern-93'],
      env,
    );
    expect(code).toBe(1);
    expect(output).not.toContain('$argon2');
    expect(output).not.toContain('ops-secret@example.com');
    expect(output).not.toContain('params');
    expect(output).toContain('23514');
  }, 60_000);

  it("the server's start prints the code of a failed query, not its parameters", async () => {
    const env = await refusingDatabase('page_meta');
    const { code, output } = await run('apps/server/src/main.ts', [], {
      ...env,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
    });
    expect(code).toBe(1);
    expect(output).toContain('23514');
    expect(output).toMatch(/\n\s+at /); // its stack
    expect(output).not.toContain('office cubicles, office furniture'); // a parameter of the insert
    expect(output).not.toContain('params');
  }, 60_000);

  it('scale-out names the Redis it cannot reach by host and port, without its password', async () => {
    const port = await freePort();
    const { code, output } = await run('scripts/scale-out.ts', [], {
      REDIS_URL: `redis://:Redis-Secret-Pw@127.0.0.1:${port}`,
      INSTANCES: '1',
    });
    expect(code).toBe(1);
    expect(output).toContain(`Redis does not answer at 127.0.0.1:${port}.`);
    expect(output).not.toContain('Redis-Secret-Pw');
  }, 60_000);
});
