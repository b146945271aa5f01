/**
 * Distinct-search benchmark: a stream of searches the shop has never seen (bench/search-queries.ts: words, word
 * pairs, prefixes while typing, misspellings, model numbers, SKUs, words that match nothing; no search is sent
 * twice), so the storefront page cache, on as deployed, never answers one from memory.
 *
 *   npx tsx bench/search-stream.ts                                   (embedded PostgreSQL)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/search-stream.ts
 *
 * One shop server (bench/catalog-server.ts, the real buildApp) runs on a fresh database of PRODUCTS generated
 * products. For each number of connections (1, 32, 100) the same run measures a trivial route (GET /healthz) and
 * then the stream, and prints the stream's rate as a share of the trivial route's: the machine is shared, and the
 * ratio tells how much of a slow figure is the machine.
 * Env: PRODUCTS (default 100000), DURATION seconds per run (default 10), CONNECTIONS_LIST (default 1,32,100).
 */
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { benchDatabase, loadAverage, startServer, stopServer } from './bench-support';
import { searchStream } from './search-queries';

const PRODUCTS = Number(process.env.PRODUCTS ?? 100_000);
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS_LIST = (process.env.CONNECTIONS_LIST ?? '1,32,100').split(',').map(Number);
const PORT = 3294;

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  count: number;
  byKind: Map<string, number[]>;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function load(
  connections: number,
  duration: number,
  next: () => { path: string; kind: string },
): Promise<Figures> {
  const latencies: number[] = [];
  const byKind = new Map<string, number[]>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${PORT}`,
        connections,
        duration,
        timeout: 10,
        requests: [
          {
            setupRequest: (req, context) => {
              const { path, kind } = next();
              (context as { kind?: string }).kind = kind;
              return { ...req, path };
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
      // One request in flight per connection: the client's request context is the answered request's.
      const kind =
        (client as unknown as { requestIterator?: { context?: { kind?: string } } }).requestIterator?.context
          ?.kind ?? '?';
      const list = byKind.get(kind) ?? [];
      list.push(responseTime);
      byKind.set(kind, list);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    errors: result.errors + result.timeouts + result.non2xx,
    count: latencies.length,
    byKind,
  };
}

const database = await benchDatabase(PRODUCTS, 54396);
let server: ChildProcess | undefined;
try {
  server = await startServer('bench/catalog-server.ts', PORT, database.url);
  const stream = searchStream(PRODUCTS);
  const nextSearch = () => {
    const { text, kind } = stream();
    return { path: `/api/v1/frontend/products?search=${encodeURIComponent(text)}&page=1&per_page=9`, kind };
  };
  const trivial = () => ({ path: '/healthz', kind: 'trivial' });
  await load(4, 3, nextSearch); // warm-up: connections, prepared statements, the spelling vocabulary
  const rows: string[] = [];
  const kinds: string[] = [];
  const targets: string[] = [];
  for (const connections of CONNECTIONS_LIST) {
    const base = await load(connections, Math.min(DURATION, 5), trivial);
    const f = await load(connections, DURATION, nextSearch);
    const la = loadAverage();
    rows.push(
      `| ${String(connections).padStart(11)} | ${f.rps.toFixed(0).padStart(10)} | ${f.p50.toFixed(0).padStart(6)} | ${f.p95.toFixed(0).padStart(6)} | ${f.p99.toFixed(0).padStart(6)} | ${String(f.errors).padStart(6)} | ${base.rps.toFixed(0).padStart(13)} | ${((f.rps / base.rps) * 100).toFixed(1).padStart(6)} % | ${la} |`,
    );
    for (const [kind, list] of [...f.byKind].sort()) {
      list.sort((a, b) => a - b);
      kinds.push(
        `| ${String(connections).padStart(11)} | ${kind.padEnd(12)} | ${String(list.length).padStart(6)} | ${pct(list, 50).toFixed(0).padStart(6)} | ${pct(list, 95).toFixed(0).padStart(6)} |`,
      );
    }
    const met = (ok: boolean) => (ok ? 'met' : 'missed');
    if (connections === 1) targets.push(`1 connection p95 <= 20 ms: ${met(f.p95 <= 20)}`);
    if (connections === 32) targets.push(`32 connections p95 <= 150 ms: ${met(f.p95 <= 150)}`);
    if (connections === 100)
      targets.push(`100 connections >= 300 searches/s and p99 <= 1 s: ${met(f.rps >= 300 && f.p99 <= 1000)}`);
    targets.push(`${connections} connections 0 errors: ${met(f.errors === 0)}`);
  }
  console.info(
    `\nPostgreSQL ${database.version}, ${PRODUCTS} products, distinct searches (page cache on, never a hit), ${DURATION} s per run, latencies in ms\n`,
  );
  console.info(
    '| connections | searches/s |    p50 |    p95 |    p99 | errors | /healthz req/s |  ratio | load average 1/5/15 |',
  );
  console.info(
    '|-------------|------------|--------|--------|--------|--------|----------------|--------|---------------------|',
  );
  for (const r of rows) console.info(r);
  console.info('\n| connections | kind         |  count |    p50 |    p95 |');
  console.info('|-------------|--------------|--------|--------|--------|');
  for (const k of kinds) console.info(k);
  console.info(`\ntargets: ${targets.join('; ')}`);
} finally {
  if (server) await stopServer(server).catch(() => {});
  await database.close();
}
