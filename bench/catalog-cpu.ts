/**
 * CPU per request of the storefront list: the shop with its page cache off against the bare Fastify + pg route.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_KEEP_DATABASE=shop_search_1m PRODUCTS=1000000 \
 *     npx tsx bench/catalog-cpu.ts
 *
 * The CPU each server process spends per answer (user and system time from /proc/<pid>/stat, all its threads)
 * beside the throughput: the same two servers as bench/catalog-load.ts, the 12 list pages, alternating runs (shop,
 * bare, bare, shop...). On 2 shared cores both figures move from one run to the next (the CPU per answer of one
 * server by up to a sixth here), so compare the two servers within one run, not runs made at different times.
 * Linux only. Env: PRODUCTS (default 100000), CONNECTIONS (default 100), DURATION seconds per run (default 10),
 * ROUNDS (default 2, each runs both servers once), BENCH_TSX=1 runs both servers through tsx instead of bundled.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { benchDatabase, cyclePaths, LIST_PATHS, loadAverage, startServer, stopServer } from './bench-support';

const PRODUCTS = Number(process.env.PRODUCTS ?? 100_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const DURATION = Number(process.env.DURATION ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 2);

/** User and system CPU of a process so far, in ms (the clock ticks of /proc/<pid>/stat are 10 ms here). */
function cpuMs(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

async function run(port: number, duration: number, pid: number) {
  const before = cpuMs(pid);
  const { result, percentile } = await cyclePaths(port, LIST_PATHS, CONNECTIONS, duration);
  const after = cpuMs(pid);
  const requests = result.requests.total;
  return {
    rps: result.requests.average,
    p99: percentile(99),
    errors: result.errors + result.timeouts + result.non2xx,
    userUs: ((after.user - before.user) * 1000) / requests,
    systemUs: ((after.system - before.system) * 1000) / requests,
  };
}

const database = await benchDatabase(PRODUCTS);
const servers: ChildProcess[] = [];
try {
  const shop = await startServer('bench/catalog-server.ts', 3293, database.url, {
    CATALOG_PAGE_CACHE_SECONDS: '0',
  });
  servers.push(shop);
  const bare = await startServer('bench/catalog-bare.ts', 3292, database.url);
  servers.push(bare);
  console.info(
    `\n${CONNECTIONS} connections, ${DURATION} s per run after 3 s of warm-up, ${process.env.BENCH_TSX === '1' ? 'through tsx' : 'bundled'}; load average ${loadAverage()}\n`,
  );
  console.info('| run | server | req/s | p99 ms | user us/request | system us/request | errors |');
  console.info('|---|---|---|---|---|---|---|');
  const order = [
    ['shop, page cache off', 3293, shop],
    ['bare fastify+pg', 3292, bare],
  ] as const;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, port, child] of round % 2 ? [...order].reverse() : order) {
      await run(port, 3, child.pid!);
      const f = await run(port, DURATION, child.pid!);
      console.info(
        `| ${round + 1} | ${name} | ${f.rps.toFixed(0)} | ${f.p99.toFixed(1)} | ${f.userUs.toFixed(0)} | ${f.systemUs.toFixed(0)} | ${f.errors} |`,
      );
    }
  }
} finally {
  for (const s of servers) await stopServer(s).catch(() => {});
  await database.close();
}
