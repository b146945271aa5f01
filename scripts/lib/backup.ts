/**
 * Backups of the shop: every row of the database, read in one snapshot, and the stored files those rows name
 * (the rows the database's triggers write from other rows are written again by a restore: TRIGGER_WRITTEN).
 *
 * A backup is a folder:
 *   manifest.json   when it was taken, the server's version, the migrations applied, each table's columns, row
 *                   count and data file's size and SHA-256, each file's size and SHA-256
 *   tables/<t>.copy each table's rows in PostgreSQL's COPY text format
 *   files/<key>     the files the rows name (product images, photos, design and recommendation files, chat
 *                   attachments), byte for byte
 *
 * Consistency: the rows are read in one REPEATABLE READ transaction (one snapshot), and the files are copied after,
 * only those the snapshot's rows name. A file written after the snapshot is not in the backup (its row is not
 * either); a file deleted between the snapshot and its copy (its row deleted meanwhile) is reported as missing
 * and the backup fails unless `allowMissing`, since its row in the backup would name nothing.
 *
 * The rows are written with COPY rather than pg_dump so that one backup works with every PostgreSQL the shop runs
 * on (the embedded 18 and a DATABASE_URL server of another version) without a client of the server's own version.
 * The schema is not in the backup: a restore checks that the backup's migrations are the shop's (or a prefix of
 * them), applies the shop's migrations to an empty database and loads each table's columns by name.
 *
 * A backup holds password hashes and personal data: its folders are written 0700 and its files 0600. It holds no
 * working single-use link: the mails that carry one (LINK_MAIL_KINDS) are left out (ROWS_KEPT).
 *
 * A restore changes nothing until the whole backup has been checked (the manifest, the size and SHA-256 of every
 * table's data file and of every file it lists: a backup taken before digests were recorded is checked by size);
 * then it copies the files into a staging folder beside the files folder, applies the migrations and loads the rows
 * in one transaction, comparing each table's loaded rows with the manifest's count (any difference rolls everything
 * back, so the database is as empty as before), and renames the staging folder into place only after the commit.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import {
  chmod,
  copyFile,
  cp,
  mkdir,
  readFile,
  readdir,
  rename,
  rm,
  rmdir,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { migrationsFolder } from '../../apps/server/src/db/migrate';
import { LINK_MAIL_KINDS } from '../../apps/server/src/platform/retention';

export interface Manifest {
  format: 1;
  createdAt: string;
  serverVersion: string;
  migrations: string[];
  /**
   * `bytes`, `sha256`: the size and SHA-256 (hex) of the table's data file (backups taken before they were recorded
   * do not have them).
   */
  tables: { name: string; columns: string[]; rows: number; bytes?: number; sha256?: string }[];
  /**
   * Every file copied, by its path under the files folder (a key, or `<key>/<variant>` for an image), with its size
   * and SHA-256 (hex; backups taken before digests were recorded do not have it).
   */
  files: { key: string; bytes: number; sha256?: string }[];
  /**
   * Every sequence's last value as the backup read it (null: never used), so that a restored shop goes on where this
   * one was: the ids and the proposal numbers (`proposal_number_seq`, which no column owns), even those of rows
   * deleted before the backup, are never given twice. Backups taken before sequences were recorded do not have it.
   */
  sequences?: { name: string; last: number | null }[];
}

// Columns that name a stored file: `<something>_key` text columns (photo_key, image_key, file_key,
// design_file_key...). The upload journal's own keys are uploads no row owns: not backed up.
const FILE_KEY_COLUMNS = `
  select table_name, column_name from information_schema.columns
  where table_schema = 'public' and data_type = 'text' and column_name like '%\\_key' escape '\\'
    and table_name <> 'upload_journal'
  order by table_name, column_name`;

/**
 * Tables the database's own triggers write from other rows: the search vocabulary, the name postings and the
 * categories' counts from the products, the daily created counts from the users and products, the unread counts
 * from the notifications (migrations search-words-triggers, search-postings-triggers, category-counts-triggers,
 * created-counts-triggers, notification-unread-counts-triggers). They are not in a backup: a restore loads the
 * users, products and notifications, and the triggers write these again as they were. Copying
 * them too would collide with what the triggers wrote (a backup taken before this list existed still has them; a
 * restore leaves them out).
 */
