/**
 * The storefront list's work per answer counted in instructions, which the machine's other work does not change:
 * the shop with its page cache off and the bare Fastify + pg route, each run under valgrind's callgrind.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_KEEP_DATABASE=shop_search_1m PRODUCTS=1000000 \
 *     npx tsx bench/catalog-instructions.ts
 *
 * On two shared cores a change of a few µs per answer is lost in the throughput's noise (bench/README.md, "The
 * list with the page cache off"); an instruction count compares two versions of the code exactly. Each server
 * (the bundles of bench/catalog-server.ts and bench/catalog-bare.ts, as catalog-load.ts runs them) starts under
 * callgrind uninstrumented, is warmed with `WARM` seconds of the list's 12 pages at 10 connections so that V8
 * compiles its code, is then instrumented, and answers `DUMPS` batches of `ANSWERS` requests; each batch's
 * instructions are counted per thread (`--separate-threads=yes`) and printed per answer: the main thread
 * (JavaScript, the HTTP parser, the writes) and the others (V8's compiler and collector helpers). V8 may still
 * compile a function again in a later batch (the other threads' figure shows it), which adds to that batch's main
 * thread too: the fewest of a server's batches is its code's own count, and the two servers compare by it. The
 * shop runs without its search index (SEARCH_INDEX_MIN_PRODUCTS above the catalogue), which the list does not use.
 * Instructions are not time (cache misses, system calls and the kernel's work are not in them), and JIT-compiled
 * JavaScript has no names in callgrind's files: `callgrind_annotate <file>` names the builtins and C++ only.
 * Env: PRODUCTS (default 100000), WARM seconds (default 150), DUMPS (default 6), ANSWERS (default 2000),
 * CALLGRIND_DIR (default a new folder in the system's temporary folder; the dumps are kept there), SERVERS (`shop`
 * or `bare` counts that server alone, as when comparing two versions of the shop's code; default both). With
 * `BENCH_NODE_FLAGS=--perf-basic-prof` V8 writes /tmp/perf-<pid>.map, and `bench/callgrind-js.ts` names the
 * JavaScript functions of a dump from it. Needs valgrind.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchDatabase, cyclePaths, LIST_PATHS, startServer, stopServer } from './bench-support';

const PRODUCTS = Number(process.env.PRODUCTS ?? 100_000);
const WARM = Number(process.env.WARM ?? 150);
const DUMPS = Number(process.env.DUMPS ?? 6);
const ANSWERS = Number(process.env.ANSWERS ?? 2000);
const CONNECTIONS = 10;
const SERVERS = process.env.SERVERS ?? 'both';
if (!['both', 'shop', 'bare'].includes(SERVERS)) {
  console.error(`catalog-instructions: SERVERS is shop, bare or both, not ${SERVERS}`);
  process.exit(2);
}
const DIR = process.env.CALLGRIND_DIR ?? mkdtempSync(path.join(tmpdir(), 'catalog-instructions-'));

// Bytecode that a warm server has not run for a while is not dropped and compiled again while counting.
process.env.BENCH_NODE_FLAGS = `${process.env.BENCH_NODE_FLAGS ?? ''} --no-flush-bytecode`;

if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.error('catalog-instructions: valgrind is not installed (Debian package valgrind)');
  process.exit(2);
}

/** `amount` requests (or, with `duration`, as many as fit in it) cycling through the list's pages, all answered. */
async function send(port: number, load: { amount: number } | { duration: number }) {
  const { result } = await cyclePaths(port, LIST_PATHS, CONNECTIONS, load);
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed) throw new Error(`${failed} of ${result.requests.total} requests failed`);
  return result.requests.total;
}

function callgrindControl(pid: number, option: string) {
  const run = spawnSync('callgrind_control', [option, String(pid)], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`callgrind_control ${option} ${pid}: ${run.stderr || run.stdout}`);
}

