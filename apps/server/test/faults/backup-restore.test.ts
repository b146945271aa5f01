/**
 * Backups (`npm run backup` / `npm run restore`, scripts/lib/backup.ts): a backup of a shop with rows and stored
 * files, restored into a fresh data folder with a new embedded PostgreSQL, has every row of every table and every
 * file the rows name, byte for byte (the search rows the triggers write from the products, written again by the
 * restore); an upload no row adopted is left out; a restore refuses a database that is
 * not empty.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../../../../scripts/lib/backup';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedServer } from '../../src/db/connection';
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
    await restore({ databaseUrl: embedded.url('shop'), filesDir: restoredFiles, from: out });

    const after = await tableContents(embedded.url('shop'));
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const table of Object.keys(before)) expect(after[table], table).toBe(before[table]);
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
    } finally {
      await client.end();
    }

    // Restoring again into the same, no longer empty, database is refused and changes nothing.
    await expect(
      restore({ databaseUrl: embedded.url('shop'), filesDir: path.join(scratch, 'other-files'), from: out }),
    ).rejects.toThrow(/not empty/);
    expect(await tableContents(embedded.url('shop'))).toEqual(after);
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
});
