/**
 * Cold start of the built shop: time from spawning `node apps/server/dist/main.js` to the first 200 of the home page,
 * on an empty data folder (embedded PostgreSQL initialised, migrated, demo data seeded) and again on the same folder.
 * Run: npm run build && npx tsx bench/cold-start.ts
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { untilAnswers } from '../scripts/lib/until-answers';

const root = path.resolve(import.meta.dirname, '..');
const PORT = 3190;

async function startOnce(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    // Always the embedded defaults, whatever the calling shell has set.
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: '54391',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    return await untilAnswers(`http://127.0.0.1:${PORT}/`, child, {
      withinMs: 120_000,
      everyMs: 50,
      started,
    });
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-cold-start-'));
// Run as root, the embedded PostgreSQL's own system user must be able to reach the data folder.
await chmod(dataDir, 0o755);
try {
  const first = await startOnce(dataDir);
  const second = await startOnce(dataDir);
  console.info(`first start (empty data folder, seeding): ${(first / 1000).toFixed(2)} s to the first 200`);
  console.info(`second start (existing data):             ${(second / 1000).toFixed(2)} s to the first 200`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
