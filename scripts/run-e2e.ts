/**
 * Runs the browser journeys (apps/web/e2e) against the real built server, in the machine's Chromium (its headless
 * shell when installed).
 * No browser is ever downloaded: without one the journeys are skipped, plainly.
 *
 *   npx tsx scripts/run-e2e.ts [playwright args]     E2E_SKIP_BUILD=1 reuses the current build
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureFirstLoad, overBudget } from './lib/first-load';
import { freePort } from './lib/free-port';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Debian's chromium-headless-shell when it is installed (the same Chromium without the full browser's window and
// GPU processes: the journeys run in about three quarters of the time), else Debian's chromium.
const chrome =
  process.env.CHROME_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file)) ||
  '/usr/bin/chromium';

if (!existsSync(chrome)) {
  console.info('Browser journeys skipped: Chromium not found (set CHROME_PATH or install chromium)');
  process.exit(0);
}

if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('Build failed; the journeys did not run.');
    process.exit(build.status ?? 1);
  }
}
for (const built of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
  if (!existsSync(path.join(root, built))) {
    console.error(`${built} is missing; run npm run build (or drop E2E_SKIP_BUILD).`);
    process.exit(1);
  }
}
// The build under test keeps its first-load budgets (the home page's 130 kB of gzip JavaScript).
const over = overBudget(measureFirstLoad(path.join(root, 'apps', 'web', 'dist')));
if (over.length) {
  console.error(`First-load JavaScript over budget (npx tsx bench/first-load-js.ts):\n${over.join('\n')}`);
  process.exit(1);
}

const port = process.env.E2E_PORT ?? String(await freePort());
const pgPort = process.env.E2E_EMBEDDED_PG_PORT ?? String(await freePort());

const resultsDir = path.join(root, 'test-results');
mkdirSync(resultsDir, { recursive: true });
const reportFile = path.join(resultsDir, 'e2e-report.json');
// A data folder (embedded database, files, mail) of this run only, removed afterwards.
const dataDir = mkdtempSync(path.join(tmpdir(), 'cubicle-e2e-'));
// Run as root, the embedded PostgreSQL runs as a system user of its own, which must reach into this folder.
chmodSync(dataDir, 0o755);

const playwright = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules', '@playwright', 'test', 'cli.js'),
    'test',
    '--config',
    path.join(root, 'apps', 'web', 'playwright.config.ts'),
    '--reporter=list,json',
    ...process.argv.slice(2),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      CHROME_PATH: chrome,
      E2E_DATA_DIR: dataDir,
      E2E_PORT: port,
      E2E_EMBEDDED_PG_PORT: pgPort,
      PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile,
      PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
    },
  },
);

if (process.env.E2E_KEEP_DATA === '1') console.info(`Journey data kept in ${dataDir}`);
else rmSync(dataDir, { recursive: true, force: true });
console.info(`JSON report: ${path.relative(root, reportFile)}`);
process.exit(playwright.status ?? 1);