const TRIGGER_WRITTEN = new Set([
  'search_words',
  'search_postings',
  'category_product_counts',
  'created_counts',
  'notification_unread_counts',
]);

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * The rows a backup keeps of a table, where it does not keep them all: the condition they meet. The mails whose
 * body carries a single-use link (LINK_MAIL_KINDS: a password reset, an e-mail verification, a design claim, a
 * newsletter confirmation) are left out, pending or sent: a backup holding them would hold working links, and a
 * restored shop would send the pending ones again. They are worth nothing after a restore (the token rows decide
 * whether a link works, and the owner asks again). The manifest counts the rows kept, which is what a restore loads.
 */
const ROWS_KEPT: Record<string, string> = {
  mail_queue: `kind <> all (array[${LINK_MAIL_KINDS.map(literal).join(', ')}]::text[])`,
};

/** A backup holds password hashes and personal data: only its owner may read it. */
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/** The advisory lock the shop's migrations take at start-up (db/migrate.ts): a restore's migrations take it too. */
const MIGRATION_LOCK_KEY = 727274;

async function migrationHashes(client: pg.PoolClient | pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ hash: string }>(
    `select hash from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.map((r) => r.hash);
}

/** Writes a backup of the database at `databaseUrl` and of the files under `filesDir` into `out` (created). */
export async function backup(opts: {
  databaseUrl: string;
  filesDir: string;
  out: string;
  allowMissing?: boolean;
}): Promise<Manifest> {
  if (existsSync(opts.out) && (await readdir(opts.out)).length > 0)
    throw new Error(`${opts.out} is not empty: a backup goes into a new folder`);
  await mkdir(path.join(opts.out, 'tables'), { recursive: true, mode: DIR_MODE });
  // Whatever the umask, and for an empty folder that existed already.
  await chmod(opts.out, DIR_MODE);
  await chmod(path.join(opts.out, 'tables'), DIR_MODE);
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  const keys = new Set<string>();
  let manifest: Manifest;
  try {
    await client.query('begin isolation level repeatable read read only');
    const version = (await client.query<{ v: string }>("select current_setting('server_version') as v"))
      .rows[0]!.v;
    const migrations = await migrationHashes(client);
    const { rows: tableRows } = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const tables: Manifest['tables'] = [];
    for (const { name } of tableRows.filter((t) => !TRIGGER_WRITTEN.has(t.name))) {
      const { rows: cols } = await client.query<{ column_name: string }>(
        `select column_name from information_schema.columns
         where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
        [name],
      );
      const columns = cols.map((c) => c.column_name);
      const kept = ROWS_KEPT[name];
      const where = kept ? ` where ${kept}` : '';
      // A query's COPY writes the same format as the table's: a restore loads either into the table.
      const sql = kept
        ? `copy (select ${columns.map(quote).join(', ')} from public.${quote(name)}${where}) to stdout`
        : `copy public.${quote(name)} (${columns.map(quote).join(', ')}) to stdout`;
      const file = path.join(opts.out, 'tables', `${name}.copy`);
      await pipeline(client.query(copyTo(sql)), createWriteStream(file, { mode: FILE_MODE }));
      await chmod(file, FILE_MODE);
      const count = await client.query<{ n: string }>(
        `select count(*) as n from public.${quote(name)}${where}`,
      );
      tables.push({
        name,
        columns,
        rows: Number(count.rows[0]!.n),
        bytes: (await stat(file)).size,
        sha256: await sha256Of(file),
      });
    }
    // Read after the rows: a sequence is not part of the snapshot, so its value is at least every id copied.
    const { rows: sequenceRows } = await client.query<{ name: string; last: string | null }>(
      `select sequencename as name, last_value as last from pg_sequences
       where schemaname = 'public' order by sequencename`,
    );
    const sequences = sequenceRows.map((r) => ({
      name: r.name,
      last: r.last === null ? null : Number(r.last),
    }));
    const { rows: keyColumns } = await client.query<{ table_name: string; column_name: string }>(
      FILE_KEY_COLUMNS,
    );
    for (const { table_name, column_name } of keyColumns) {
      const { rows } = await client.query<{ key: string }>(
        `select distinct ${quote(column_name)} as key from public.${quote(table_name)}
         where ${quote(column_name)} is not null`,
      );
      for (const r of rows) keys.add(r.key);
    }
    await client.query('commit');
    manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      serverVersion: version,
      migrations,
      tables,
      files: [],
      sequences,
    };
  } finally {
    await client.end();
  }

  // The files, after the snapshot: only those its rows name.
  const missing: string[] = [];
  for (const key of [...keys].sort()) {
    const source = safeJoin(opts.filesDir, key);
    const target = safeJoin(path.join(opts.out, 'files'), key);
    if (!existsSync(source)) {
      missing.push(key);
      continue;
    }
    // A key names a file, or a folder of files (a public image's WebP variants, `<key>/<width>.webp`).
    await mkdir(path.dirname(target), { recursive: true, mode: DIR_MODE });
    await cp(source, target, { recursive: true });
    await restrict(target);
    const copied = (await stat(target)).isDirectory()
      ? (await readdir(target, { recursive: true, withFileTypes: true }))
          .filter((e) => e.isFile())
          .map((e) => path.join(e.parentPath, e.name))
      : [target];
    // An image whose variants were deleted leaves its folder behind: a folder without files is missing too.
    if (copied.length === 0) {
      missing.push(key);
      await rm(target, { recursive: true, force: true });
      continue;
    }
    for (const file of copied.sort())
      manifest.files.push({
        key: path.relative(path.join(opts.out, 'files'), file).split(path.sep).join('/'),
        bytes: (await stat(file)).size,
        sha256: await sha256Of(file),
      });
  }
  if (missing.length > 0 && !opts.allowMissing)
    throw new Error(
      `files named by rows are missing (deleted since the snapshot, or lost before it): ${missing.join(', ')}`,
    );
  await writeFile(path.join(opts.out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: FILE_MODE,
  });
  return manifest;
}