/** The instructions of dump `n` of process `pid`, by thread number (1 is the main thread). */
function dumpTotals(pid: number, n: number): Map<number, number> {
  const totals = new Map<number, number>();
  const prefix = `callgrind.${pid}.${n}-`;
  for (const file of readdirSync(DIR).filter((f) => f.startsWith(prefix))) {
    const line = readFileSync(path.join(DIR, file), 'utf8').match(/^totals: (\d+)/m);
    // A file without its totals line is still being written.
    totals.set(Number(file.slice(prefix.length)), line ? Number(line[1]) : NaN);
  }
  return totals;
}

/** Waits until callgrind has written dump `n` of every thread (callgrind_control may return before the files are). */
async function waitForDump(pid: number, n: number) {
  for (let tries = 0; tries < 100; tries++) {
    const totals = dumpTotals(pid, n);
    if (totals.has(1) && [...totals.values()].every((v) => !Number.isNaN(v))) return totals;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`callgrind did not write dump ${n} of ${pid}`);
}

interface Count {
  name: string;
  main: number[];
  others: number[];
}

async function count(
  name: string,
  script: string,
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
) {
  const started = Date.now();
  const child = await startServer(script, port, databaseUrl, env, [
    'valgrind',
    '--quiet',
    '--tool=callgrind',
    '--instr-atstart=no',
    '--separate-threads=yes',
    '--smc-check=all-non-file',
    `--callgrind-out-file=${DIR}/callgrind.%p`,
  ]);
  const pid = child.pid!;
  try {
    const warmed = await send(port, { duration: WARM });
    callgrindControl(pid, '--instr=on');
    await send(port, { amount: 1000 });
    const result: Count = { name, main: [], others: [] };
    for (let n = 1; n <= DUMPS; n++) {
      callgrindControl(pid, '--zero');
      const answers = await send(port, { amount: ANSWERS });
      callgrindControl(pid, '--dump');
      const totals = await waitForDump(pid, n);
      const others = [...totals].filter(([thread]) => thread !== 1).reduce((sum, [, v]) => sum + v, 0);
      result.main.push(totals.get(1)! / answers);
      result.others.push(others / answers);
    }
    console.error(
      `${name}: warmed with ${warmed} answers, counted ${DUMPS} x ${ANSWERS} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    return result;
  } finally {
    await stopServer(child);
  }
}

const database = await benchDatabase(PRODUCTS);
try {
  const bare =
    SERVERS === 'shop'
      ? undefined
      : await count('bare fastify+pg', 'bench/catalog-bare.ts', 3295, database.url);
  const shop =
    SERVERS === 'bare'
      ? undefined
      : await count('shop, page cache off', 'bench/catalog-server.ts', 3296, database.url, {
          CATALOG_PAGE_CACHE_SECONDS: '0',
          SEARCH_INDEX_MIN_PRODUCTS: String(PRODUCTS * 10 + 1),
        });
  const k = (v: number) => `${(v / 1000).toFixed(1)}k`;
  // V8 compiling again or collecting more only adds instructions to a batch: its fewest are the code's own.
  const settled = (values: number[]) => Math.min(...values);
  console.info(
    `\nPostgreSQL ${database.version}, ${PRODUCTS} products; instructions per answer, ${DUMPS} batches of ${ANSWERS} after ${WARM} s of warming; dumps in ${DIR}\n`,
  );
  console.info('| server | main thread, each batch | main thread, fewest | other threads, each batch |');
  console.info('|---|---|---|---|');
  for (const c of [bare, shop]) {
    if (!c) continue;
    console.info(
      `| ${c.name} | ${c.main.map(k).join(', ')} | ${k(settled(c.main))} | ${c.others.map(k).join(', ')} |`,
    );
  }
  if (bare && shop) {
    const extra = settled(shop.main) - settled(bare.main);
    console.info(
      `\nthe shop's main thread: ${k(extra)} instructions per answer above the bare route's (${((extra / settled(bare.main)) * 100).toFixed(1)} %)`,
    );
  }
} finally {
  await database.close();
}
