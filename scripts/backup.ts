/**
 * `npm run backup [-- <folder>]`: a backup of the shop (every row, in one snapshot, and the files those rows name)
 * into a new folder, `backups/shop-<date>-<time>` by default. The database is DATABASE_URL's, or the embedded one
 * of DATA_DIR (used while the shop runs, or started for the backup and stopped after). See scripts/lib/backup.ts.
 */
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import { backup } from './lib/backup';
import { openDatabase } from './lib/backup-database';

const config = loadConfig();
if (config.s3)
  console.warn(
    'Files are stored in S3 (S3_BUCKET): only the database is backed up; keep the bucket versioned.',
  );
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const out = path.resolve(process.argv[2] ?? path.join('backups', `shop-${stamp}`));
const database = await openDatabase(config, { fresh: false });
try {
  const manifest = await backup({
    databaseUrl: database.url,
    filesDir: path.join(config.dataDir, 'files'),
    out,
    allowMissing: Boolean(config.s3),
  });
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  console.info(
    `backup written to ${out}: ${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} files ` +
      `(PostgreSQL ${manifest.serverVersion})`,
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
// Explicitly: the embedded PostgreSQL's exit hooks would otherwise end the process with code 0.
process.exit(process.exitCode ?? 0);
