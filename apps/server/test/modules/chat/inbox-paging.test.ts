import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CHAT_INBOX_PAGE_SIZE, CHAT_SERVER_MESSAGES, type ConversationsResponse } from '@shop/contracts';
import { createTestApp, type TestApp } from '../../support/test-app';
import { bearer, createAdmin, registerCustomer } from '../../support/http';
import { sendMessage } from './support';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const GENERATED = 530;

/**
 * `GENERATED` customers, each with a conversation holding one unseen message of theirs, written directly.
 * Their last messages go back one second per three customers, so conversations share a time and the inbox's
 * order falls back to the id. Answers the customers' ids in the inbox's order (newest first).
 */
async function generateInbox(tag: string): Promise<number[]> {
  const db = t.ctx.database.db;
  await db.execute(sql`
    with u as (
      insert into users (name, email, password_hash, role)
      select 'Paging Customer ' || lpad(i::text, 4, '0'), ${tag} || '-' || i || '@example.com', 'x', 'user'
        from generate_series(1, ${GENERATED}) i
      returning id, name
    ), c as (
      insert into conversations (customer_id, last_message_at, unread_for_admin)
      select u.id, now() - interval '1 hour' - (substring(u.name from 18)::int / 3) * interval '1 second', 1 from u
      returning id, customer_id, last_message_at
    )
    insert into messages (conversation_id, sender_id, from_admin, body, created_at)
    select c.id, c.customer_id, false, 'Hello from ' || c.customer_id, c.last_message_at from c`);
  const ordered = await db.execute<{ customer_id: number }>(sql`
    select customer_id from conversations c join users u on u.id = c.customer_id
     where u.email like ${`${tag}-%`} order by c.last_message_at desc, c.id desc`);
  return ordered.rows.map((r) => r.customer_id);
}

async function inbox(token: string, query: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/conversations',
    query,
    headers: bearer(token),
  });
  return res;
}

