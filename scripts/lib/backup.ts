/**
 * Backups of the shop: every row of the database, read in one snapshot, and the stored files those rows name
 * (the rows the database's triggers write from other rows are written again by a restore: TRIGGER_WRITTEN).
 *
 * A backup is a folder:
 *   manifest.json   when it was taken, the server's version, the migrations applied, each table's columns and row
 *                   count, each file's size
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
 * The schema is not in the backup: a restore applies the shop's migrations to an empty database, checks that the
 * backup's migrations are the same ones (or a prefix of them), and loads each table's columns by name.
 */
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { copyFile, cp, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { connectDatabase } from '../../apps/server/src/db/connection';
import { runMigrations } from '../../apps/server/src/db/migrate';

export interface Manifest {
  format: 1;
  createdAt: string;
  serverVersion: string;
  migrations: string[];
  tables: { name: string; columns: string[]; rows: number }[];
  /** Every file copied, by its path under the files folder (a key, or `<key>/<variant>` for an image). */
  files: { key: string; bytes: number }[];
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
 * categories' counts from the products, the daily created counts from the users and products (migrations
 * search-words-triggers, search-postings-triggers, category-counts-triggers, created-counts-triggers). They are not
 * in a backup: a restore loads the users and products, and the triggers write these again as they were. Copying
 * them too would collide with what the triggers wrote (a backup taken before this list existed still has them; a
 * restore leaves them out).
 */
const TRIGGER_WRITTEN = new Set([
  'search_words',
  'search_postings',
  'category_product_counts',
  'created_counts',
]);

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

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
  await mkdir(path.join(opts.out, 'tables'), { recursive: true });
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
      const sql = `copy public.${quote(name)} (${columns.map(quote).join(', ')}) to stdout`;
      await pipeline(
        client.query(copyTo(sql)),
        createWriteStream(path.join(opts.out, 'tables', `${name}.copy`)),
      );
      const count = await client.query<{ n: string }>(`select count(*) as n from public.${quote(name)}`);
      tables.push({ name, columns, rows: Number(count.rows[0]!.n) });
    }
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
    await mkdir(path.dirname(target), { recursive: true });
    await cp(source, target, { recursive: true });
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
      });
  }
  if (missing.length > 0 && !opts.allowMissing)
    throw new Error(
      `files named by rows are missing (deleted since the snapshot, or lost before it): ${missing.join(', ')}`,
    );
  await writeFile(path.join(opts.out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The tables ordered so that a table comes after the tables its foreign keys reference. */
async function referencedFirst<T extends { name: string }>(client: pg.PoolClient, tables: T[]): Promise<T[]> {
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

/**
 * Restores a backup into an empty database (no table of the shop in it yet) and an empty files folder: applies
 * the migrations, loads every table's rows, sets the sequences past the restored ids, copies the files.
 */
export async function restore(opts: {
  databaseUrl: string;
  filesDir: string;
  from: string;
}): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(path.join(opts.from, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error('not a backup of this shop (unknown manifest format)');
  if (existsSync(opts.filesDir) && (await readdir(opts.filesDir)).length > 0)
    throw new Error(`${opts.filesDir} is not empty: restore into a fresh data folder`);

  const check = new pg.Client({ connectionString: opts.databaseUrl });
  await check.connect();
  try {
    const { rows } = await check.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    );
    if (Number(rows[0]!.n) > 0)
      throw new Error('the database is not empty: restore into a new, empty database');
  } finally {
    await check.end();
  }

  // Two: the migrations hold one connection for their lock and run on another.
  const database = connectDatabase(opts.databaseUrl, { max: 2 });
  try {
    await runMigrations(database);
    const client = await database.pool.connect();
    try {
      const current = await migrationHashes(client);
      const same = manifest.migrations.every((hash, i) => current[i] === hash);
      if (!same || manifest.migrations.length > current.length)
        throw new Error('the backup was taken by another version of the shop: restore it with that version');
      await client.query('begin');
      const loaded = manifest.tables.filter((t) => !TRIGGER_WRITTEN.has(t.name));
      const names = loaded.map((t) => `public.${quote(t.name)}`).join(', ');
      // Rows the migrations themselves wrote are replaced by the backup's.
      if (names) await client.query(`truncate ${names} cascade`);
      // Referenced tables first, so that every foreign key finds its row (no superuser rights needed).
      for (const table of await referencedFirst(client, loaded)) {
        const sql = `copy public.${quote(table.name)} (${table.columns.map(quote).join(', ')}) from stdin`;
        await pipeline(
          createReadStream(path.join(opts.from, 'tables', `${table.name}.copy`)),
          client.query(copyFrom(sql)),
        );
      }
      // Sequences of serial and identity columns continue after the restored ids.
      const { rows: serials } = await client.query<{ table_name: string; column_name: string; seq: string }>(
        `select c.table_name, c.column_name, pg_get_serial_sequence('public.' || quote_ident(c.table_name), c.column_name) as seq
         from information_schema.columns c
         where c.table_schema = 'public'
           and pg_get_serial_sequence('public.' || quote_ident(c.table_name), c.column_name) is not null`,
      );
      for (const s of serials)
        await client.query(
          `select setval($1, coalesce((select max(${quote(s.column_name)}) from public.${quote(s.table_name)}), 0) + 1, false)`,
          [s.seq],
        );
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  } finally {
    await database.close();
  }

  for (const { key } of manifest.files) {
    const target = safeJoin(opts.filesDir, key);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(safeJoin(path.join(opts.from, 'files'), key), target);
  }
  return manifest;
}