/** A copied file 0600, or a copied folder 0700 with every folder in it 0700 and every file 0600 (cp keeps modes). */
async function restrict(target: string): Promise<void> {
  if (!(await stat(target)).isDirectory()) return chmod(target, FILE_MODE);
  await chmod(target, DIR_MODE);
  for (const e of await readdir(target, { recursive: true, withFileTypes: true }))
    await chmod(path.join(e.parentPath, e.name), e.isDirectory() ? DIR_MODE : FILE_MODE);
}

/** The tables ordered so that a table comes after the tables its foreign keys reference. */
async function referencedFirst<T extends { name: string }>(client: pg.ClientBase, tables: T[]): Promise<T[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
     from pg_constraint c join pg_namespace n on n.oid = c.connamespace
     where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`,
  );
  const bare = (name: string) => name.replace(/^public\./, '').replace(/^"|"$/g, '');
  const ordered: T[] = [];
  const left = [...tables];
  while (left.length > 0) {
    const i = left.findIndex((t) =>
      rows.every((r) => bare(r.child) !== t.name || !left.some((o) => o.name === bare(r.parent))),
    );
    // A cycle of foreign keys (none in the shop's schema): the rest in any order.
    if (i < 0) return [...ordered, ...left];
    ordered.push(...left.splice(i, 1));
  }
  return ordered;
}

/** A storage key under a root folder, refusing keys that would leave it. */
function safeJoin(root: string, key: string): string {
  const full = path.resolve(root, key);
  if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`unsafe storage key: ${key}`);
  return full;
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;
const isStrings = (a: unknown): a is string[] => Array.isArray(a) && a.every((x) => typeof x === 'string');
const isDigest = (d: unknown) => d === undefined || (typeof d === 'string' && /^[0-9a-f]{64}$/.test(d));
// A table's name becomes a file name (tables/<name>.copy): nothing but an SQL identifier of the shop's kind.
const TABLE_NAME = /^[a-z_][a-z0-9_]*$/;

/** The shop's migrations, as drizzle's migrator reads and records them. */
function shopMigrations(): MigrationMeta[] {
  return readMigrationFiles({ migrationsFolder: migrationsFolder() });
}

/** The SHA-256 (hex) of a file, read as a stream: a table's rows or a stored file may be large. */
async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The size of a regular file, or undefined when there is none at that path. */
async function fileSize(file: string): Promise<number | undefined> {
  const s = await stat(file).catch(() => undefined);
  return s?.isFile() ? s.size : undefined;
}

/**
 * What is wrong with the manifest's files under `root` (a backup's files/ or a restore's staging folder): each one
 * missing or of another size than listed, named by the folder's name and its key.
 */
async function fileProblems(root: string, files: Manifest['files']): Promise<string[]> {
  const problems: string[] = [];
  for (const { key, bytes } of files) {
    const size = await fileSize(safeJoin(root, key));
    const name = `${path.basename(root)}/${key}`;
    if (size === undefined) problems.push(`${name} is missing`);
    else if (size !== bytes) problems.push(`${name} has ${size} bytes, the manifest says ${bytes}`);
  }
  return problems;
}

/**
 * Reads and checks a backup without touching any database or files folder: the manifest's shape, that it was taken
 * by this version of the shop (its migrations the shop's, or a prefix of them), that every table's data file is
 * there (with the size the manifest records, when it records one) and every listed file is there with its size,
 * and then that each of them has the SHA-256 the manifest records (a backup taken before digests were recorded
 * records none: its files are checked by size only). Every file is read whole, as a stream. Throws saying what is
 * wrong (for a digest, the first file that differs); answers the manifest.
 */
export async function checkBackup(from: string): Promise<Manifest> {
  const manifestFile = path.join(from, 'manifest.json');
  if (!existsSync(from)) throw new Error(`${from} does not exist: nothing was restored`);
  if (!existsSync(manifestFile))
    throw new Error(`${from} is not a backup (it has no manifest.json): nothing was restored`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
  } catch (err) {
    throw new Error(`${manifestFile} is not readable JSON (${(err as Error).message}): nothing was restored`);
  }
  const shapeOk =
    typeof manifest === 'object' &&
    manifest !== null &&
    isStrings(manifest.migrations) &&
    Array.isArray(manifest.tables) &&
    manifest.tables.every(
      (t) =>
        typeof t?.name === 'string' &&
        TABLE_NAME.test(t.name) &&
        isStrings(t.columns) &&
        t.columns.length > 0 &&
        isCount(t.rows) &&
        (t.bytes === undefined || isCount(t.bytes)) &&
        isDigest(t.sha256),
    ) &&
    Array.isArray(manifest.files) &&
    manifest.files.every((f) => typeof f?.key === 'string' && isCount(f.bytes) && isDigest(f.sha256)) &&
    (manifest.sequences === undefined ||
      (Array.isArray(manifest.sequences) &&
        manifest.sequences.every(
          (q) =>
            typeof q?.name === 'string' &&
            TABLE_NAME.test(q.name) &&
            (q.last === null || (Number.isSafeInteger(q.last) && q.last > 0)),
        ))) &&
    // A backup records the digest of every file, or (taken before digests were recorded) of none: one that lacks
    // some has lost them, and those files would go unchecked.
    new Set([...manifest.tables, ...manifest.files].map((e) => e.sha256 === undefined)).size <= 1;
  if (manifest?.format !== 1 || !shapeOk)
    throw new Error(`${manifestFile} is not a manifest of this shop's backups: nothing was restored`);

  const current = shopMigrations().map((m) => m.hash);
  if (
    manifest.migrations.length > current.length ||
    !manifest.migrations.every((hash, i) => current[i] === hash)
  )
    throw new Error('the backup was taken by another version of the shop: restore it with that version');

  const problems: string[] = [];
  for (const table of manifest.tables.filter((t) => !TRIGGER_WRITTEN.has(t.name))) {
    const file = path.join(from, 'tables', `${table.name}.copy`);
    const size = await fileSize(file);
    if (size === undefined) problems.push(`tables/${table.name}.copy is missing`);
    else if (table.bytes !== undefined && size !== table.bytes)
      problems.push(`tables/${table.name}.copy has ${size} bytes, the manifest says ${table.bytes}`);
  }
  problems.push(...(await fileProblems(path.join(from, 'files'), manifest.files)));
  if (problems.length > 0) {
    const shown = problems.slice(0, 20);
    if (problems.length > shown.length) shown.push(`...and ${problems.length - shown.length} more`);
    throw new Error(`the backup in ${from} is incomplete, nothing was restored:\n  ${shown.join('\n  ')}`);
  }
  // The contents, once every file is there at its size: a file changed in place keeps its size.
  const digests = [
    ...manifest.tables
      .filter((t) => !TRIGGER_WRITTEN.has(t.name))
      .map((t) => ({
        name: `tables/${t.name}.copy`,
        file: path.join(from, 'tables', `${t.name}.copy`),
        sha256: t.sha256,
      })),
    ...manifest.files.map((f) => ({
      name: `files/${f.key}`,
      file: safeJoin(path.join(from, 'files'), f.key),
      sha256: f.sha256,
    })),
  ];
  const changed = await firstChanged(digests);
  if (changed)
    throw new Error(
      `the backup in ${from} is damaged, nothing was restored: ${changed} is not the file backed up ` +
        `(its SHA-256 differs from the manifest's)`,
    );
  return manifest;
}

