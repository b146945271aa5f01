import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../../apps/server/src/config';
import { embeddedUrl, ensureDatabase, startEmbeddedPostgres } from '../../apps/server/src/db/connection';

/**
 * The shop's database for a backup or a restore: DATABASE_URL, or the embedded PostgreSQL of DATA_DIR (the running
 * one when the shop is up, else started here and stopped by `close`). `fresh`: the embedded database must not
 * exist yet (a restore creates it).
 */
export async function openDatabase(
  config: Config,
  opts: { fresh: boolean },
): Promise<{ url: string; close(): Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, close: async () => {} };
  const dir = path.join(config.dataDir, 'postgres');
  const exists = existsSync(path.join(dir, 'pgdata', 'PG_VERSION'));
  if (opts.fresh && exists)
    throw new Error(`${config.dataDir} already has a database: restore into a fresh data folder (DATA_DIR)`);
  if (!opts.fresh && !exists) throw new Error(`${config.dataDir} has no database to back up`);
  if (exists) {
    const url = await embeddedUrl(dir, config.embeddedPgPort, 'shop');
    const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    const running = await probe.connect().then(
      () => true,
      () => false,
    );
    await probe.end().catch(() => {});
    if (running) return { url, close: async () => {} };
  }
  const server = await startEmbeddedPostgres(dir, config.embeddedPgPort, config.embeddedPgSharedBuffersMb);
  await ensureDatabase(server.url('postgres'), 'shop');
  return { url: server.url('shop'), close: () => server.stop() };
}
