/**
 * `npm run restore -- <folder>`: restores a backup of `npm run backup` into a fresh data folder (DATA_DIR with no
 * database and no files yet: the embedded PostgreSQL is created there) or, with DATABASE_URL, into that empty
 * database (and DATA_DIR's empty files folder). Stop the shop first; start it after. See scripts/lib/backup.ts.
 */
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import { restore } from './lib/backup';
import { openDatabase } from './lib/backup-database';

const from = process.argv[2];
if (!from) {
  console.error('Usage: npm run restore -- <backup folder>');
  process.exit(1);
}
const config = loadConfig();
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
try {
  database = await openDatabase(config, { fresh: true });
  const manifest = await restore({
    databaseUrl: database.url,
    filesDir: path.join(config.dataDir, 'files'),
    from: path.resolve(from),
  });
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  console.info(
    `restored ${rows} rows of ${manifest.tables.length} tables and ${manifest.files.length} files ` +
      `(backup of ${manifest.createdAt})`,
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database?.close();
}
// Explicitly: the embedded PostgreSQL's exit hooks would otherwise end the process with code 0.
process.exit(process.exitCode ?? 0);
