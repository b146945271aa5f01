import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { NotificationsResponse } from '@shop/contracts';
import { createNotifications } from '../../../src/modules/notifications/service';
import { holdingClient, waitUntilBlocked } from '../../support/lock-waits';
import { createTestApp, type TestApp } from '../../support/test-app';
import { bearer, createAdmin, registerCustomer } from '../../support/http';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function seed(
  userId: number,
  n: number,
  type: 'design_update' | 'design_submission' = 'design_update',
) {
  for (let i = 1; i <= n; i++) {
    await createNotifications(t.ctx.database.db, [userId], {
      type,
      message: `note ${i}`,
      design_id: i,
      slug: `d-${i}`,
    });
  }
}

const list = async (token: string, query = '', area = '/api/notifications') => {
  const res = await t.app.inject({ method: 'GET', url: `${area}${query}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as NotificationsResponse;
};

describe('notifications', () => {
  it('lists newest first with paging, unread count and total', async () => {
    const alice = await registerCustomer(t.app);
    await seed(alice.user.id, 12);
    const first = await list(alice.token, '?page=1&per_page=5');
    expect(first.total).toBe(12);
    expect(first.unread_count).toBe(12);
    expect(first.notifications.map((n) => n.data.message)).toEqual([
      'note 12',
      'note 11',
      'note 10',
      'note 9',
      'note 8',
    ]);
    expect(first.notifications[0]).toEqual({
      id: expect.any(Number),
      read_at: null,
      created_at: expect.any(String),
      data: { type: 'design_update', message: 'note 12', design_id: 12, slug: 'd-12', sender_id: null },
    });
    const third = await list(alice.token, '?page=3&per_page=5');
    expect(third.notifications.map((n) => n.data.message)).toEqual(['note 2', 'note 1']);
    // Default page size 10; the count refresh asks for one.
    expect((await list(alice.token)).notifications).toHaveLength(10);
    expect((await list(alice.token, '?page=1&per_page=1')).notifications).toHaveLength(1);
  });

  it('marks one read, then all; the count never goes below 0', async () => {
    const alice = await registerCustomer(t.app);
    await seed(alice.user.id, 3);
    const [n] = (await list(alice.token)).notifications;
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${n!.id}/read`,
      headers: bearer(alice.token),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().unread_count).toBe(2);
    // Again: idempotent.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/notifications/${n!.id}/read`,
          headers: bearer(alice.token),
        })
      ).json().unread_count,
    ).toBe(2);
    const after = await list(alice.token);
    expect(after.notifications[0]!.read_at).not.toBeNull();
    expect(after.unread_count).toBe(2);

    const all = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      headers: bearer(alice.token),
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().unread_count).toBe(0);
    expect((await list(alice.token)).notifications.every((x) => x.read_at)).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/notifications/mark-all-read',
          headers: bearer(alice.token),
        })
      ).json().unread_count,
    ).toBe(0);
  });

  it('mark all answers the unread count after its update: a notification committed meanwhile stays unread and counted', async () => {
    const alice = await registerCustomer(t.app);
    await seed(alice.user.id, 2);
    const [newest] = (await list(alice.token)).notifications;
    // Another request's transaction inserts a notification for Alice and holds one of her unread rows, so the
    // mark-all update waits on it; the insert commits while it waits, unseen by the update's snapshot.
    const holder = await holdingClient(t.databaseUrl);
    let answer: Awaited<ReturnType<typeof t.app.inject>>;
    try {
      await holder.query('select id from notifications where id = $1 for update', [newest!.id]);
      await holder.query(
        `insert into notifications (user_id, type, data) values ($1, 'design_update', $2::jsonb)`,
        [alice.user.id, JSON.stringify({ type: 'design_update', message: 'arrived meanwhile' })],
      );
      let settled = false;
      const marking = t.app
        .inject({ method: 'POST', url: '/api/notifications/mark-all-read', headers: bearer(alice.token) })
        .finally(() => (settled = true));
      expect(await waitUntilBlocked(t.databaseUrl, holder, () => settled)).toBe(true);
      await holder.query('commit');
      answer = await marking;
    } finally {
      await holder.end();
    }
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'All notifications marked as read.', unread_count: 1 });
    const after = await list(alice.token);
    expect(after.unread_count).toBe(1);
    expect(after.notifications.filter((n) => !n.read_at).map((n) => n.data.message)).toEqual([
      'arrived meanwhile',
    ]);
  });

  it("another user's notification is 404 and stays unread", async () => {
    const alice = await registerCustomer(t.app);
    const bob = await registerCustomer(t.app);
    await seed(alice.user.id, 1);
    const [n] = (await list(alice.token)).notifications;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${n!.id}/read`,
      headers: bearer(bob.token),
    });
    expect(res.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/notifications/999999/read',
          headers: bearer(alice.token),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/notifications/abc/read',
          headers: bearer(alice.token),
        })
      ).statusCode,
    ).toBe(404);
    // Bob's mark-all leaves Alice's alone.
    await t.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      headers: bearer(bob.token),
    });
    expect((await list(alice.token)).unread_count).toBe(1);
    expect((await list(bob.token)).total).toBe(0);
  });

  it('the admin twins serve admin sessions; each area refuses the other token', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const other = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    await seed(admin.user.id, 2, 'design_submission');
    const mine = await list(admin.token, '?page=1&per_page=5', '/api/admin/notifications');
    expect(mine).toMatchObject({ total: 2, unread_count: 2 });
    const id = mine.notifications[0]!.id;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/notifications/${id}/read`,
          headers: bearer(other.token),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/notifications/${id}/read`,
          headers: bearer(admin.token),
        })
      ).json().unread_count,
    ).toBe(1);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/notifications/mark-all-read',
          headers: bearer(admin.token),
        })
      ).json().unread_count,
    ).toBe(0);

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/notifications', headers: bearer(alice.token) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(admin.token) }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/notifications?per_page=0',
          headers: bearer(alice.token),
        })
      ).statusCode,
    ).toBe(422);
  });

  it('an unknown stored type is shown as other', async () => {
    const alice = await registerCustomer(t.app);
    await t.ctx.database.db.execute(
      sql`insert into notifications (user_id, type, data) values (${alice.user.id}, 'legacy', ${JSON.stringify({ type: 'legacy', message: 'old' })}::jsonb)`,
    );
    expect((await list(alice.token)).notifications[0]!.data).toEqual({
      type: 'other',
      message: 'old',
      design_id: null,
      slug: null,
      sender_id: null,
    });
  });
});
