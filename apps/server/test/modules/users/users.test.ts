import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, SERVER_MESSAGES } from '@shop/contracts';
import { conversations, messageAttachments, messages } from '../../../src/db/schema/chat';
import { products } from '../../../src/db/schema/catalog';
import { designHistory, designSubmissions, recommendationFiles } from '../../../src/db/schema/designs';
import { favorites } from '../../../src/db/schema/favorites';
import { notifications } from '../../../src/db/schema/notifications';
import { sessions, users } from '../../../src/db/schema/users';
import { bearer, createAdmin, registerCustomer } from '../../support/http';
import { holdingClient, waitUntilBlocked } from '../../support/lock-waits';
import { createTestApp, type TestApp } from '../../support/test-app';
import { sendMessage } from '../chat/support';
import { image } from '../../support/files';
import { multipart } from '../../support/multipart';

let t: TestApp;
let adminAuth: Awaited<ReturnType<typeof createAdmin>>;
let admin: Record<string, string>;
beforeEach(async () => {
  t = await createTestApp();
  adminAuth = await createAdmin(t.app, t.ctx);
  admin = bearer(adminAuth.token);
});
afterEach(async () => {
  await t.close();
});

const db = () => t.ctx.database.db;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers = admin) =>
  t.app.inject({ method, url, headers });

async function product(sku: string) {
  const [row] = await db()
    .insert(products)
    .values({ name: sku, slug: sku.toLowerCase(), sku, price: '10.00' })
    .returning();
  return row!;
}

describe('access', () => {
  it('answers 401 without a token and 403 with a customer token', async () => {
    const customer = await registerCustomer(t.app);
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['POST', `/api/admin/users/${customer.user.id}/toggle-status`],
      ['DELETE', `/api/admin/users/${customer.user.id}`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
      expect((await call(method, url, bearer(customer.token))).statusCode, url).toBe(403);
    }
    const [row] = await db().select().from(users).where(eq(users.id, customer.user.id));
    expect(row!.status).toBe(1);
  });
});

describe('list', () => {
  it('lists customers only, newest first, with their design and like counts, searchable and paged', async () => {
    await createAdmin(t.app, t.ctx);
    // Inserted directly (registration is rate limited per address), one hour apart.
    const rows = await db()
      .insert(users)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          name: i === 2 ? 'Zelda Quartz' : `Person ${i + 1}`,
          email: `person${i + 1}@example.com`,
          passwordHash: 'not-a-real-hash',
          createdAt: new Date(Date.now() - (12 - i) * 3600_000),
        })),
      )
      .returning({ id: users.id });
    const made = rows.map((r) => ({ user: r }));
    const [p1, p2] = [await product('P-1'), await product('P-2')];
    await db()
      .insert(favorites)
      .values([
        { userId: made[2]!.user.id, productId: p1.id },
        { userId: made[2]!.user.id, productId: p2.id },
      ]);
    await db().insert(designSubmissions).values({
      slug: 'D-1',
      userId: made[2]!.user.id,
      selectedTab: 'haveDesign',
      title: 'Plan',
      name: 'Zelda',
      email: 'person3@example.com',
    });

    const page1 = (await call('GET', '/api/admin/users')).json();
    expect(page1.total).toBe(12);
    expect(page1.users).toHaveLength(10);
    expect(page1.users[0].email).toBe('person12@example.com');
    expect(page1.users.every((u: { email: string }) => !u.email.startsWith('admin'))).toBe(true);
    expect(page1.pagination).toEqual({
      current: 1,
      perPage: 10,
      total: 12,
      totalPages: 2,
      start: 1,
      end: 10,
    });
    expect(page1.users[0]).not.toHaveProperty('password_hash');
    expect(Object.keys(page1.users[0]).sort()).toEqual(
      ['created_at', 'email', 'id', 'liked_products_count', 'name', 'status', 'user_designs_count'].sort(),
    );

    const page2 = (await call('GET', '/api/admin/users?page=2&perPage=10')).json();
    expect(page2.users.map((u: { email: string }) => u.email)).toEqual([
      'person2@example.com',
      'person1@example.com',
    ]);
    expect(page2.pagination).toMatchObject({ start: 11, end: 12 });

    const found = (await call('GET', '/api/admin/users?search=zelda')).json();
    expect(found.users).toEqual([
      expect.objectContaining({
        id: made[2]!.user.id,
        name: 'Zelda Quartz',
        status: 1,
        user_designs_count: 1,
        liked_products_count: 2,
      }),
    ]);
    const byEmail = (await call('GET', '/api/admin/users?search=PERSON1')).json();
    expect(byEmail.total).toBe(4); // person1, person10, person11, person12
    expect((await call('GET', '/api/admin/users?search=admin')).json().total).toBe(0);
    expect((await call('GET', '/api/admin/users?search=_')).json().total).toBe(0);
    expect((await call('GET', '/api/admin/users?perPage=0')).statusCode).toBe(422);
  });
});

