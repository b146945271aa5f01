/**
 * Restart time of `npm start`: from spawning `npm start` to the first 200 of the home page, first after a source
 * change (the build runs), then again with nothing changed (the build is skipped), on the same data folder.
 * Run: npx tsx bench/restart.ts
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { untilAnswers } from '../scripts/lib/until-answers';

const root = path.resolve(import.meta.dirname, '..');
const PORT = 3191;

async function npmStart(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: '54392',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    return await untilAnswers(`http://127.0.0.1:${PORT}/`, child, {
      withinMs: 300_000,
      everyMs: 50,
      started,
    });
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
    // npm itself may exit before the server has stopped: wait for the port to close.
    for (let i = 0; i < 200; i++) {
      const open = await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
        () => true,
        () => false,
      );
      if (!open) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-restart-'));
// Run as root, the embedded PostgreSQL's own system user must be able to reach the data folder.
await chmod(dataDir, 0o755);
try {
  // As after a deployment of new sources: no record of the last build.
  await unlink(path.join(root, 'apps', 'server', 'dist', '.build-hash')).catch(() => {});
  const first = await npmStart(dataDir);
  const second = await npmStart(dataDir);
  const third = await npmStart(dataDir);
  console.info(
    `npm start after a source change (build, new data folder): ${(first / 1000).toFixed(2)} s to the first 200`,
  );
  console.info(
    `npm start again (build skipped):                          ${(second / 1000).toFixed(2)} s to the first 200`,
  );
  console.info(
    `and once more:                                            ${(third / 1000).toFixed(2)} s to the first 200`,
  );
  console.info(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