/** The name of the first file whose SHA-256 is not the one recorded (one without a recorded digest is not read). */
async function firstChanged(
  entries: { name: string; file: string; sha256?: string | undefined }[],
): Promise<string | undefined> {
  for (const { name, file, sha256 } of entries)
    if (sha256 !== undefined && (await sha256Of(file)) !== sha256) return name;
  return undefined;
}

/**
 * The shop's migrations, applied on the restore's connection inside its transaction, recorded as drizzle's migrator
 * records them (drizzle-orm's PgDialect.migrate: the same table, hashes and timestamps), so that the shop's own
 * migrator finds them applied at its next start. Inside the transaction, a failed restore leaves no table behind.
 */
async function applyMigrations(client: pg.Client): Promise<void> {
  await client.query('create schema if not exists drizzle');
  await client.query(
    `create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of shopMigrations()) {
    for (const statement of migration.sql) await client.query(statement);
    await client.query(`insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)`, [
      migration.hash,
      migration.folderMillis,
    ]);
  }
}

export interface RestoreReport {
  manifest: Manifest;
  /** The rows COPY loaded into each table (each the manifest's count: a difference fails the restore). */
  tables: { name: string; rows: number }[];
  /** Files copied into the files folder. */
  files: number;
  /** True when this run finished a restore cut between its commit and the move of its files (nothing loaded). */
  resumed: boolean;
}

/**
 * The folder a restore copies the files into before its commit, beside the files folder (the same file system,
 * for the rename). Its name is fixed, so that the next run finds what an interrupted one left.
 */
export const restoreStagingDir = (filesDir: string) =>
  path.join(path.dirname(path.resolve(filesDir)), `.${path.basename(filesDir)}-restoring`);

/**
 * Restores a backup into an empty database (no table of the shop in it yet) and an empty files folder: checks the
 * whole backup first (checkBackup); copies the files into a staging folder; in one transaction applies the
 * migrations, loads every table's rows (each table's count compared with the manifest's) and sets the sequences
 * where the backed-up shop's were (continueSequences); after the commit renames the staging
 * folder into the files folder. A failure before the commit leaves the database and the files folder as they were.
 *
 * A run cut short (a crash, a kill) leaves the staging folder behind. With the database still empty (cut before the
 * commit) the next run removes it and starts again; with the database restored (cut between the commit and the
 * rename) the next run of the same backup checks that the database holds the backup's row counts and the staging
 * folder its files, and moves the files into place (`resumed`).
 */
export async function restore(opts: {
  databaseUrl: string;
  filesDir: string;
  from: string;
  /**
   * What checkBackup answered for `from` just before (`npm run restore` checks before it creates the database):
   * the backup is not read and hashed a second time.
   */
  checked?: Manifest;
}): Promise<RestoreReport> {
  const manifest = opts.checked ?? (await checkBackup(opts.from));
  if (existsSync(opts.filesDir) && (await readdir(opts.filesDir)).length > 0)
    throw new Error(`${opts.filesDir} is not empty: restore into a fresh data folder`);

  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  const staging = restoreStagingDir(opts.filesDir);
  let staged = false;
  const loaded: RestoreReport['tables'] = [];
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    );
    if (Number(rows[0]!.n) > 0) {
      if (!existsSync(staging))
        throw new Error('the database is not empty: restore into a new, empty database');
      await checkInterrupted(client, manifest, staging);
      await moveIntoPlace(staging, opts.filesDir);
      return { manifest, tables: [], files: manifest.files.length, resumed: true };
    }
    // Left by a run cut before its commit (the database is empty): its files are copied again.
    await rm(staging, { recursive: true, force: true });

    // The files first, into a folder of their own beside the files folder (the same file system, for the rename).
    await mkdir(path.dirname(staging), { recursive: true });
    await mkdir(staging, { mode: 0o700 });
    staged = true;
    for (const { key } of manifest.files) {
      const target = safeJoin(staging, key);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(safeJoin(path.join(opts.from, 'files'), key), target);
    }

    await client.query('begin');
    try {
      await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      await applyMigrations(client);
      const tables = manifest.tables.filter((t) => !TRIGGER_WRITTEN.has(t.name));
      const names = tables.map((t) => `public.${quote(t.name)}`).join(', ');
      // Rows the migrations themselves wrote are replaced by the backup's.
      if (names) await client.query(`truncate ${names} cascade`);
      // Referenced tables first, so that every foreign key finds its row (no superuser rights needed).
      for (const table of await referencedFirst(client, tables)) {
        const sql = `copy public.${quote(table.name)} (${table.columns.map(quote).join(', ')}) from stdin`;
        const copy = client.query(copyFrom(sql));
        await pipeline(createReadStream(path.join(opts.from, 'tables', `${table.name}.copy`)), copy);
        if (copy.rowCount !== table.rows)
          throw new Error(
            `tables/${table.name}.copy holds ${copy.rowCount} rows, the manifest says ${table.rows}: ` +
              'the backup is damaged, nothing was restored',
          );
        loaded.push({ name: table.name, rows: copy.rowCount });
      }
      await continueSequences(client, manifest);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    }
  } catch (err) {
    if (staged) await rm(staging, { recursive: true, force: true }).catch(() => {});
    throw err;
  } finally {
    await client.end().catch(() => {});
  }

  await moveIntoPlace(staging, opts.filesDir);
  return { manifest, tables: loaded, files: manifest.files.length, resumed: false };
}

/**
 * Sets the restored database's sequences where the backed-up shop's were (a sequence the shop no longer has is
 * skipped). A backup taken before sequences were recorded has only its rows to go by: the sequences of serial and
 * identity columns continue after the restored ids, the proposal numbers' after the highest number restored.
 */
async function continueSequences(client: pg.Client, manifest: Manifest): Promise<void> {
  if (manifest.sequences) {
    // Never below what the restore itself took (the triggers' rows it wrote again).
    for (const { name, last } of manifest.sequences)
      if (last !== null)
        await client.query(
          `select setval(q.oid, greatest($2::bigint, coalesce(pg_sequence_last_value(q.oid), 0)), true)
           from (select to_regclass($1) as oid) q where q.oid is not null`,
          [`public.${quote(name)}`, last],
        );
    return;
  }
  const { rows: serials } = await client.query<{ table_name: string; column_name: string; seq: string }>(
    `select c.table_name, c.column_name, pg_get_serial_sequence('public.' || quote_ident(c.table_name), c.column_name) as seq
     from information_schema.columns c
     where c.table_schema = 'public'
       and pg_get_serial_sequence('public.' || quote_ident(c.table_name), c.column_name) is not null`,
  );
  for (const q of serials)
    await client.query(
      `select setval($1, coalesce((select max(${quote(q.column_name)}) from public.${quote(q.table_name)}), 0) + 1, false)`,
      [q.seq],
    );
  await client.query(
    `select setval('public.proposal_number_seq', coalesce(max(substring(number from '^P-([0-9]+)$')::bigint), 0) + 1, false)
     from public.proposals`,
  );
}

/** After the commit: the staged files take their place (an empty files folder is replaced by the staged one). */
async function moveIntoPlace(staging: string, filesDir: string): Promise<void> {
  if (existsSync(filesDir)) await rmdir(filesDir);
  await rename(staging, filesDir);
}

/**
 * Whether a database that is not empty is this backup's, restored by a run that was cut before it moved the staged
 * files: every restored table holds the manifest's row count, and the staging folder every file at its size and
 * with its SHA-256 (when the manifest records digests).
 */
async function checkInterrupted(client: pg.Client, manifest: Manifest, staging: string): Promise<void> {
  const cannot = (why: string) =>
    new Error(
      `the database is not empty and ${staging} is left from an earlier restore, but ${why}: ` +
        'restore into a new, empty database and an empty files folder',
    );
  for (const table of manifest.tables.filter((t) => !TRIGGER_WRITTEN.has(t.name))) {
    const { rows } = await client
      .query<{ n: string }>(`select count(*) as n from public.${quote(table.name)}`)
      .catch(() => ({ rows: [{ n: '-1' }] }));
    const n = Number(rows[0]!.n);
    if (n !== table.rows)
      throw cannot(
        `its table ${table.name} holds ${n < 0 ? 'no' : n} rows where the backup has ${table.rows}`,
      );
  }
  const [problem] = await fileProblems(staging, manifest.files);
  if (problem) throw cannot(problem);
  const changed = await firstChanged(
    manifest.files.map((f) => ({
      name: `${path.basename(staging)}/${f.key}`,
      file: safeJoin(staging, f.key),
      sha256: f.sha256,
    })),
  );
  if (changed) throw cannot(`${changed} is not the file backed up (its SHA-256 differs from the manifest's)`);
}
