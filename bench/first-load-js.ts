/**
 * First-load JavaScript per area of the web app (the entry and its static imports, plus each area's layout and
 * landing page; scripts/lib/first-load.ts says how it is counted), beside the areas' budgets.
 *
 *   npm run build -w apps/web && npx tsx bench/first-load-js.ts
 */
import path from 'node:path';
import { kB, measureFirstLoad, overBudget } from '../scripts/lib/first-load';

const dist = path.resolve(import.meta.dirname, '..', 'apps', 'web', 'dist');
let loads;
try {
  loads = measureFirstLoad(dist);
} catch (error) {
  console.error(`${(error as Error).message} (npm run build -w apps/web)`);
  process.exit(1);
}
console.info('| area                       | chunks | JS raw    | JS gzip  | CSS gzip | budget   |');
console.info('|----------------------------|--------|-----------|----------|----------|----------|');
for (const load of loads) {
  console.info(
    `| ${load.name.padEnd(26)} | ${String(load.chunks).padStart(6)} | ${kB(load.raw).padStart(9)} | ${kB(load.gzip).padStart(8)} | ${kB(load.cssGzip).padStart(8)} | ${(load.budget ? kB(load.budget) : '-').padStart(8)} |`,
  );
}
const over = overBudget(loads);
console.info(over.length ? `\nover budget:\n${over.join('\n')}` : '\nevery area within its budget');
