/**
 * `npm run restore -- <folder>`: restores a backup of `npm run backup` into a fresh data folder (DATA_DIR with no
 * database and no files yet: the embedded PostgreSQL is created there) or, with DATABASE_URL, into that empty
 * database (and DATA_DIR's empty files folder). Stop the shop first; start it after. See scripts/lib/backup.ts.
 *
 * The backup is checked whole before anything is created; a restore that fails after that removes the embedded
 * PostgreSQL it created (a DATABASE_URL database is left empty by the rolled-back transaction), so the next attempt
 * finds the data folder as it was.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import { checkBackup, restore } from './lib/backup';
import { openDatabase } from './lib/backup-database';

const from = process.argv[2];
if (!from) {
  console.error('Usage: npm run restore -- <backup folder>');
  process.exit(1);
}
const config = loadConfig();
const backupDir = path.resolve(from);
// The embedded PostgreSQL's folder, when this restore creates it: removed again if the restore fails.
const clusterDir = config.databaseUrl ? undefined : path.join(config.dataDir, 'postgres');
const createsCluster = clusterDir !== undefined && !existsSync(clusterDir);
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
try {
  // Before anything is created: a mistyped path or a damaged backup leaves the data folder as it was.
  await checkBackup(backupDir);
  database = await openDatabase(config, { fresh: true });
  const report = await restore({
    databaseUrl: database.url,
    filesDir: path.join(config.dataDir, 'files'),
    from: backupDir,
  });
  const rows = report.tables.reduce((n, t) => n + t.rows, 0);
  console.info(
    `restored ${rows} rows into ${report.tables.length} tables and ${report.files} files ` +
      `(backup of ${report.manifest.createdAt})`,
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database?.close().catch(() => {});
}
if (process.exitCode === 1 && createsCluster) await rm(clusterDir!, { recursive: true, force: true });
// Explicitly: the embedded PostgreSQL's exit hooks would otherwise end the process with code 0.
process.exit(process.exitCode ?? 0);
