/**
 * Names the JavaScript in callgrind's counts: callgrind knows V8's builtins and the C++ of node by their symbols,
 * but JIT-compiled JavaScript only by address. V8 started with `--perf-basic-prof` writes each compiled function's
 * address range to /tmp/perf-<pid>.map (and a log of its own, isolate-*-v8.log, in the folder it runs in); this
 * script reads a dump's own instructions per function (`callgrind_annotate`), names each address from that map (the
 * latest function compiled at it) and prints the functions by instructions per answer, or with a second dump and
 * map the differences between two servers:
 *
 *   BENCH_NODE_FLAGS=--perf-basic-prof SERVERS=shop ... npx tsx bench/catalog-instructions.ts
 *   npx tsx bench/callgrind-js.ts <dump> <map> [<other dump> <other map>]
 *
 * A dump is one batch of one thread (callgrind.<pid>.<batch>-01 is a batch's main thread). Env: ANSWERS (the
 * answers in a batch, default 2000), TOP (the rows printed, default 40), INCLUSIVE=1 (each function with what it
 * calls: a hook's count then holds the hooks after it, which it calls). Addresses the map does not name (code
 * compiled and moved before the map was read, or V8's own stubs) are summed as `(unnamed JIT code)`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const ANSWERS = Number(process.env.ANSWERS ?? 2000);
const TOP = Number(process.env.TOP ?? 40);
/** Each function counted with the functions it calls (`callgrind_annotate --inclusive=yes`). */
const INCLUSIVE = process.env.INCLUSIVE === '1';

interface Range {
  start: bigint;
  end: bigint;
  name: string;
}

function readMap(file: string): Range[] {
  const ranges: Range[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line);
    if (!match) continue;
    const start = BigInt(`0x${match[1]}`);
    ranges.push({ start, end: start + BigInt(`0x${match[2]}`), name: match[3]! });
  }
  return ranges;
}

/** The name of the function last compiled at `address` (code space is reused as functions are compiled again). */
function nameAt(ranges: Range[], address: bigint): string | undefined {
  for (let i = ranges.length - 1; i >= 0; i--) {
    const r = ranges[i]!;
    if (address >= r.start && address < r.end) return r.name;
  }
  return undefined;
}

/** Instructions per answer by function: a function's own, or with INCLUSIVE those of what it calls too. */
function perFunction(dump: string, mapFile: string): Map<string, number> {
  const run = spawnSync(
    'callgrind_annotate',
    ['--threshold=100', `--inclusive=${INCLUSIVE ? 'yes' : 'no'}`, dump],
    {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  if (run.status !== 0) throw new Error(`callgrind_annotate ${dump}: ${run.stderr}`);
  const ranges = readMap(mapFile);
  const totals = new Map<string, number>();
  for (const line of run.stdout.split('\n')) {
    const match =
      /^\s*([\d,]+) \([^)]*\)\s+\?\?\?:(.*)$/.exec(line) ?? /^\s*([\d,]+) \([^)]*\)\s+(.*)$/.exec(line);
    if (!match || match[2]!.includes('PROGRAM TOTALS')) continue;
    const count = Number(match[1]!.replaceAll(',', ''));
    // callgrind marks a function's recursion depth ('2): a function's own counts at each depth add up, its
    // inclusive ones would count the deeper calls twice and stay apart.
    const withDepth = match[2]!.replace(/ \[[^\]]*\]$/, '');
    const symbol = INCLUSIVE ? withDepth : withDepth.replace(/'\d+$/, '');
    const address = /^0x([0-9a-f]+)$/.exec(symbol);
    // JavaScript keeps V8's name and its file; builtins and C++ keep their symbol without its argument list.
    const name = address
      ? (nameAt(ranges, BigInt(`0x${address[1]}`)) ?? '(unnamed JIT code)')
      : symbol.replace(/^v8::internal::/, '').replace(/\(.*$/, '') || symbol;
    totals.set(name, (totals.get(name) ?? 0) + count / ANSWERS);
  }
  return totals;
}

const [dump, map, otherDump, otherMap] = process.argv.slice(2);
if (!dump || !map) {
  console.error('usage: callgrind-js.ts <dump> <perf map> [<other dump> <other perf map>]');
  process.exit(2);
}
const first = perFunction(dump, map);
const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const k = (v: number) => `${(v / 1000).toFixed(2)}k`;
if (!otherDump || !otherMap) {
  if (!INCLUSIVE) console.info(`${k(sum(first))} instructions per answer in all`);
  for (const [name, v] of [...first].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.info(`${k(v)}\t${name}`);
} else {
  const second = perFunction(otherDump, otherMap);
  // Inclusive counts overlap (a caller holds its callees), so their sums say nothing.
  if (!INCLUSIVE)
    console.info(
      `${k(sum(first))} against ${k(sum(second))} instructions per answer in all (first minus second)`,
    );
  const names = new Set([...first.keys(), ...second.keys()]);
  const rows = [...names].map((n) => [n, (first.get(n) ?? 0) - (second.get(n) ?? 0)] as const);
  for (const [name, v] of rows.sort((a, b) => Math.abs(b[1]) - Math.abs(a[1])).slice(0, TOP))
    console.info(
      `${v >= 0 ? '+' : ''}${k(v)}\t${k(first.get(name) ?? 0)}\t${k(second.get(name) ?? 0)}\t${name}`,
    );
}
