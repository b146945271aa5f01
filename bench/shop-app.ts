/**
 * The shop as the benchmarks run it: the real buildApp (every plugin, auth hook, zod validation, the routes'
 * serializers) on DATABASE_URL, no logging unless BENCH_LOG_LEVEL says, listening on PORT, with a large catalogue's in-memory search index read
 * before it listens (as a running deployment answers; the shop itself answers from the database while it builds).
 */
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { serverLoggerOptions } from '../apps/server/src/platform/log-redaction';
import { openRuntime } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { searchIndexOf } from '../apps/server/src/modules/catalog/search-index';

export async function startShop() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
  const runtime = await openRuntime(config);
  // BENCH_LOG_LEVEL=info: the server's logger as deployed (a line as each request arrives and one as it is answered),
  // its lines written to /dev/null as synchronously as pino writes to standard output: the shop's own cost of its
  // logs, not a log collector's.
  const logLevel = process.env.BENCH_LOG_LEVEL;
  const logger = logLevel
    ? { ...serverLoggerOptions(logLevel), stream: pino.destination({ dest: '/dev/null', sync: true }) }
    : false;
  const app = await buildApp(runtime.ctx, { logger });
  const searchIndex = searchIndexOf(runtime.ctx);
  await searchIndex.whenBuilt();
  const index = searchIndex.describe();
  if (index) {
    console.error(
      `search index: ${index.lexemes} lexemes, ${(index.bytes / 1048576).toFixed(1)} MB of postings, read in ${(index.buildMs / 1000).toFixed(1)} s; server heap ${(process.memoryUsage().heapUsed / 1048576).toFixed(0)} MB, RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`,
    );
  }
  await app.listen({ port: config.port, host: '127.0.0.1' });
  return { ctx: runtime.ctx, close: () => app.close().then(() => runtime.close()) };
}
