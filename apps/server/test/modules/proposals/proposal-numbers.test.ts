/**
 * Proposal numbers (P-000123) come from a sequence of their own: a revision (a new row with the same number) uses
 * none up, proposals written at once never share one, and a shop upgraded from the numbers its rows took from
 * their ids goes on after the highest of them.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterEach, beforeEach, expect, inject, it } from 'vitest';
import { proposalInput } from '@shop/contracts';
import { connectDatabase, ensureDatabase } from '../../../src/db/connection';
import { migrationsFolder, runMigrations } from '../../../src/db/migrate';
import { createForQuoteRequest } from '../../../src/modules/proposals/service';
import { createTestApp, type TestApp } from '../../support/test-app';
import { caller, dealSetup, inDays } from './support';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: { SHOP_TIMEZONE: 'UTC' } });
});
afterEach(async () => {
  await t.close();
});

const numeric = (number: string) => Number(/^P-(\d+)$/.exec(number)![1]);

it('a revision keeps its number and uses none up: the next proposal takes the next number', async () => {
  const { admin, design, product } = await dealSetup(t);
  const call = caller(t);
  const create = async () => {
    const res = await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, {
      valid_until: inDays(14),
      lines: [{ product_id: product.id, quantity: 2 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().proposal as { id: number; number: string };
  };
  const first = await create();
  expect(first.number).toMatch(/^P-\d{6}$/);
  await call('POST', `/api/admin/proposals/${first.id}/send`, admin.token);
  const revised = await call('POST', `/api/admin/proposals/${first.id}/revise`, admin.token);
  expect(revised.statusCode, revised.body).toBe(201);
  expect(revised.json().proposal).toMatchObject({ number: first.number, version: 2 });

  const second = await create();
  expect(numeric(second.number)).toBe(numeric(first.number) + 1);
  expect(second.number).toBe(`P-${String(numeric(first.number) + 1).padStart(6, '0')}`);
});

it('proposals written at once, revisions among them, take distinct numbers one after the other', async () => {
  const { admin, design, product } = await dealSetup(t);
  const call = caller(t);
  const body = { valid_until: inDays(14), lines: [{ product_id: product.id, quantity: 1 }] };
  const sent: { id: number; number: string }[] = [];
  for (let i = 0; i < 3; i++) {
    const p = (await call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, body)).json()
      .proposal;
    await call('POST', `/api/admin/proposals/${p.id}/send`, admin.token);
    sent.push(p);
  }
  const results = await Promise.all([
    ...sent.map((p) => call('POST', `/api/admin/proposals/${p.id}/revise`, admin.token)),
    ...Array.from({ length: 8 }, () =>
      call('POST', `/api/admin/designs/${design.id}/proposals`, admin.token, body),
    ),
  ]);
  for (const res of results) expect(res.statusCode, res.body).toBe(201);
  const revisions = results.slice(0, sent.length).map((r) => r.json().proposal.number as string);
  expect(revisions).toEqual(sent.map((p) => p.number));
  const created = results
    .slice(sent.length)
    .map((r) => numeric(r.json().proposal.number as string))
    .sort((a, b) => a - b);
  const last = numeric(sent[sent.length - 1]!.number);
  expect(created).toEqual(Array.from({ length: 8 }, (_, i) => last + 1 + i));
});

it('an upgraded shop numbers its next proposal after the highest number its proposals have', async () => {
  const adminUrl = inject('pgAdminUrl');
  // Named as the test databases are, so the run's teardown removes it whatever happens here.
  const name = `${inject('pgTemplate')}_t${randomBytes(5).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await ensureDatabase(adminUrl, name);
  const upgraded = connectDatabase(url.toString(), { max: 2 });
  // The migrations before the proposal numbers' sequence, as a shop that has not taken it yet has them.
  const before = await mkdtemp(path.join(os.tmpdir(), 'shop-migrations-'));
  try {
    await cp(migrationsFolder(), before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((e) => e.idx < 30);
    await writeFile(journalPath, JSON.stringify(journal));
    await migrate(upgraded.db, { migrationsFolder: before });

    // Its proposals were numbered from their ids: P-000003 has two versions, P-000004 was used up by the second.
    const { rows } = await upgraded.pool.query<{ admin: number; request: number }>(
      `with c as (insert into users (name, email, password_hash) values ('Old Customer', 'old@example.com', 'x')
                  returning id),
            a as (insert into users (name, email, password_hash, role) values ('Old Admin', 'admin@example.com', 'x', 'admin')
                  returning id),
            r as (insert into quote_requests (user_id) select id from c returning id)
       select (select id from a) as admin, (select id from r) as request`,
    );
    const { admin, request } = rows[0]!;
    await upgraded.pool.query(
      `insert into proposals (id, number, version, quote_request_id, status, valid_until, tax_rate, subtotal, tax, total)
       values (3, 'P-000003', 1, $1, 'superseded', current_date, 0, 1, 0, 1),
              (4, 'P-000003', 2, $1, 'sent', current_date, 0, 1, 0, 1),
              (10, 'P-000010', 1, $1, 'draft', current_date, 0, 1, 0, 1),
              (11, 'P-000010', 2, $1, 'draft', current_date, 0, 1, 0, 1)`,
      [request],
    );
    await upgraded.pool.query(`select setval(pg_get_serial_sequence('proposals', 'id'), 11)`);
    await runMigrations(upgraded);

    const ctx = { ...t.ctx, database: upgraded };
    const input = proposalInput.parse({
      valid_until: inDays(14),
      lines: [{ name: 'Installation', quantity: 1, unit_price: '250' }],
    });
    const next = await createForQuoteRequest(ctx, admin, request, input);
    expect(next.number).toBe('P-000011');
    expect((await createForQuoteRequest(ctx, admin, request, input)).number).toBe('P-000012');
  } finally {
    await upgraded.close();
    await rm(before, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`).finally(() => c.end());
  }
  // It builds a shop's database from its first migration, as the backup and restore tests do: on a busy machine
  // running the whole suite that alone took longer than the default 30 s.
}, 120_000);
