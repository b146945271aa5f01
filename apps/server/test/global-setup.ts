import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, startEmbeddedPostgres, type EmbeddedServer } from '../src/db/connection';
import { runMigrations } from '../src/db/migrate';
import { freePort } from './support/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
    pgServer: string;
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * One PostgreSQL server for the run: the machine's (DATABASE_URL) or an embedded one. Migrations are applied
 * once to a template database; every test then gets a fresh copy of it (see support/test-app.ts).
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedServer | undefined;
  let dir: string | undefined;
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    adminUrl = withDatabase(process.env.DATABASE_URL, 'postgres');
  } else {
    dir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-pg-'));
    // A server of this run only, removed at its end: nothing it writes needs to survive a crash, so it does not wait
    // for the disk (each test database's DROP makes it write a checkpoint).
    embedded = await startEmbeddedPostgres(dir, await freePort(), 128, {
      fsync: 'off',
      // Commits stay synchronous (a cheap flush without fsync): after an asynchronous commit VACUUM cannot mark the
      // rows' pages all-visible until the WAL writer catches up, and the plan tests' index-only scans depend on it.
      full_page_writes: 'off',
    });
    adminUrl = embedded.url('postgres');
  }
  const template = `shop_tmpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const version = (await admin.query('show server_version')).rows[0].server_version as string;
  await admin.query(`create database ${template}`);
  const database = connectDatabase(withDatabase(adminUrl, template), { max: 2 });
  await runMigrations(database);
  await database.close();
  await admin.end();
  console.info(`server tests: PostgreSQL ${version} (${embedded ? 'embedded' : 'DATABASE_URL'})`);

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  project.provide('pgServer', version);

  return async () => {
    if (embedded && dir) {
      // The server and its folder go, with every database in it.
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
      return;
    }
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    // The template first: its DROP waits for a copy still being made (a worker's next test's, support/test-app.ts),
    // so that copy is among the leftovers listed after it.
    await c.query(`drop database if exists "${template}" with (force)`);
    const leftovers = await c.query(`select datname from pg_database where datname like $1`, [
      `${template}_t%`,
    ]);
    await c.end();
    // Together, on connections of their own: drops waiting at once are answered by one checkpoint.
    await Promise.all(
      leftovers.rows.map(async (row) => {
        const d = new pg.Client({ connectionString: adminUrl });
        await d.connect();
        await d.query(`drop database if exists "${row.datname}" with (force)`).finally(() => d.end());
      }),
    );
  };
}
