import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { createTestDatabase } from './e2e/support/database';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

// Playwright loads this file again in every worker; what is made here reaches them through the environment.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'cubicle-e2e-'));
  // Run as root, the embedded PostgreSQL runs as a system user of its own, which must reach into this folder.
  chmodSync(process.env.E2E_DATA_DIR, 0o755);
}
// With DATABASE_URL the server under test gets a database of its own. It is made here rather than in a
// globalSetup because Playwright starts the webServer before globalSetup runs; globalTeardown drops it.
if (process.env.DATABASE_URL && !process.env.E2E_DATABASE_URL) {
  process.env.E2E_DATABASE_URL = await createTestDatabase(process.env.DATABASE_URL);
}

export default defineConfig({
  testDir: './e2e',
  // Screenshots and error context of failed journeys; Playwright empties this folder at the start of a run.
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(repoRoot, 'test-results', 'e2e-artifacts'),
  fullyParallel: true,
  workers: process.env.CI ? 2 : 1,
  // A flaky journey fails the run: a retried pass would hide it.
  retries: 0,
  // A whole journey's budget (its waits for what must appear have their own): the longest ones walk a dozen pages,
  // which took up to 41 s of it in CI's browser on a loaded two-core machine.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  globalTeardown: './e2e/support/global-teardown.ts',
  projects: [
    { name: 'journeys', testIgnore: /\.quiet\.spec\.ts$/ },
    // Journeys that read what the whole shop shares (every admin receives every customer's notifications) run
    // after the others have finished, so nothing another journey does reaches them.
    // One worker: the quiet files read the same shared counts, so they run one after the other too.
    { name: 'quiet shop', testMatch: /\.quiet\.spec\.ts$/, dependencies: ['journeys'], workers: 1 },
  ],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    viewport: { width: 1280, height: 800 },
    // No trace: recording one for every journey (to keep those that fail) took a third of the journeys' time, in
    // Chromium and in the runner. A failed journey keeps its screenshot and error-context.md (the page's
    // accessibility tree where it failed); to trace one, add `--trace retain-on-failure` to the command.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: repoRoot,
    url: `${baseURL}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      EMBEDDED_PG_PORT: process.env.E2E_EMBEDDED_PG_PORT ?? '54410',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
