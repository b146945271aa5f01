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
    insert into email_verification_tokens (user_id, email, token_hash, expires_at, used_at) values
      (900001, 'ret@example.com', 'v-expired', now() - interval '1 minute', null),
      (900001, 'ret@example.com', 'v-used-long-ago', now() + interval '1 hour', now() - interval '25 hours'),
      (900001, 'ret@example.com', 'v-used-now', now() + interval '1 hour', now() - interval '1 minute'),
      (900001, 'ret@example.com', 'v-fresh', now() + interval '1 hour', null);
    insert into design_submissions (id, slug, selected_tab, title, name, email) values
      (900001, 'ret-design', 'have', 'Ret design', 'Ret', 'ret@example.com');
    insert into design_claim_tokens (design_id, email, token_hash, expires_at, used_at) values
      (900001, 'ret@example.com', 'c-expired', now() - interval '1 minute', null),
      (900001, 'ret@example.com', 'c-used-long-ago', now() + interval '20 days', now() - interval '25 hours'),
      (900001, 'ret@example.com', 'c-used-now', now() + interval '20 days', now() - interval '1 minute'),
      (900001, 'ret@example.com', 'c-fresh', now() + interval '20 days', null);
    insert into mail_queue (to_address, subject, text_body, html_body, kind, status, sent_at, created_at) values
      ('a@example.com', 'old sent', 'x', null, 'test', 'sent', now() - interval '31 days', now() - interval '31 days'),
      ('a@example.com', 'new sent', 'x', '<p>x</p>', 'test', 'sent', now() - interval '1 day', now() - interval '1 day'),
      ('a@example.com', 'old pending', 'x', null, 'test', 'pending', null, now() - interval '31 days'),
      ('a@example.com', 'old failed', 'x', null, 'test', 'failed', null, now() - interval '31 days'),
      ('a@example.com', 'new failed', 'x', null, 'test', 'failed', null, now() - interval '1 day'),
      ('a@example.com', 'reset sent', 'Reset: http://shop/reset?token=r', '<a>r</a>', 'password_reset', 'sent', now(), now()),
      ('a@example.com', 'verify sent', 'Verify: http://shop/verify?token=v', '<a>v</a>', 'email_verification', 'sent', now(), now()),
      ('a@example.com', 'claim sent', 'Claim: http://shop/claim?token=c', '<a>c</a>', 'design_received', 'sent', now(), now()),
      ('a@example.com', 'newsletter failed', 'Confirm: http://shop/c?token=n', '<a>n</a>', 'newsletter_confirm', 'failed', null, now()),
      ('a@example.com', 'reset pending', 'Reset: http://shop/reset?token=p', '<a>p</a>', 'password_reset', 'pending', null, now());
    insert into newsletter_subscribers (email, confirm_token_hash, confirmed_at, created_at) values
      ('stale@example.com', 'tok1', null, now() - interval '8 days'),
      ('recent@example.com', 'tok2', null, now() - interval '1 day'),
      ('done@example.com', null, now() - interval '20 days', now() - interval '20 days');
    insert into product_deletions (product_id, deleted_at) values
      (900001, now() - interval '2 days'),
      (900002, now() - interval '1 hour');
    insert into bookings (kind, status, name, email, slot_start, slot_end, requested_date, requester_network) values
      ('site_visit', 'requested', 'past window', 'g@example.com', now() - interval '1 day', now() - interval '21 hours', null, '192.0.2.1'),
      ('site_visit', 'requested', 'past day', 'g@example.com', null, null, current_date - 2, '192.0.2.2'),
      ('site_visit', 'cancelled', 'cancelled ahead', 'g@example.com', now() + interval '5 days', now() + interval '5 days 3 hours', null, '192.0.2.3'),
      ('site_visit', 'requested', 'window ahead', 'g@example.com', now() + interval '5 days', now() + interval '5 days 3 hours', null, '2001:db8:0:0::/64'),
      ('site_visit', 'requested', 'day ahead', 'g@example.com', null, null, current_date + 3, '192.0.2.5');
  `);
}

async function state() {
  const q = async (text: string) =>
    (await t.ctx.database.pool.query(text)).rows.map((r) => Object.values(r)[0]);
  return {
    sessions: await q('select token_hash from sessions order by token_hash'),
    resetTokens: await q('select token_hash from password_reset_tokens order by token_hash'),
    verificationTokens: await q('select token_hash from email_verification_tokens order by token_hash'),
    claimTokens: await q('select token_hash from design_claim_tokens order by token_hash'),
    mail: await q('select subject from mail_queue order by subject'),
    // The mails whose bodies are still there (text or HTML).
    mailBodies: await q(
      `select subject from mail_queue where text_body <> '' or html_body is not null order by subject`,
    ),
    newsletter: await q(
      `select email from newsletter_subscribers where confirm_token_hash is not null order by email`,
    ),
    productDeletions: await q('select product_id from product_deletions order by product_id'),
    bookingNetworks: await q('select name from bookings where requester_network is not null order by name'),
  };
}

describe('retention job', () => {
  it('deletes expired sessions and tokens, used verification and claim tokens after a day, old sent and failed mail and deleted products’ ids older than a day and the networks of past guests’ visits, blanks the bodies of sent single-use links and expires stale newsletter tokens', async () => {
    await seed();
    expect(await runRetention(t.ctx.database, opts)).toEqual({
      sessions: 1,
      resetTokens: 1,
      verificationTokens: 2,
      claimTokens: 2,
      sentMail: 1,
      failedMail: 1,
      linkMailBodies: 4,
      newsletterTokens: 1,
      productDeletions: 1,
      bookingNetworks: 3,
    });
    expect(await state()).toEqual({
      sessions: ['live'],
      resetTokens: ['fresh'],
      // A link used a minute ago is kept, so following it again says it was used.
      verificationTokens: ['v-fresh', 'v-used-now'],
      claimTokens: ['c-fresh', 'c-used-now'],
      mail: [
        'claim sent',
        'new failed',
        'new sent',
        'newsletter failed',
        'old pending',
        'reset pending',
        'reset sent',
        'verify sent',
      ],
      // The links are gone from what was delivered (or given up on); a mail still to be sent keeps its body.
      mailBodies: ['new failed', 'new sent', 'old pending', 'reset pending'],
      newsletter: ['recent@example.com'],
      productDeletions: [900002],
      // A guest's network is kept while the visit is ahead, for the visits-ahead count only.
      bookingNetworks: ['day ahead', 'window ahead'],
    });
    expect(await runRetention(t.ctx.database, opts)).toEqual({
      sessions: 0,
      resetTokens: 0,
      verificationTokens: 0,
      claimTokens: 0,
      sentMail: 0,
      failedMail: 0,
      linkMailBodies: 0,
      newsletterTokens: 0,
      productDeletions: 0,
      bookingNetworks: 0,
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
