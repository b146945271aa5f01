/**
 * Backups (`npm run backup` / `npm run restore`, scripts/lib/backup.ts): a backup of a shop with rows and stored
 * files, restored into a fresh data folder with a new embedded PostgreSQL, has every row of every table and every
 * file the rows name, byte for byte (the search rows the triggers write from the products, written again by the
 * restore); an upload no row adopted is left out; a restore refuses a database that is
 * not empty. A backup is readable by its owner only (folders 0700, files 0600). A damaged or incomplete backup
 * (a missing file, a truncated table, a row count that differs) is refused with the database and the files folder
 * left as they were, and `npm run restore` with a mistyped path leaves the fresh data folder fresh. A backup carries
 * no mail with a single-use link (LINK_MAIL_KINDS), every other mail as it was; its manifest records a SHA-256 of
 * every table file and stored file, and a backup whose contents changed (even with their sizes kept) is refused
 * before anything is restored.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  chmod,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  truncate,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore, restoreStagingDir, type Manifest } from '../../../../scripts/lib/backup';
import {
  connectDatabase,
  ensureDatabase,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from '../../src/db/connection';
import { runMigrations } from '../../src/db/migrate';
import { LINK_MAIL_KINDS } from '../../src/platform/retention';
import { designFile, HAVE_DESIGN_FIELDS, submit } from '../modules/designs/support';
import { PDF, PNG_1PX } from '../support/files';
import { bearer, createAdmin, registerCustomer } from '../support/http';
import { multipart } from '../support/multipart';
import { freePort } from '../support/server-process';
import { createTestApp, type TestApp } from '../support/test-app';

/** The files under a folder, by their paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** Every table of the public schema with its rows, in one comparable text per table. */
async function tableContents(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set timezone = 'UTC'`);
    const { rows: tables } = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const out: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ rows: string }>(
        `select coalesce(json_agg(t order by t::text), '[]')::text as rows from public."${name}" t`,
      );
      out[name] = rows[0]!.rows;
    }
    return out;
  } finally {
    await client.end();
  }
}

/** A table's rows as tableContents answers them, less the mails that carry a single-use link. */
function withoutLinkMails(rows: string): unknown[] {
  return (JSON.parse(rows) as { kind: string }[]).filter((m) => !LINK_MAIL_KINDS.includes(m.kind));
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The migrations a database records as applied (drizzle's table), or [] when it has none. */
async function appliedMigrations(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ m: string }>(
      `select hash || ' ' || created_at as m from drizzle.__drizzle_migrations order by id`,
    );
    return rows.map((r) => r.m);
  } catch {
    return [];
  } finally {
    await client.end();
  }
}

/** How many tables a database has in the shop's schemas: 0 for a database no restore has touched. */
async function shopTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** Runs `npm run restore`'s script (scripts/restore.ts) with the given environment; answers its exit and output. */
function runRestoreScript(
  from: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');
  const base = { ...process.env };
  // The embedded PostgreSQL of DATA_DIR, not the test database.
  delete base.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', from], {
    cwd: repoRoot,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('backup and restore', () => {
  let t: TestApp;
  let scratch: string;
  let embedded: EmbeddedServer | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    scratch = await mkdtemp(path.join(os.tmpdir(), 'shop-backup-'));
    // Run as root, the embedded PostgreSQL's own system user must be able to reach its folder inside.
    await chmod(scratch, 0o755);
  });
  afterAll(async () => {
    await embedded?.stop().catch(() => {});
    await t?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }, 60_000);

  it('restores every row and every file into a fresh data folder', async () => {
    // Rows and files: a product (whose search rows the database's triggers write), a chat message with an attachment and a design submission with its file.
    await t.ctx.database.pool.query(
      `with c as (insert into categories (name, slug, position) values ('Desks', 'desks', 0) returning id)
       insert into products (name, slug, sku, description, price, stock_quantity, category_id)
       select 'Oak Writing Desk', 'oak-writing-desk', 'BK-1', 'A desk in solid oak.', 259, 3, c.id from c`,
    );
    const customer = await registerCustomer(t.app);
    const admin = await createAdmin(t.app, t.ctx);
    const attachment = Buffer.concat([PDF, randomBytes(4096)]);
    const body = await multipart({ message: 'My floor plan' }, [
      { field: 'attachments[0]', name: 'plan.pdf', data: attachment, type: 'application/pdf' },
    ]);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${admin.user.id}`,
      ...body,
      headers: { ...body.headers, ...bearer(customer.token) },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // A profile photo: a public image, stored as a folder of WebP variants under its key.
    const photo = await multipart({ name: 'Backup Admin', email: admin.email }, [
      { field: 'photo', name: 'me.png', data: PNG_1PX, type: 'image/png' },
    ]);
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/admin/profile/update',
      ...photo,
      headers: { ...photo.headers, ...bearer(admin.token) },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const design = await submit(t, HAVE_DESIGN_FIELDS, [designFile()], bearer(customer.token));
    expect(design.statusCode, design.body).toBeLessThan(300);
    // Three proposals on it, whose numbers come from a sequence no column owns (P-000001 to P-000003); the third is
    // deleted (as with its customer's account), and its number must not be given again after a restore.
    const { rows: designs } = await t.ctx.database.pool.query<{ id: number }>(
      `select id from design_submissions where slug = $1`,
      [design.json().design.slug],
    );
    for (let i = 0; i < 3; i++) {
      const proposal = await t.app.inject({
        method: 'POST',
        url: `/api/admin/designs/${designs[0]!.id}/proposals`,
        headers: bearer(admin.token),
        payload: {
          valid_until: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
          lines: [{ name: 'Installation', quantity: 1, unit_price: '250' }],
        },
      });
      expect(proposal.statusCode, proposal.body).toBe(201);
    }
    await t.ctx.database.pool.query(`delete from proposals where number = 'P-000003'`);
    // An upload no row adopted (journaled, its request never finished): not part of the shop's data.
    const filesDir = path.join(t.dataDir, 'files');
    await mkdir(path.join(filesDir, 'orphans'), { recursive: true });
    await writeFile(path.join(filesDir, 'orphans', 'abandoned.bin'), 'half an upload');
    await t.ctx.database.pool.query(`insert into upload_journal (key) values ('orphans/abandoned.bin')`);

    const before = await tableContents(t.databaseUrl);
    // The rows the triggers wrote for the product and the accounts: a restore must write them again, the same.
    expect(JSON.parse(before.search_postings!)).not.toHaveLength(0);
    expect(JSON.parse(before.search_words!)).not.toHaveLength(0);
    expect(JSON.parse(before.created_counts!)).not.toHaveLength(0);
    expect(JSON.parse(before.notification_unread_counts!)).not.toHaveLength(0);
    // The customer's verification mail carries a single-use link: it is not in a backup.
    const mails = JSON.parse(before.mail_queue!) as { kind: string }[];
    expect(mails.map((m) => m.kind)).toContain('email_verification');
    const { rows: keyRows } = await t.ctx.database.pool.query<{ key: string }>(
      `select file_key as key from message_attachments
       union select design_file_key from design_submissions where design_file_key is not null
       union select file_key from recommendation_files`,
    );
    expect(keyRows.length).toBeGreaterThanOrEqual(2);

    const out = path.join(scratch, 'backup');
    const manifest = await backup({ databaseUrl: t.databaseUrl, filesDir, out });
    expect(manifest.tables.find((x) => x.name === 'message_attachments')?.rows).toBe(1);
    for (const { key } of keyRows) expect(manifest.files.map((f) => f.key)).toContain(key);
    expect(manifest.files.map((f) => f.key)).not.toContain('orphans/abandoned.bin');

    // A new data folder: a new embedded PostgreSQL with an empty database, an empty files folder.
    const dataDir = path.join(scratch, 'restored');
    await mkdir(dataDir, { mode: 0o755 });
    embedded = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), await freePort());
    await ensureDatabase(embedded.url('postgres'), 'shop');
    const restoredFiles = path.join(dataDir, 'files');
    const report = await restore({ databaseUrl: embedded.url('shop'), filesDir: restoredFiles, from: out });
    expect(report.files).toBe(manifest.files.length);
    expect(report.tables).toEqual(
      expect.arrayContaining(manifest.tables.map((x) => ({ name: x.name, rows: x.rows }))),
    );

    const after = await tableContents(embedded.url('shop'));
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    // The migrations are recorded as the shop's migrator records them: at its next start it has nothing to do.
    const migrations = await appliedMigrations(t.databaseUrl);
    expect(migrations.length).toBeGreaterThan(0);
    expect(await appliedMigrations(embedded.url('shop'))).toEqual(migrations);
    const restored = connectDatabase(embedded.url('shop'), { max: 2 });
    await runMigrations(restored).finally(() => restored.close());
    expect(await appliedMigrations(embedded.url('shop'))).toEqual(migrations);
    for (const table of Object.keys(before).filter((x) => x !== 'mail_queue'))
      expect(after[table], table).toBe(before[table]);
    // Every file of the shop, byte for byte, and nothing else: the abandoned upload is left out.
    const shopFiles = (await filesUnder(filesDir)).filter((f) => !f.startsWith('orphans/'));
    expect(shopFiles.filter((f) => f.endsWith('.webp')).length).toBeGreaterThan(0);
    expect(shopFiles.length).toBeGreaterThanOrEqual(keyRows.length + 1);
    expect(await filesUnder(restoredFiles)).toEqual(shopFiles);
    for (const file of shopFiles) {
      const original = await readFile(path.join(filesDir, file));
      expect((await readFile(path.join(restoredFiles, file))).equals(original), file).toBe(true);
    }
    expect(existsSync(path.join(restoredFiles, 'orphans', 'abandoned.bin'))).toBe(false);

    // The sequences continue after the restored ids: a new row gets a new id.
    const client = new pg.Client({ connectionString: embedded.url('shop') });
    await client.connect();
    try {
      const { rows } = await client.query<{ next: string; max: string }>(
        `select nextval(pg_get_serial_sequence('users', 'id')) as next, (select max(id) from users) as max`,
      );
      expect(Number(rows[0]!.next)).toBeGreaterThan(Number(rows[0]!.max));
      // The proposal numbers go on where the shop's were, past the deleted proposal's number.
      expect(manifest.sequences).toContainEqual({ name: 'proposal_number_seq', last: 3 });
      const numbers = await client.query<{ next: string }>(`select nextval('proposal_number_seq') as next`);
      expect(Number(numbers.rows[0]!.next)).toBe(4);
    } finally {
      await client.end();
    }

    // Restoring again into the same, no longer empty, database is refused and changes nothing.
    await expect(
      restore({ databaseUrl: embedded.url('shop'), filesDir: path.join(scratch, 'other-files'), from: out }),
    ).rejects.toThrow(/not empty/);
    expect(await tableContents(embedded.url('shop'))).toEqual(after);

    // Every mail but those with a single-use link, as it was.
    expect(JSON.parse(after.mail_queue!)).toEqual(withoutLinkMails(before.mail_queue!));
    // The digest of every table file and every stored file, as written into the backup.
    for (const table of manifest.tables)
      expect(table.sha256, table.name).toBe(
        sha256(await readFile(path.join(out, 'tables', `${table.name}.copy`))),
      );
    for (const file of manifest.files)
      expect(file.sha256, file.key).toBe(sha256(await readFile(path.join(out, 'files', file.key))));
  }, 120_000);

  it('fails when an image a row names has lost its files, even if its emptied folder is still there', async () => {
    const filesDir = path.join(t.dataDir, 'files');
    const { rows } = await t.ctx.database.pool.query<{ key: string }>(
      `select photo_key as key from users where photo_key is not null limit 1`,
    );
    const key = rows[0]!.key;
    // Deleting an image removes its WebP variants (the storage's delete) and leaves their folder.
    for (const name of await readdir(path.join(filesDir, key))) await rm(path.join(filesDir, key, name));
    await expect(
      backup({ databaseUrl: t.databaseUrl, filesDir, out: path.join(scratch, 'backup-missing') }),
    ).rejects.toThrow(new RegExp(`missing.*${key}`));
  });

  it('writes the backup readable by its owner only: folders 0700, files 0600', async () => {
    const out = path.join(scratch, 'backup');
    const entries = await readdir(out, { recursive: true, withFileTypes: true });
    expect(entries.some((e) => e.isFile() && e.parentPath.includes(`${path.sep}files`))).toBe(true);
    expect((await stat(out)).mode & 0o777).toBe(0o700);
    for (const e of entries) {
      const file = path.join(e.parentPath, e.name);
      expect((await stat(file)).mode & 0o777, file).toBe(e.isDirectory() ? 0o700 : 0o600);
    }
  });

  /** A copy of the first test's backup, to damage. */
  async function copyOfBackup(name: string): Promise<{ from: string; manifest: Manifest }> {
    const from = path.join(scratch, name);
    await cp(path.join(scratch, 'backup'), from, { recursive: true });
    return {
      from,
      manifest: JSON.parse(await readFile(path.join(from, 'manifest.json'), 'utf8')) as Manifest,
    };
  }

  /** A new, empty database on the first test's embedded server, and a files folder that does not exist yet. */
  async function emptyTarget(name: string) {
    await ensureDatabase(embedded!.url('postgres'), name);
    const dataDir = path.join(scratch, `${name}-data`);
    await mkdir(dataDir, { mode: 0o755 });
    return { databaseUrl: embedded!.url(name), filesDir: path.join(dataDir, 'files'), dataDir };
  }

  it('refuses a backup that lacks a file it lists before touching the database or the files folder', async () => {
    const { from, manifest } = await copyOfBackup('backup-lost-file');
    const lost = manifest.files.at(-1)!.key;
    await rm(path.join(from, 'files', lost));
    const target = await emptyTarget('shop_lost_file');
    const refused = await restore({ ...target, from }).then(
      () => null,
      (err: Error) => err,
    );
    expect(await shopTableCount(target.databaseUrl)).toBe(0);
    // No files folder, and no staging folder left beside it.
    expect(await readdir(target.dataDir)).toEqual([]);
    expect(refused?.message).toContain(`files/${lost} is missing`);
  });

  it('refuses a truncated table file, restoring nothing', async () => {
    const { from, manifest } = await copyOfBackup('backup-truncated');
    const users = manifest.tables.find((x) => x.name === 'users')!;
    const file = path.join(from, 'tables', 'users.copy');
    await truncate(file, Math.floor((await stat(file)).size / 2));
    const target = await emptyTarget('shop_truncated');
    const refused = await restore({ ...target, from }).then(
      () => null,
      (err: Error) => err,
    );
    expect(users.rows).toBeGreaterThan(1);
    expect(await shopTableCount(target.databaseUrl)).toBe(0);
    expect(await readdir(target.dataDir)).toEqual([]);
    expect(refused?.message).toMatch(/users\.copy has \d+ bytes/);
  });

  it('refuses a table file whose rows changed with its size kept, naming it and restoring nothing', async () => {
    const { from } = await copyOfBackup('backup-changed-table');
    const file = path.join(from, 'tables', 'users.copy');
    const rows = await readFile(file, 'utf8');
    // Another address for the first customer, the same length: the rows still load, only the digest tells.
    const changed = rows.replace('@example.com', '@exbmple.com');
    expect(changed).not.toBe(rows);
    await writeFile(file, changed);
    const target = await emptyTarget('shop_changed_table');
    const refused = await restore({ ...target, from }).then(
      () => null,
      (err: Error) => err,
    );
    expect(refused?.message).toMatch(/tables\/users\.copy is not the file backed up \(its SHA-256 differs/);
    expect(await shopTableCount(target.databaseUrl)).toBe(0);
    expect(await readdir(target.dataDir)).toEqual([]);
  });

  it('refuses a backup whose stored files changed with their sizes kept, naming the first one', async () => {
    const { from, manifest } = await copyOfBackup('backup-changed-file');
    const [first, second] = manifest.files;
    for (const { key } of [first!, second!]) {
      const file = path.join(from, 'files', key);
      const bytes = await readFile(file);
      bytes[bytes.length - 1] = bytes.at(-1)! ^ 0xff;
      await writeFile(file, bytes);
    }
    const target = await emptyTarget('shop_changed_file');
    const refused = await restore({ ...target, from }).then(
      () => null,
      (err: Error) => err,
    );
    expect(refused?.message).toContain(`files/${first!.key} is not the file backed up`);
    expect(refused?.message).toContain('nothing was restored');
    expect(await shopTableCount(target.databaseUrl)).toBe(0);
    expect(await readdir(target.dataDir)).toEqual([]);
  });

  it('refuses a manifest that records the digests of some files and not of others', async () => {
    const { from, manifest } = await copyOfBackup('backup-some-digests');
    delete manifest.files[0]!.sha256;
    await writeFile(path.join(from, 'manifest.json'), JSON.stringify(manifest));
    const target = await emptyTarget('shop_some_digests');
    await expect(restore({ ...target, from })).rejects.toThrow(/is not a manifest of this shop's backups/);
    expect(await shopTableCount(target.databaseUrl)).toBe(0);
    expect(await readdir(target.dataDir)).toEqual([]);
  });

  it('leaves the mails that carry a single-use link out of a backup, and keeps every other mail as it was', async () => {
    // A reset link still pending, a verification link sent (its body not yet blanked), an order mail pending.
    await t.ctx.database.pool.query(
      `insert into mail_queue (to_address, subject, text_body, html_body, kind, status, sent_at) values
         ('reset@example.com', 'Reset your password', 'https://shop.example/reset?token=reset-secret-1',
          '<a href="https://shop.example/reset?token=reset-secret-1">Reset</a>', 'password_reset', 'pending', null),
         ('verify@example.com', 'Verify your e-mail', 'https://shop.example/verify?token=verify-secret-2', null,
          'email_verification', 'sent', now()),
         ('buyer@example.com', 'Your quote request', 'We received your quote request.', null, 'quote_request',
          'pending', null)`,
    );
    const before = await tableContents(t.databaseUrl);
    const kept = withoutLinkMails(before.mail_queue!);
    expect(kept.length).toBeLessThan(JSON.parse(before.mail_queue!).length);

    const out = path.join(scratch, 'backup-mail');
    // An earlier test removed a photo's variants: that file is not what this backup is about.
    const filesDir = path.join(t.dataDir, 'files');
    const manifest = await backup({ databaseUrl: t.databaseUrl, filesDir, out, allowMissing: true });
    const copied = await readFile(path.join(out, 'tables', 'mail_queue.copy'), 'utf8');
    expect(copied).not.toContain('reset-secret-1');
    expect(copied).not.toContain('verify-secret-2');
    expect(copied).toContain('We received your quote request.');
    expect(manifest.tables.find((x) => x.name === 'mail_queue')?.rows).toBe(kept.length);

    const target = await emptyTarget('shop_mail');
    const report = await restore({ ...target, from: out });
    expect(report.tables.find((x) => x.name === 'mail_queue')?.rows).toBe(kept.length);
    // The other mails as they were: those pending are sent by the restored shop.
    expect(JSON.parse((await tableContents(target.databaseUrl)).mail_queue!)).toEqual(kept);
    expect(kept).toContainEqual(expect.objectContaining({ kind: 'quote_request', status: 'pending' }));
  }, 60_000);

  it('restores a backup taken before digests were recorded, checking the sizes it records', async () => {
    const { from, manifest } = await copyOfBackup('backup-no-digests');
    for (const entry of [...manifest.tables, ...manifest.files]) delete entry.sha256;
    await writeFile(path.join(from, 'manifest.json'), JSON.stringify(manifest));
    const target = await emptyTarget('shop_no_digests');
    const report = await restore({ ...target, from });
    expect(report.files).toBe(manifest.files.length);
    expect(await filesUnder(target.filesDir)).toEqual(manifest.files.map((f) => f.key).sort());
  }, 60_000);

  it('restores a backup taken before sequences were recorded: they continue after the highest id and number', async () => {
    const { from, manifest } = await copyOfBackup('backup-no-sequences');
    delete manifest.sequences;
    await writeFile(path.join(from, 'manifest.json'), JSON.stringify(manifest));
    const target = await emptyTarget('shop_no_sequences');
    await restore({ ...target, from });
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ next: string; max: string; number: string }>(
        `select nextval(pg_get_serial_sequence('users', 'id')) as next, (select max(id) from users) as max,
                nextval('proposal_number_seq') as number`,
      );
      expect(Number(rows[0]!.next)).toBe(Number(rows[0]!.max) + 1);
      // All it knows of the numbers is the highest restored (P-000002).
      expect(Number(rows[0]!.number)).toBe(3);
    } finally {
      await client.end();
    }
  }, 60_000);

  it('refuses a manifest whose sequences are not numbers, restoring nothing', async () => {
    const { from, manifest } = await copyOfBackup('backup-bad-sequences');
    (manifest.sequences as unknown[]) = [{ name: 'proposal_number_seq', last: '3; drop table users' }];
    await writeFile(path.join(from, 'manifest.json'), JSON.stringify(manifest));
    const target = await emptyTarget('shop_bad_sequences');
    await expect(restore({ ...target, from })).rejects.toThrow(/is not a manifest of this shop's backups/);
    expect(await shopTableCount(target.databaseUrl)).toBe(0);
  });

  it("rolls back a load whose rows differ from the manifest's count, leaving the database empty for the next attempt", async () => {
    // As a backup whose manifest has no file sizes nor digests (taken before they were recorded) whose table lost
    // a row.
    const { from, manifest } = await copyOfBackup('backup-count');
    const users = manifest.tables.find((x) => x.name === 'users')!;
    users.rows += 1;
    for (const table of manifest.tables) {
      delete table.bytes;
      delete table.sha256;
    }
    for (const file of manifest.files) delete file.sha256;
    await writeFile(path.join(from, 'manifest.json'), JSON.stringify(manifest));
    const target = await emptyTarget('shop_count');
    await expect(restore({ ...target, from })).rejects.toThrow(
      `tables/users.copy holds ${users.rows - 1} rows, the manifest says ${users.rows}`,
    );
    expect(await shopTableCount(target.databaseUrl)).toBe(0);
    expect(await readdir(target.dataDir)).toEqual([]);

    // The same database and data folder take the intact backup afterwards.
    const report = await restore({ ...target, from: path.join(scratch, 'backup') });
    expect(report.tables.find((x) => x.name === 'users')?.rows).toBe(users.rows - 1);
    expect(await readdir(target.dataDir)).toEqual(['files']);
  });

  it('finishes a restore cut between its commit and the move of its files when run again', async () => {
    const from = path.join(scratch, 'backup');
    const manifest = JSON.parse(await readFile(path.join(from, 'manifest.json'), 'utf8')) as Manifest;
    const target = await emptyTarget('shop_cut_after_commit');
    await restore({ ...target, from });
    const rows = await tableContents(target.databaseUrl);
    // What a crash right after the commit leaves: the database restored, the files still staged beside the folder.
    const staging = restoreStagingDir(target.filesDir);
    await rename(target.filesDir, staging);

    const again = await restore({ ...target, from });
    expect(again).toMatchObject({ resumed: true, tables: [], files: manifest.files.length });
    expect(await readdir(target.dataDir)).toEqual(['files']);
    expect(await filesUnder(target.filesDir)).toEqual(manifest.files.map((f) => f.key).sort());
    expect(await tableContents(target.databaseUrl)).toEqual(rows);
  }, 60_000);

  it('does not move staged files into a database that holds other rows than the backup', async () => {
    const from = path.join(scratch, 'backup');
    const target = await emptyTarget('shop_cut_other_rows');
    await restore({ ...target, from });
    const staging = restoreStagingDir(target.filesDir);
    await rename(target.filesDir, staging);
    // The shop ran on the restored database meanwhile (or it is another backup's).
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    await client.query(`insert into categories (name, slug, position) values ('Later', 'later', 9)`);
    await client.end();

    await expect(restore({ ...target, from })).rejects.toThrow(
      new RegExp(
        `${staging.replaceAll('.', '\\.')} is left from an earlier restore, but its table categories holds`,
      ),
    );
    expect((await readdir(target.dataDir)).sort()).toEqual([path.basename(staging)]);
  }, 60_000);

  it('does not move a staged file whose contents changed with its size kept', async () => {
    const from = path.join(scratch, 'backup');
    const manifest = JSON.parse(await readFile(path.join(from, 'manifest.json'), 'utf8')) as Manifest;
    const target = await emptyTarget('shop_cut_changed_file');
    await restore({ ...target, from });
    const staging = restoreStagingDir(target.filesDir);
    await rename(target.filesDir, staging);
    // A staged file written over while the restore was cut (a disk fault, another process).
    const key = manifest.files[0]!.key;
    const file = path.join(staging, key);
    const bytes = await readFile(file);
    bytes[0] = bytes[0]! ^ 0xff;
    await writeFile(file, bytes);

    await expect(restore({ ...target, from })).rejects.toThrow(
      `${path.basename(staging)}/${key} is not the file backed up (its SHA-256 differs from the manifest's)`,
    );
    expect((await readdir(target.dataDir)).sort()).toEqual([path.basename(staging)]);
  }, 60_000);

  it('removes the staging folder a restore cut before its commit left, and restores', async () => {
    const from = path.join(scratch, 'backup');
    const manifest = JSON.parse(await readFile(path.join(from, 'manifest.json'), 'utf8')) as Manifest;
    const target = await emptyTarget('shop_cut_before_commit');
    // Part of the files copied, the transaction never committed: the database is still empty.
    const staging = restoreStagingDir(target.filesDir);
    await mkdir(path.join(staging, 'half'), { recursive: true });
    await writeFile(path.join(staging, 'half', 'copied.bin'), 'part of a file');

    const report = await restore({ ...target, from });
    expect(report.resumed).toBe(false);
    expect(await readdir(target.dataDir)).toEqual(['files']);
    expect(await filesUnder(target.filesDir)).toEqual(manifest.files.map((f) => f.key).sort());
  }, 60_000);

  it('npm run restore with a mistyped backup path leaves the fresh data folder fresh for the next attempt', async () => {
    const dataDir = path.join(scratch, 'script-data');
    await mkdir(dataDir, { mode: 0o755 });
    const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'warn' };
    const mistyped = await runRestoreScript(path.join(scratch, 'no-such-backup'), env);
    expect(mistyped.code, mistyped.output).toBe(1);
    expect(await readdir(dataDir)).toEqual([]);
    expect(mistyped.output).toMatch(/no-such-backup does not exist/);

    const from = path.join(scratch, 'backup');
    const manifest = JSON.parse(await readFile(path.join(from, 'manifest.json'), 'utf8')) as Manifest;
    const rows = manifest.tables.reduce((n, x) => n + x.rows, 0);
    const second = await runRestoreScript(from, env);
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain(
      `restored ${rows} rows into ${manifest.tables.length} tables and ${manifest.files.length} files`,
    );
    expect(existsSync(path.join(dataDir, 'postgres', 'pgdata', 'PG_VERSION'))).toBe(true);

    // Cut after its commit (the files still staged), the same command run again finishes it.
    await rename(path.join(dataDir, 'files'), path.join(dataDir, '.files-restoring'));
    const third = await runRestoreScript(from, env);
    expect(third.code, third.output).toBe(0);
    expect(third.output).toContain(
      `finished an interrupted restore: the database held the backup's rows; moved its ${manifest.files.length} files into place`,
    );
    expect((await readdir(dataDir)).sort()).toEqual(['files', 'postgres']);
  }, 180_000);
});
