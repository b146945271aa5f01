/**
 * Where the CPU of the storefront list goes: the shop with its page cache off against the bare Fastify + pg route.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_KEEP_DATABASE=shop_search_1m PRODUCTS=1000000 \
 *     npx tsx bench/catalog-cpu.ts
 *
 * The same two servers as bench/catalog-load.ts, the 12 list pages, alternating runs (shop, bare, bare, shop...).
 * For each run, the CPU spent per answer (user and system time from /proc, in µs) by everything the answer needs
 * on this machine:
 * - the server's main thread, and its other threads (V8's garbage collection and compiler helpers, libuv);
 * - PostgreSQL: every process named `postgres` (its backends, and its background workers, which also count any
 *   other database work on the machine during the run);
 * - this process, which generates the load (autocannon).
 * When the cores are saturated, a server's throughput is the cores' time divided by the sum, so the sums predict
 * the shop's share of the bare route's throughput ("expected" below) from CPU alone, beside the measured one.
 * On 2 shared cores every figure moves from one run to the next (one server's CPU per answer by up to a sixth
 * here), so compare the two servers within one run, not runs made at different times.
 * Linux only. Env: PRODUCTS (default 100000), CONNECTIONS (default 100), DURATION seconds per run (default 10),
 * ROUNDS (default 2, each runs both servers once), BENCH_TSX=1 runs both servers through tsx instead of bundled.
 * CPU_PROFILE=<folder> also runs both servers under V8's CPU profiler (`--cpu-prof`, its files in that folder) and
 * prints, per answer of the measured runs, the functions whose own time differs most between the two servers. The
 * profiler slows both servers, so its figures are for comparing functions, not for the shares above.
 * LAYERS=1 runs the shop in bench/catalog-layers.ts's process, which also answers the same list through the shop's
 * service on a bare Fastify instance and through the bare route's own code, each measured in its turn, and prints
 * for each side the median over the rounds of its share of the bare route's throughput and of its server's CPU per
 * answer above the bare route's: what the shop's process, its service and its Fastify instance each add.
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import {
  benchDatabase,
  cpuBetween,
  cpuOfProcessesNamed,
  cyclePaths,
  LIST_PATHS,
  loadAverage,
  median,
  startServer,
  statCpuMs,
  stopServer,
} from './bench-support';
import { monotonicMicros, selfTimes } from './cpu-profile';

const PRODUCTS = Number(process.env.PRODUCTS ?? 100_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const DURATION = Number(process.env.DURATION ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const PROFILE_DIR = process.env.CPU_PROFILE;
const LAYERS = process.env.LAYERS === '1';
if (PROFILE_DIR) {
  process.env.BENCH_NODE_FLAGS = `${process.env.BENCH_NODE_FLAGS ?? ''} --cpu-prof --cpu-prof-dir=${PROFILE_DIR}`;
}

interface Account {
  mainUser: number;
  mainSystem: number;
  otherThreads: number;
  /** The CPU so far of each PostgreSQL process, by pid. */
  postgres: Map<string, number>;
  loadGenerator: number;
}

/** The CPU so far, in ms, of a server's main thread and other threads, of PostgreSQL's processes, and of this one. */
function account(serverPid: number): Account {
  const main = statCpuMs(`/proc/${serverPid}/task/${serverPid}/stat`);
  const all = statCpuMs(`/proc/${serverPid}/stat`);
  const postgres = cpuOfProcessesNamed('postgres');
  const self = process.cpuUsage();
  return {
    mainUser: main.user,
    mainSystem: main.system,
    otherThreads: all.user + all.system - main.user - main.system,
    postgres,
    loadGenerator: (self.user + self.system) / 1000,
  };
}

async function run(port: number, duration: number, pid: number) {
  const before = account(pid);
  const start = monotonicMicros();
  const { result, percentile } = await cyclePaths(port, LIST_PATHS, CONNECTIONS, { duration });
  const window: [number, number] = [start, monotonicMicros()];
  const after = account(pid);
  const requests = result.requests.total;
  const perAnswer = (ms: number) => (ms * 1000) / requests;
  const cpu = {
    mainUser: perAnswer(after.mainUser - before.mainUser),
    mainSystem: perAnswer(after.mainSystem - before.mainSystem),
    otherThreads: perAnswer(after.otherThreads - before.otherThreads),
    postgres: perAnswer(cpuBetween(before.postgres, after.postgres)),
    loadGenerator: perAnswer(after.loadGenerator - before.loadGenerator),
  };
  return {
    rps: result.requests.average,
    requests,
    window,
    p99: percentile(99),
    errors: result.errors + result.timeouts + result.non2xx,
    cpu,
    server: cpu.mainUser + cpu.mainSystem + cpu.otherThreads,
    total: Object.values(cpu).reduce((a, b) => a + b, 0),
  };
}

