/**
 * `npm test`: the whole suite. Vitest runs the server API tests (against a real PostgreSQL: embedded, or the
 * server of DATABASE_URL) and the web component tests; then the browser journeys run in Chromium when it is
 * present (scripts/run-e2e.ts says plainly when it skips them). Ends with a summary: the counts, then each failed
 * Vitest test by file and name.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });
const vitestReport = path.join(results, 'vitest.json');
const e2eReport = path.join(results, 'e2e-report.json');
rmSync(vitestReport, { force: true });
rmSync(e2eReport, { force: true });

function run(cmd: string, args: string[]): number {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  return res.status ?? 1;
}

const target = process.env.DATABASE_URL
  ? `PostgreSQL at DATABASE_URL${process.env.REDIS_URL ? ' with Redis' : ''}`
  : 'embedded PostgreSQL';
console.info(`\n== Server and web tests (${target}) ==`);
const vitestCode = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);

console.info('\n== Browser journeys ==');
const e2eCode = run('npx', ['tsx', 'scripts/run-e2e.ts']);

/** The first line of an error message, cut to a line of a log. */
function firstLine(message: string): string {
  const line = message.split('\n')[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}...` : line;
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Counts = { passed: 0, failed: 0, skipped: 0 };

if (existsSync(vitestReport)) {
  const r = JSON.parse(readFileSync(vitestReport, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: {
      name: string;
      message?: string;
      assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
    }[];
  };
  // A run that found nothing to test (a configuration error) is a failure, not a pass.
  if (r.numPassedTests + r.numFailedTests === 0) total.failed += 1;
  total.passed += r.numPassedTests;
  total.failed += r.numFailedTests;
  total.skipped += r.numPendingTests + r.numTodoTests;
  console.info(
    `vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`,
  );
  // The failures once more, under the summary: a log cut to its last lines still names them.
  for (const file of r.testResults) {
    const where = path.relative(root, file.name);
    const failures = file.assertionResults.filter((a) => a.status === 'failed');
    if (failures.length === 0 && file.message) console.info(`  failed: ${where}: ${firstLine(file.message)}`);
    for (const a of failures)
      console.info(`  failed: ${where} > ${a.fullName}: ${firstLine(a.failureMessages?.[0] ?? '')}`);
  }
} else if (vitestCode !== 0) {
  total.failed += 1;
  console.info('vitest: did not produce a report (it failed before running tests)');
}

if (existsSync(e2eReport)) {
  const r = JSON.parse(readFileSync(e2eReport, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  const passed = r.stats.expected + r.stats.flaky;
  total.passed += passed;
  total.failed += r.stats.unexpected;
  total.skipped += r.stats.skipped;
  console.info(`journeys: ${passed} passed, ${r.stats.unexpected} failed, ${r.stats.skipped} skipped`);
} else if (e2eCode !== 0) {
  total.failed += 1;
  console.info('journeys: failed before running (see above)');
} else {
  console.info('journeys: skipped (no Chromium)');
}

const failed = total.failed > 0 || vitestCode !== 0 || e2eCode !== 0;
if (vitestCode !== 0 && existsSync(vitestReport)) console.info(`vitest exited with code ${vitestCode}`);
if (failed && total.failed === 0) total.failed = 1;
console.info(`\ntotal: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failed ? 1 : 0);
