import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './connection';

/** The committed SQL migrations: beside the bundle in production, in apps/server/drizzle from source. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, 'drizzle'),
    path.join(here, '..', 'drizzle'),
    path.join(here, '..', '..', 'drizzle'),
  ];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error('SQL migrations not found');
  return found;
}

export async function runMigrations(database: Database): Promise<void> {
  // One instance migrates at a time; the others wait on the advisory lock and then find nothing to do.
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migrate(database.db, { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
}