describe('toggle status', () => {
  it('deactivates a customer: their open session stops at once, login answers 403; activating lets them in again', async () => {
    const customer = await registerCustomer(t.app);
    const revoked: number[][] = [];
    t.ctx.hub.on('sessionsRevoked', (ids) => revoked.push(ids));
    expect((await call('GET', '/api/user', bearer(customer.token))).statusCode).toBe(200);

    const off = await call('POST', `/api/admin/users/${customer.user.id}/toggle-status`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ status: 0, message: ADMIN_MESSAGES.userDeactivated });
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toHaveLength(1);
    expect(await db().$count(sessions, eq(sessions.userId, customer.user.id))).toBe(0);
    expect((await call('GET', '/api/user', bearer(customer.token))).statusCode).toBe(401);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: customer.email, password: customer.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(SERVER_MESSAGES.accountInactive);
    expect((await call('GET', '/api/admin/users')).json().users[0].status).toBe(0);

    const on = await call('POST', `/api/admin/users/${customer.user.id}/toggle-status`);
    expect(on.json()).toEqual({ status: 1, message: ADMIN_MESSAGES.userActivated });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: customer.email, password: customer.password },
    });
    expect(again.statusCode).toBe(200);
  });

  it('sets the status asked for: a second deactivation leaves the account inactive; a bad status is refused (422)', async () => {
    const customer = await registerCustomer(t.app);
    const url = `/api/admin/users/${customer.user.id}/toggle-status`;
    const ask = (payload: object) => t.app.inject({ method: 'POST', url, headers: admin, payload });
    const revoked: number[][] = [];
    t.ctx.hub.on('sessionsRevoked', (ids) => revoked.push(ids));

    expect((await ask({ status: 0 })).json()).toEqual({ status: 0, message: ADMIN_MESSAGES.userDeactivated });
    // Another admin deactivates from the same list: the account stays inactive, nothing more is revoked.
    const second = await ask({ status: 0 });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ status: 0, message: ADMIN_MESSAGES.userDeactivated });
    expect(revoked).toHaveLength(1);
    expect((await call('GET', '/api/admin/users')).json().users[0].status).toBe(0);

    for (const body of [{ status: 2 }, { status: '1' }, { status: true }, { status: null }]) {
      expect((await ask(body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await call('GET', '/api/admin/users')).json().users[0].status).toBe(0);
    expect((await ask({ status: 1 })).json()).toEqual({ status: 1, message: ADMIN_MESSAGES.userActivated });
    expect((await ask({ status: 1 })).json().status).toBe(1);
  });

  it('answers 404 for the admin themselves, another admin and unknown ids, changing nothing', async () => {
    const other = await createAdmin(t.app, t.ctx);
    for (const id of [adminAuth.user.id, other.user.id, 99999]) {
      expect((await call('POST', `/api/admin/users/${id}/toggle-status`)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/admin/users/${id}`)).statusCode).toBe(404);
    }
    const admins = await db().select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(2);
    expect(admins.every((a) => a.status === 1)).toBe(true);
    expect((await call('GET', '/api/admin/profile')).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/profile', bearer(other.token))).statusCode).toBe(200);
  });
});

describe('delete', () => {
  it("erases the customer's account, designs, conversation, favourites and notifications, and their stored files", async () => {
    const doomed = await registerCustomer(t.app);
    const keeper = await registerCustomer(t.app);
    const storage = t.ctx.storage;
    const put = (key: string) => storage.put(key, Buffer.from(key), 'application/octet-stream');

    // A profile photo, through the API.
    const form = await multipart({ name: 'Doomed', phone: '555 0100' }, [
      { field: 'photo', name: 'me.png', data: await image() },
    ]);
    const photo = await t.app.inject({
      method: 'POST',
      url: '/api/profile/update',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(doomed.token) },
    });
    const photoKey = /^\/media\/(.+)\/320\.webp$/.exec(photo.json().user.photo_url)![1]!;

    const [design] = await db()
      .insert(designSubmissions)
      .values({
        slug: 'DS-1',
        userId: doomed.user.id,
        selectedTab: 'haveDesign',
        title: 'Plan',
        name: 'D',
        email: doomed.email,
        designFileKey: 'designs/doomed-plan.png',
      })
      .returning();
    const [kept] = await db()
      .insert(designSubmissions)
      .values({
        slug: 'DS-2',
        userId: keeper.user.id,
        selectedTab: 'haveDesign',
        title: 'Plan',
        name: 'K',
        email: keeper.email,
        designFileKey: 'designs/keeper-plan.png',
      })
      .returning();
    await db()
      .insert(designHistory)
      .values({ designId: design!.id, actorId: adminAuth.user.id, kind: 'comment', body: 'Nice' });
    await db().insert(recommendationFiles).values({
      designId: design!.id,
      fileKey: 'recommendations/doomed-rec.pdf',
      originalName: 'rec.pdf',
      mime: 'application/pdf',
      size: 10,
      uploadedBy: adminAuth.user.id,
    });
    const [conversation] = await db()
      .insert(conversations)
      .values({ customerId: doomed.user.id })
      .returning();
    const [fromCustomer] = await db()
      .insert(messages)
      .values({
        conversationId: conversation!.id,
        senderId: doomed.user.id,
        receiverId: adminAuth.user.id,
        fromAdmin: false,
        body: 'Hi',
      })
      .returning();
    const [fromAdmin] = await db()
      .insert(messages)
      .values({
        conversationId: conversation!.id,
        senderId: adminAuth.user.id,
        receiverId: doomed.user.id,
        fromAdmin: true,
        body: 'Hello',
      })
      .returning();
    await db()
      .insert(messageAttachments)
      .values([
        {
          messageId: fromCustomer!.id,
          fileKey: 'chat/doomed-a.txt',
          originalName: 'a.txt',
          mime: 'text/plain',
          size: 3,
        },
        {
          messageId: fromAdmin!.id,
          fileKey: 'chat/admin-b.txt',
          originalName: 'b.txt',
          mime: 'text/plain',
          size: 3,
        },
      ]);
    for (const key of [
      'designs/doomed-plan.png',
      'designs/keeper-plan.png',
      'recommendations/doomed-rec.pdf',
      'chat/doomed-a.txt',
      'chat/admin-b.txt',
    ])
      await put(key);
    const liked = await product('LIKED-1');
    await db()
      .insert(favorites)
      .values([
        { userId: doomed.user.id, productId: liked.id },
        { userId: keeper.user.id, productId: liked.id },
      ]);
    await db()
      .insert(notifications)
      .values([
        {
          userId: doomed.user.id,
          type: 'design_update',
          data: { type: 'design_update', message: 'Updated', design_id: design!.id },
        },
        {
          userId: adminAuth.user.id,
          type: 'design_submission',
          data: { type: 'design_submission', message: 'New', design_id: design!.id },
        },
        {
          userId: adminAuth.user.id,
          type: 'chat_message',
          data: { type: 'chat_message', message: 'Msg', sender_id: doomed.user.id },
        },
        {
          userId: adminAuth.user.id,
          type: 'design_submission',
          data: { type: 'design_submission', message: 'Other', design_id: kept!.id },
        },
      ]);

    const res = await call('DELETE', `/api/admin/users/${doomed.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toEqual(expect.any(String));

    expect(await db().$count(users, eq(users.id, doomed.user.id))).toBe(0);
    expect((await call('GET', '/api/user', bearer(doomed.token))).statusCode).toBe(401);
    expect(await db().select({ slug: designSubmissions.slug }).from(designSubmissions)).toEqual([
      { slug: 'DS-2' },
    ]);
    expect(await db().$count(designHistory)).toBe(0);
    expect(await db().$count(recommendationFiles)).toBe(0);
    expect(await db().$count(conversations)).toBe(0);
    expect(await db().$count(messages)).toBe(0);
    expect(await db().$count(messageAttachments)).toBe(0);
    expect(await db().select({ userId: favorites.userId }).from(favorites)).toEqual([
      { userId: keeper.user.id },
    ]);
    expect(await db().$count(products)).toBe(1);
    const left = await db().select().from(notifications);
    expect(left.map((n) => n.data.message)).toEqual(['Other']);

    expect(await storage.exists('designs/doomed-plan.png')).toBe(false);
    expect(await storage.exists('recommendations/doomed-rec.pdf')).toBe(false);
    expect(await storage.exists('chat/doomed-a.txt')).toBe(false);
    expect(await storage.exists('chat/admin-b.txt')).toBe(false);
    expect(await storage.exists(`${photoKey}/320.webp`)).toBe(false);
    expect(await storage.exists('designs/keeper-plan.png')).toBe(true);

    expect((await call('GET', '/api/admin/users')).json().users.map((u: { id: number }) => u.id)).toEqual([
      keeper.user.id,
    ]);
    expect((await call('DELETE', `/api/admin/users/${doomed.user.id}`)).statusCode).toBe(404);
    // The e-mail is free again.
    expect((await registerCustomer(t.app, doomed.email)).user.id).not.toBe(doomed.user.id);
  });
});

describe('deleting a customer while the team writes to them', () => {
  it('waits for a reply in progress, then erases it with the account, with no deadlock', async () => {
    const customer = await registerCustomer(t.app);
    expect((await sendMessage(t, customer.token, adminAuth.user.id, 'Hello')).statusCode).toBe(200);
    const [conversation] = await db()
      .select()
      .from(conversations)
      .where(eq(conversations.customerId, customer.user.id));
    // A reply in progress holds the conversation, as the message's write does, and writes its message after.
    const reply = await holdingClient(t.databaseUrl);
    let deleted = false;
    let deletion: ReturnType<typeof call> | undefined;
    try {
      await reply.query('select id from conversations where id = $1 for update', [conversation!.id]);
      deletion = call('DELETE', `/api/admin/users/${customer.user.id}`).finally(() => (deleted = true));
      expect(await waitUntilBlocked(t.databaseUrl, reply, () => deleted)).toBe(true);
      await reply.query(
        `insert into messages (conversation_id, sender_id, receiver_id, from_admin, body)
         values ($1, $2, $3, true, 'On our way')`,
        [conversation!.id, adminAuth.user.id, customer.user.id],
      );
      await reply.query('commit');
    } finally {
      await reply.end();
    }
    const res = await deletion!;
    expect(res.statusCode, res.body).toBe(200);
    expect(await db().$count(users, eq(users.id, customer.user.id))).toBe(0);
    expect(await db().$count(messages, eq(messages.conversationId, conversation!.id))).toBe(0);
  });
});
