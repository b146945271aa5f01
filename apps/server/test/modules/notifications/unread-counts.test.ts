import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsResponse } from '@shop/contracts';
import { seededRandom } from '../../../../../bench/search-queries';
import { createNotifications } from '../../../src/modules/notifications/service';
import { bearer, registerCustomer } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * Each user's unread notifications (notification_unread_counts), which the bell and the pushed counts read
 * instead of counting the notifications: kept exact by the database on every write of notifications, whichever
 * path writes them, one row or many in one statement.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The counts table, and the same counted from the notifications: they must always agree. */
async function countsAgree(): Promise<Record<number, number>> {
  const pool = t.ctx.database.pool;
  const kept = await pool.query<{ user_id: number; n: number }>(
    'select user_id, unread as n from notification_unread_counts order by 1',
  );
  const counted = await pool.query<{ user_id: number; n: number }>(
    'select user_id, count(*)::int as n from notifications where read_at is null group by 1 order by 1',
  );
  expect(kept.rows).toEqual(counted.rows);
  return Object.fromEntries(kept.rows.map((r) => [r.user_id, r.n]));
}

const unreadOf = async (token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/notifications?per_page=1',
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json<NotificationsResponse>().unread_count;
};

describe('the unread notifications’ counts', () => {
  it('follow the API: new notifications, one read, an unknown id, all read', async () => {
    const alice = await registerCustomer(t.app);
    const bob = await registerCustomer(t.app);
    for (const id of [alice.user.id, alice.user.id, bob.user.id])
      await createNotifications(t.ctx.database.db, [id], { type: 'design_update', message: 'Reviewed' });
    expect(await countsAgree()).toMatchObject({ [alice.user.id]: 2, [bob.user.id]: 1 });
    expect(await unreadOf(alice.token)).toBe(2);

    const { rows } = await t.ctx.database.pool.query<{ id: number }>(
      'select id from notifications where user_id = $1 order by id',
      [alice.user.id],
    );
    const first = rows[0]!.id;
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${first}/read`,
      headers: bearer(alice.token),
    });
    expect(read.statusCode, read.body).toBeLessThan(300);
    expect(await unreadOf(alice.token)).toBe(1);
    // Read again, and Bob's own notification named by Alice: nothing changes.
    await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${first}/read`,
      headers: bearer(alice.token),
    });
    const { rows: bobs } = await t.ctx.database.pool.query<{ id: number }>(
      'select id from notifications where user_id = $1',
      [bob.user.id],
    );
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${bobs[0]!.id}/read`,
      headers: bearer(alice.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(await countsAgree()).toMatchObject({ [alice.user.id]: 1, [bob.user.id]: 1 });

    const all = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      headers: bearer(alice.token),
    });
    expect(all.statusCode, all.body).toBeLessThan(300);
    expect(await unreadOf(alice.token)).toBe(0);
    // A user left with none unread has no row.
    expect((await countsAgree())[alice.user.id]).toBeUndefined();
  });

  it('follow statements of many rows: inserts, reads and unreads, moved recipients, deletes, a deleted user, a truncate', async () => {
    const pool = t.ctx.database.pool;
    const random = seededRandom(11);
    const { rows } = await pool.query<{ id: number }>(
      `insert into users (name, email, password_hash, role)
       select 'Counted ' || i, 'counted-' || i || '@example.com', 'x', 'user' from generate_series(1, 6) i
       returning id`,
    );
    const people = rows.map((r) => r.id);
    const pick = () => people[Math.floor(random() * people.length)]!;
    const many = Array.from({ length: 300 }, () => ({ user: pick(), read: random() < 0.3 }));
    await pool.query(
      `insert into notifications (user_id, type, data, read_at)
       select d.user_id, 'design_update', '{"type":"design_update","message":"bulk"}',
              case when d.read then now() end
       from unnest($1::int[], $2::boolean[]) as d(user_id, read)`,
      [many.map((m) => m.user), many.map((m) => m.read)],
    );
    await countsAgree();

    // One statement that reads some, unreads some, moves some to another user and leaves the rest as they were.
    for (let round = 0; round < 3; round++) {
      const ids = (
        await pool.query<{ id: number }>(`select id from notifications where data->>'message' = 'bulk'`)
      ).rows.map((r) => r.id);
      const changes = ids.filter(() => random() < 0.5);
      await pool.query(
        `update notifications n set user_id = coalesce(d.user_id, n.user_id), read_at = case when d.read then now() end
         from unnest($1::bigint[], $2::int[], $3::boolean[]) as d(id, user_id, read) where n.id = d.id`,
        [changes, changes.map(() => (random() < 0.3 ? pick() : null)), changes.map(() => random() < 0.5)],
      );
      await countsAgree();
    }
    await pool.query(`delete from notifications where data->>'message' = 'bulk' and id % 3 = 0`);
    await countsAgree();
    // A deleted user's notifications go with them (the foreign key cascades), and so does their count.
    await pool.query('delete from users where id = $1', [people[0]]);
    expect((await countsAgree())[people[0]!]).toBeUndefined();

    await pool.query('truncate notifications');
    expect(await countsAgree()).toEqual({});
  });
});
