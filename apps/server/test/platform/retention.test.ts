import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runRetention } from '../../src/platform/retention';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const DAY = 86_400_000;
const opts = { sentMailRetentionMs: 30 * DAY, newsletterConfirmMs: 7 * DAY };

async function seed() {
  const pool = t.ctx.database.pool;
  await pool.query(`
    insert into users (id, name, email, password_hash) values (900001, 'Ret', 'ret@example.com', 'x');
    insert into sessions (user_id, token_hash, audience, expires_at) values
      (900001, 'expired', 'customer', now() - interval '1 minute'),
      (900001, 'live', 'customer', now() + interval '1 day');
    insert into password_reset_tokens (user_id, token_hash, expires_at) values
      (900001, 'old', now() - interval '1 minute'),
      (900001, 'fresh', now() + interval '1 hour');
    insert into mail_queue (to_address, subject, text_body, kind, status, sent_at, created_at) values
      ('a@example.com', 'old sent', 'x', 'test', 'sent', now() - interval '31 days', now() - interval '31 days'),
      ('a@example.com', 'new sent', 'x', 'test', 'sent', now() - interval '1 day', now() - interval '1 day'),
      ('a@example.com', 'old pending', 'x', 'test', 'pending', null, now() - interval '31 days');
    insert into newsletter_subscribers (email, confirm_token_hash, confirmed_at, created_at) values
      ('stale@example.com', 'tok1', null, now() - interval '8 days'),
      ('recent@example.com', 'tok2', null, now() - interval '1 day'),
      ('done@example.com', null, now() - interval '20 days', now() - interval '20 days');
    insert into product_deletions (product_id, deleted_at) values
      (900001, now() - interval '2 days'),
      (900002, now() - interval '1 hour');
  `);
}

async function state() {
  const q = async (text: string) =>
    (await t.ctx.database.pool.query(text)).rows.map((r) => Object.values(r)[0]);
  return {
    sessions: await q('select token_hash from sessions order by token_hash'),
    resetTokens: await q('select token_hash from password_reset_tokens order by token_hash'),
    mail: await q('select subject from mail_queue order by subject'),
    newsletter: await q(
      `select email from newsletter_subscribers where confirm_token_hash is not null order by email`,
    ),
    productDeletions: await q('select product_id from product_deletions order by product_id'),
  };
}

describe('retention job', () => {
  it('deletes expired sessions, expired reset tokens, old sent mail and deleted products’ ids older than a day, and expires stale newsletter tokens', async () => {
    await seed();
    expect(await runRetention(t.ctx.database, opts)).toEqual({
      sessions: 1,
      resetTokens: 1,
      sentMail: 1,
      newsletterTokens: 1,
      productDeletions: 1,
    });
    expect(await state()).toEqual({
      sessions: ['live'],
      resetTokens: ['fresh'],
      mail: ['new sent', 'old pending'],
      newsletter: ['recent@example.com'],
      productDeletions: [900002],
    });
    expect(await runRetention(t.ctx.database, opts)).toEqual({
      sessions: 0,
      resetTokens: 0,
      sentMail: 0,
      newsletterTokens: 0,
      productDeletions: 0,
    });
  });

  it('skips the run, changing nothing, while another instance holds the job', async () => {
    await seed();
    const before = await state();
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock(727275)');
      expect(await runRetention(t.ctx.database, opts)).toBeNull();
      expect(await state()).toEqual(before);
    } finally {
      await other.end();
    }
    expect(await runRetention(t.ctx.database, opts)).not.toBeNull();
  });
});
