/**
 * The shop's server under test for bench/catalog-load.ts: the real buildApp (every plugin, auth hook, zod
 * validation, the routes' serializers) on DATABASE_URL, no logging, listening on PORT. Prints 'ready' when listening.
 */
import { buildApp } from '../apps/server/src/app';
import { openRuntime } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { searchIndexOf } from '../apps/server/src/modules/catalog/search-index';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
const runtime = await openRuntime(config);
const app = await buildApp(runtime.ctx, { logger: false });
// As a running deployment answers: a large catalogue's in-memory search index is read before the first request
// is measured (the shop itself answers from the database while it builds).
const searchIndex = searchIndexOf(runtime.ctx);
await searchIndex.whenBuilt();
const index = searchIndex.describe();
if (index) {
  console.error(
    `search index: ${index.lexemes} lexemes, ${(index.bytes / 1048576).toFixed(1)} MB of postings, read in ${(index.buildMs / 1000).toFixed(1)} s; server heap ${(process.memoryUsage().heapUsed / 1048576).toFixed(0)} MB, RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`,
  );
}
await app.listen({ port: config.port, host: '127.0.0.1' });
console.info('ready');
process.on('SIGTERM', () => {
  void app.close().then(() => runtime.close().then(() => process.exit(0)));
});
