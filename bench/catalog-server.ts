/**
 * The shop's server under test for bench/catalog-load.ts: the real buildApp (every plugin, auth hook, zod
 * validation and serialization) on DATABASE_URL, no logging, listening on PORT. Prints 'ready' when listening.
 */
import { buildApp } from '../apps/server/src/app';
import { openRuntime } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
const runtime = await openRuntime(config);
const app = await buildApp(runtime.ctx, { logger: false });
await app.listen({ port: config.port, host: '127.0.0.1' });
console.info('ready');
process.on('SIGTERM', () => {
  void app.close().then(() => runtime.close().then(() => process.exit(0)));
});
