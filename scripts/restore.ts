/**
 * `npm run restore -- <folder>`: restores a backup of `npm run backup` into a fresh data folder (DATA_DIR with no
 * database and no files yet: the embedded PostgreSQL is created there) or, with DATABASE_URL, into that empty
 * database (and DATA_DIR's empty files folder). Stop the shop first; start it after. See scripts/lib/backup.ts.
 *
 * The backup is checked whole before anything is created; a restore that fails after that removes the embedded
 * PostgreSQL it created (a DATABASE_URL database is left empty by the rolled-back transaction), so the next attempt
 * finds the data folder as it was. A restore cut short after its commit (a crash, a kill) leaves its files in
 * DATA_DIR/.files-restoring: run the same command again and it moves them into place.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import { checkBackup, restore, restoreStagingDir } from './lib/backup';
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
const filesDir = path.join(config.dataDir, 'files');
// A restore cut short left its files staged: its database (embedded, already created) is the one to finish.
const interrupted = existsSync(restoreStagingDir(filesDir));
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
try {
  // Before anything is created: a mistyped path or a damaged backup leaves the data folder as it was.
  const checked = await checkBackup(backupDir);
  database = await openDatabase(config, { fresh: !(interrupted && !createsCluster) });
  const report = await restore({ databaseUrl: database.url, filesDir, from: backupDir, checked });
  const rows = report.tables.reduce((n, t) => n + t.rows, 0);
  console.info(
    report.resumed
      ? `finished an interrupted restore: the database held the backup's rows; moved its ${report.files} files ` +
          `into place (backup of ${report.manifest.createdAt})`
      : `restored ${rows} rows into ${report.tables.length} tables and ${report.files} files ` +
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