const database = await benchDatabase(PRODUCTS);
const servers: ChildProcess[] = [];
try {
  const shop = await startServer(
    LAYERS ? 'bench/catalog-layers.ts' : 'bench/catalog-server.ts',
    3293,
    database.url,
    { CATALOG_PAGE_CACHE_SECONDS: '0', ...(LAYERS ? { SERVICE_PORT: '3295', BARE_PORT: '3294' } : {}) },
  );
  servers.push(shop);
  const bare = await startServer('bench/catalog-bare.ts', 3292, database.url);
  servers.push(bare);
  console.info(
    `\n${CONNECTIONS} connections, ${DURATION} s per run after 3 s of warm-up, ${process.env.BENCH_TSX === '1' ? 'through tsx' : 'bundled'}; load average ${loadAverage()}\n`,
  );
  console.info(
    'CPU per answer in µs: the server (main thread user / system, other threads), PostgreSQL, the load generator\n',
  );
  console.info(
    '| run | server | req/s | p99 ms | main user | main system | other threads | PostgreSQL | load generator | total | errors |',
  );
  console.info('|---|---|---|---|---|---|---|---|---|---|---|');
  type Side = 'shop' | 'service' | 'inProcessBare' | 'bare';
  const layers: [Side, string, number, ChildProcess][] = [
    ['service', "the shop's service on a bare Fastify, in the shop's process", 3295, shop],
    ['inProcessBare', "the bare route in the shop's process", 3294, shop],
  ];
  const order: [Side, string, number, ChildProcess][] = [
    ['shop', 'shop, page cache off', 3293, shop],
    ...(LAYERS ? layers : []),
    ['bare', 'bare fastify+pg', 3292, bare],
  ];
  type Figures = Awaited<ReturnType<typeof run>>;
  const rounds: ({ shop: Figures; bare: Figures } & Partial<Record<Side, Figures>>)[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const figures: Partial<(typeof rounds)[number]> = {};
    for (const [side, name, port, child] of round % 2 ? [...order].reverse() : order) {
      await run(port, 3, child.pid!);
      const f = await run(port, DURATION, child.pid!);
      figures[side] = f;
      const c = f.cpu;
      console.info(
        `| ${round + 1} | ${name} | ${f.rps.toFixed(0)} | ${f.p99.toFixed(1)} | ${[c.mainUser, c.mainSystem, c.otherThreads, c.postgres, c.loadGenerator, f.total].map((v) => v.toFixed(0)).join(' | ')} | ${f.errors} |`,
      );
    }
    rounds.push(figures as (typeof rounds)[number]);
  }
  console.info(
    '\nThe shop against the bare route, per round: measured share of its throughput; share its CPU per answer predicts',
  );
  rounds.forEach(({ shop: s, bare: b }, i) =>
    console.info(
      `round ${i + 1}: measured ${((s.rps / b.rps) * 100).toFixed(0)} %; expected from CPU ${((b.total / s.total) * 100).toFixed(0)} % (${s.total.toFixed(0)} against ${b.total.toFixed(0)} µs, of which the server's ${s.server.toFixed(0)} against ${b.server.toFixed(0)})`,
    ),
  );
  if (LAYERS) {
    console.info(
      `\nMedians over the ${rounds.length} rounds: share of the bare route's throughput in the same round; the server's CPU per answer above the bare route's`,
    );
    for (const [side, name] of order.filter(([side]) => side !== 'bare')) {
      const shares = rounds.map((r) => (r[side]!.rps / r.bare.rps) * 100);
      const extra = rounds.map((r) => r[side]!.server - r.bare.server);
      console.info(
        `${name}: ${median(shares).toFixed(0)} % (${Math.min(...shares).toFixed(0)}-${Math.max(...shares).toFixed(0)}); +${median(extra).toFixed(0)} µs`,
      );
    }
  }
  if (PROFILE_DIR) {
    // The servers write their profiles as they exit.
    for (const s of servers.splice(0)) await stopServer(s);
    const files = readdirSync(PROFILE_DIR);
    const perAnswer = (side: Side, pid: number) => {
      const file = files.find((f) => f.endsWith('.cpuprofile') && f.includes(`.${pid}.`));
      if (!file) throw new Error(`no CPU profile of process ${pid} in ${PROFILE_DIR}`);
      const { byFunction, sampled } = selfTimes(
        `${PROFILE_DIR}/${file}`,
        rounds.map((r) => r[side]!.window),
      );
      const answers = rounds.reduce((n, r) => n + r[side]!.requests, 0);
      return {
        byFunction: new Map([...byFunction].map(([k, us]) => [k, us / answers])),
        sampled: sampled / answers,
      };
    };
    const b = perAnswer('bare', bare.pid!);
    // With LAYERS, each layer against the bare route too (the bare route in the shop's process: what the process
    // costs the same code).
    for (const [side, name] of order.filter(([side]) => side !== 'bare')) {
      const s = perAnswer(side, shop.pid!);
      const rows = [...new Set([...s.byFunction.keys(), ...b.byFunction.keys()])]
        .map((k) => ({ k, side: s.byFunction.get(k) ?? 0, bare: b.byFunction.get(k) ?? 0 }))
        .sort((x, y) => Math.abs(y.side - y.bare) - Math.abs(x.side - x.bare));
      console.info(
        `\nUnder the profiler, µs of the main thread per answer (wall time while sampled, idle included): ${name} ${s.sampled.toFixed(0)}, the bare route ${b.sampled.toFixed(0)}. The functions whose own time differs most, either way (a function of one server only may do the other's work under another name):\n`,
      );
      console.info(`| function | ${name} | bare | difference |`);
      console.info('|---|---|---|---|');
      for (const r of rows.slice(0, 30)) {
        console.info(
          `| ${r.k} | ${r.side.toFixed(2)} | ${r.bare.toFixed(2)} | ${(r.side - r.bare).toFixed(2)} |`,
        );
      }
    }
  }
} finally {
  for (const s of servers) await stopServer(s).catch(() => {});
  await database.close();
}