async function everyPage(token: string, search?: string) {
  const ids: number[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  do {
    const res = await inbox(token, { ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) });
    expect(res.statusCode).toBe(200);
    const page = res.json() as ConversationsResponse;
    ids.push(...page.conversations.map((c) => c.user_id));
    sizes.push(page.conversations.length);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return { ids, sizes };
}

describe('chat: the team inbox pages and searches', () => {
  it(`pages through more than 500 conversations in order, ${CHAT_INBOX_PAGE_SIZE} at a time, the same for every admin`, async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const other = await createAdmin(t.app, t.ctx);
    const expected = await generateInbox('pg');
    // A conversation written through the API is the newest.
    const alice = await registerCustomer(t.app);
    expect((await sendMessage(t, alice.token, admin.user.id, 'Newest question')).statusCode).toBe(200);

    const all = await everyPage(admin.token);
    expect(all.ids).toEqual([alice.user.id, ...expected]);
    expect(new Set(all.ids).size).toBe(GENERATED + 1);
    const pages = Math.ceil((GENERATED + 1) / CHAT_INBOX_PAGE_SIZE);
    expect(all.sizes).toEqual([
      ...Array<number>(pages - 1).fill(CHAT_INBOX_PAGE_SIZE),
      (GENERATED + 1) % CHAT_INBOX_PAGE_SIZE || CHAT_INBOX_PAGE_SIZE,
    ]);
    // The shared inbox: another admin walks the same pages.
    expect((await everyPage(other.token)).ids).toEqual(all.ids);

    // A conversation beyond the 500th moves to the top when its customer writes, with its unread count.
    const oldest = expected.at(-1)!;
    const first = (await inbox(admin.token)).json() as ConversationsResponse;
    expect(first.conversations.some((c) => c.user_id === oldest)).toBe(false);
    const reply = await sendMessage(t, admin.token, oldest, 'We are on it');
    expect(reply.statusCode).toBe(200);
    const after = (await inbox(other.token)).json() as ConversationsResponse;
    expect(after.conversations[0]).toMatchObject({
      user_id: oldest,
      last_message: 'We are on it',
      unread: 1,
    });

    // The customer's own list is their one conversation, whatever the paging says.
    const own = await inbox(alice.token, { search: 'nothing like it', cursor: 'x' });
    expect(own.statusCode).toBe(200);
    expect((own.json() as ConversationsResponse).conversations.map((c) => c.user_id)).toEqual([
      alice.user.id,
    ]);
  });

  it('search finds customers by name or e-mail, case-insensitively, beyond the first page, and pages too', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const expected = await generateInbox('srch');

    // The oldest conversation, far past the first page, by its name and by its e-mail.
    const oldest = expected.at(-1)!;
    const { name, email } = (
      await t.ctx.database.db.execute<{ name: string; email: string }>(
        sql`select name, email from users where id = ${oldest}`,
      )
    ).rows[0]!;
    const byName = (await inbox(admin.token, { search: name.toUpperCase() })).json() as ConversationsResponse;
    expect(byName.conversations.map((c) => c.user_id)).toEqual([oldest]);
    expect(byName.next_cursor).toBeNull();
    const byEmail = (await inbox(admin.token, { search: `  ${email}  ` })).json() as ConversationsResponse;
    expect(byEmail.conversations.map((c) => c.user_id)).toEqual([oldest]);

    // 'Paging Customer 01' matches customers 0100-0199: two pages of a search, in the inbox's order.
    const wanted = (
      await t.ctx.database.db.execute<{ id: number }>(
        sql`select id from users where name like 'Paging Customer 01%'`,
      )
    ).rows.map((r) => r.id);
    const searched = await everyPage(admin.token, 'paging customer 01');
    expect(searched.ids).toEqual(expected.filter((id) => wanted.includes(id)));
    expect(searched.sizes).toEqual([CHAT_INBOX_PAGE_SIZE, CHAT_INBOX_PAGE_SIZE]);

    // LIKE's wildcards are plain text; a search that matches nobody is an empty page.
    for (const search of ['%', '_aging', 'nobody-by-this-name']) {
      const res = await inbox(admin.token, { search });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ conversations: [], next_cursor: null });
    }
    // A search longer than 100 characters is refused.
    expect((await inbox(admin.token, { search: 'x'.repeat(101) })).statusCode).toBe(422);
  });

  it('a cursor that names no place in the list is 400; the inbox needs a session', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    for (const cursor of [
      '',
      'abc',
      '123',
      '1.0',
      '-1.5',
      '1.99999999999',
      '1.2147483648',
      '1.2.3',
      "1.1' or 1=1",
    ]) {
      const res = await inbox(admin.token, { cursor });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().message).toBe(CHAT_SERVER_MESSAGES.badCursor);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/conversations' })).statusCode).toBe(401);
  });

  it("the conversations' unread counters agree with the unseen messages after concurrent writes and reads", async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const customers = await Promise.all([registerCustomer(t.app), registerCustomer(t.app)]);
    const writes = customers.flatMap((c) =>
      Array.from({ length: 6 }, (_, i) => sendMessage(t, c.token, admin.user.id, `m${i}`)),
    );
    const reads = customers.map((c) =>
      t.app.inject({
        method: 'POST',
        url: `/api/conversations/${c.user.id}/seen`,
        headers: bearer(admin.token),
      }),
    );
    const replies = customers.map((c) => sendMessage(t, admin.token, c.user.id, 'reply'));
    const results = await Promise.all([...writes, ...reads, ...replies]);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);

    const check = await t.ctx.database.db.execute<{ mismatched: number; admin_total: number }>(sql`
      select (select count(*)::int from conversations c
               where c.unread_for_admin <> (select count(*) from messages m
                                             where m.conversation_id = c.id and not m.from_admin and not m.seen)
                  or c.unread_for_customer <> (select count(*) from messages m
                                                where m.conversation_id = c.id and m.from_admin and not m.seen))
               as mismatched,
             (select count(*)::int from messages where not from_admin and not seen) as admin_total`);
    expect(check.rows[0]!.mismatched).toBe(0);
    const unread = await t.app.inject({
      method: 'GET',
      url: '/api/conversations/unread-count',
      headers: bearer(admin.token),
    });
    expect(unread.json()).toEqual({ unread: check.rows[0]!.admin_total });
    for (const c of customers) {
      const own = await t.app.inject({
        method: 'GET',
        url: '/api/conversations/unread-count',
        headers: bearer(c.token),
      });
      expect(own.json()).toEqual({ unread: 1 });
    }
  });
});
