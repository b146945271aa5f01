import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/db/connection';
import { searchProductPage, selectProductPage } from '../../src/modules/catalog/queries';
import { parseSearch } from '../../src/modules/catalog/service';
import { writeMessage } from '../../src/modules/chat/queries';
import { createSession, resolveSession } from '../../src/platform/auth/sessions';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The plans of the hottest queries on generated data: each must use its index. A migration that drops or
 * changes one of these indexes, or a query rewritten so that it no longer matches its index, fails here long
 * before a large shop would notice a slow page.
 */

let t: TestApp;

async function plan(query: string, params: unknown[] = []): Promise<string> {
  const res = await t.ctx.database.pool.query<{ 'QUERY PLAN': string }>(`explain ${query}`, params);
  return res.rows.map((r) => r['QUERY PLAN']).join('\n');
}

beforeAll(async () => {
  t = await createTestApp();
  const pool = t.ctx.database.pool;
  await pool.query(`
    insert into categories (name, slug) values ('Chairs', 'chairs'), ('Desks', 'desks');
    insert into products (category_id, name, slug, sku, description, price, status, created_at, updated_at)
      select (select min(id) from categories) + i % 2,
        (array['Mesh','Oak','Steel','Leather'])[1 + i % 4] || ' ' || (array['Chair','Desk','Cabinet'])[1 + i % 3] || ' ' || i,
        'p-' || i, 'SK-' || lpad(i::text, 6, '0'), 'A sturdy piece for busy offices.', 100, i % 50 <> 0,
        now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
      from generate_series(1, 20000) as i;
    insert into product_images (product_id, image_key, position)
      select p.id, 'products/g' || p.id || '-' || g, g from products p, generate_series(0, 2) as g;
    -- A large catalogue's vocabulary (model names): the search reads it for every word being typed or misspelled.
    insert into search_words (word, products)
      select 'model' || to_hex(i * 7919), 1 + i % 50 from generate_series(1, 30000) as i;
    insert into users (name, email, password_hash, role, created_at)
      select 'Customer ' || i, 'c' || i || '@example.com', 'x', 'user', now() - (i || ' minutes')::interval
      from generate_series(1, 3000) as i;
    insert into conversations (customer_id, last_message_at)
      select id, now() - (id || ' minutes')::interval from users;
    insert into messages (conversation_id, sender_id, receiver_id, from_admin, body, seen, created_at)
      select c.id, c.customer_id, null, g % 3 = 0, 'Hello', g % 7 <> 0, now() - (g || ' seconds')::interval
      from conversations c, generate_series(1, 20) as g;
    insert into notifications (user_id, type, data, read_at, created_at)
      select u.id, 'chat_message', jsonb_build_object('sender_id', u.id % 2000 + g), case when g % 4 = 0 then null else now() end,
        now() - (g || ' minutes')::interval
      from users u, generate_series(1, 10) as g;
    insert into notifications (user_id, type, data, created_at)
      select (select min(id) from users), 'chat_message', '{}'::jsonb, now() - (g || ' seconds')::interval
      from generate_series(1, 5000) as g;
    analyze;
  `);
  // As autovacuum leaves a table that is mostly read: its pages marked all-visible, so an index can answer alone.
  await pool.query('vacuum product_images');
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('hot query plans on generated data', () => {
  it('the product list walks the (status, created_at, id) index and stops after the page', async () => {
    const p = await plan(`select p.id from products p where p.status
      order by p.created_at desc nulls last, p.id desc nulls last limit 9 offset 18`);
    expect(p).toContain('products_active_created_idx');
    expect(p).not.toMatch(/Seq Scan|Sort/);
  });

  it("a product card's gallery is read in order from its index alone", async () => {
    const p = await plan(
      `select array(select i.image_key from product_images i where i.product_id = $1 order by i.position, i.id)`,
      [77],
    );
    expect(p).toContain('Index Only Scan using product_images_gallery_idx');
    expect(p).not.toMatch(/Sort|Seq Scan/);
  });

  it("the storefront list's page, as active_product_page keeps its plan, walks the same index for any page", async () => {
    // The function's own query, as it is in the database, planned the way the function plans it: generic, once.
    const body = (
      await t.ctx.database.pool.query<{ src: string }>(
        `select prosrc as src from pg_proc where proname = 'active_product_page'`,
      )
    ).rows[0]!.src;
    const query = /RETURN QUERY ([\s\S]+?);/
      .exec(body)![1]!
      .replace(/\bpage_size\b/, '$1')
      .replace(/\bpage_offset\b/, '$2');
    const client = await t.ctx.database.pool.connect();
    try {
      await client.query('set plan_cache_mode = force_generic_plan');
      await client.query(`prepare active_page(int, int) as ${query}`);
      const p = (await client.query<{ 'QUERY PLAN': string }>('explain execute active_page(9, 18)')).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(p).toContain('products_active_created_idx');
      expect(p).not.toMatch(/Seq Scan|Sort|Hash/);
    } finally {
      await client.query('deallocate all; reset plan_cache_mode');
      client.release();
    }
  });

  it("the storefront list's statement is planned once per connection, not at every page", async () => {
    // One connection, so every run meets the statement it prepared; the counters are that session's own.
    const one = connectDatabase(t.ctx.database.url, { max: 1 });
    try {
      const pages = [];
      for (let page = 0; page < 12; page++)
        pages.push(await selectProductPage(one.db, {}, undefined, 9, page * 9));
      expect(pages[3]!.map((r) => r.id)).toHaveLength(9);
      const { rows } = await one.pool.query<{ generic_plans: string; custom_plans: string }>(
        `select generic_plans, custom_plans from pg_prepared_statements where statement like '%active_product_page%'`,
      );
      expect(rows).toHaveLength(1);
      // PostgreSQL tries custom plans for the first five runs, then keeps the generic plan when it costs no more.
      expect(Number(rows[0]!.custom_plans)).toBeLessThanOrEqual(5);
      expect(Number(rows[0]!.generic_plans)).toBeGreaterThanOrEqual(7);
    } finally {
      await one.close();
    }
  });

  it("a signed-in request's session and a chat message are statements prepared once per connection", async () => {
    const one = connectDatabase(t.ctx.database.url, { max: 1 });
    try {
      const { rows: made } = await one.pool.query<{ id: number }>(
        `insert into users (name, email, password_hash, role) values ('Prepared Customer', 'prepared@example.com', 'x', 'user'),
           ('Prepared Admin', 'prepared-admin@example.com', 'x', 'admin') returning id`,
      );
      const [customer, admin] = made.map((r) => r.id) as [number, number];
      const token = await createSession(one.db, { userId: customer, audience: 'customer', remember: false });
      for (let run = 0; run < 8; run++) {
        expect((await resolveSession(one.db, token))?.user.id).toBe(customer);
        const fromCustomer = await writeMessage(one.db, {
          customerId: customer,
          senderId: customer,
          receiverId: null,
          fromAdmin: false,
          body: `Question ${run}`,
          files: [],
          notification: { type: 'chat_message', message: 'New message', sender_id: customer, to_team: true },
          counterpart: null,
        });
        expect(fromCustomer.message?.id).toBeTruthy();
        const fromTeam = await writeMessage(one.db, {
          customerId: customer,
          senderId: admin,
          receiverId: customer,
          fromAdmin: true,
          body: `Answer ${run}`,
          files: [],
          notification: {
            type: 'chat_message',
            message: 'New message from the team',
            sender_id: admin,
            to_customer: true,
          },
          counterpart: { id: customer, role: 'user' },
        });
        expect(fromTeam.counterpart).toMatchObject({ id: customer, name: 'Prepared Customer', role: 'user' });
        // The reply's notification for the customer, with its unread count; the customer reads it (opens the
        // chat) before the next, which is one again.
        expect(fromTeam.notifications).toMatchObject([{ user_id: customer, unread: 1 }]);
        await one.pool.query(`update notifications set read_at = now() where user_id = $1`, [customer]);
      }
      const { rows } = await one.pool.query<{
        statement: string;
        generic_plans: string;
        custom_plans: string;
      }>(
        `select statement, generic_plans, custom_plans from pg_prepared_statements
          where statement like '%token_hash%' or statement like '%insert into "messages"%' order by statement`,
      );
      // The session's lookup, and one statement for each direction of a message.
      expect(rows).toHaveLength(3);
      for (const row of rows) expect(Number(row.generic_plans) + Number(row.custom_plans)).toBe(8);

      // Whether a recipient already has the one unread chat notification is read from the unique index that holds
      // it, not by reading every unread notification of theirs: an admin has one for each customer waiting.
      await one.pool.query('set plan_cache_mode = force_generic_plan');
      const { rows: messageStatements } = await one.pool.query<{ name: string; parameters: number }>(
        `select name, cardinality(parameter_types) as parameters from pg_prepared_statements
          where statement like '%insert into "messages"%' order by statement like '%to_team%' desc`,
      );
      const plans = [];
      for (const { name, parameters } of messageStatements) {
        const { rows: lines } = await one.pool.query<{ 'QUERY PLAN': string }>(
          `explain execute ${name}(${Array(parameters).fill('null').join(', ')})`,
        );
        plans.push(lines.map((l) => l['QUERY PLAN']).join('\n'));
      }
      const [fromCustomerPlan, fromTeamPlan] = plans as [string, string];
      expect(fromCustomerPlan).toMatch(/Index (Only )?Scan using notifications_team_chat_unread_unique/);
      expect(fromTeamPlan).toMatch(/Index (Only )?Scan using notifications_customer_chat_unread_unique/);
      // Each recipient's unread count is the one the triggers keep, its row taken by its key, not a count of their
      // unread notifications.
      for (const statementPlan of plans) {
        expect(statementPlan).toMatch(/Conflict Arbiter Indexes: notification_unread_counts_pkey/);
        expect(statementPlan).not.toContain('notifications_user_unread_idx');
      }
    } finally {
      await one.close();
    }
  });

  it('a search takes its candidates from the name index and a SKU prefix from the lower(sku) index', async () => {
    const names = await plan(`select p.id from products p
      where p.status and p.name_vector @@ to_tsquery('english', 'oak & chair & 12345') limit 1001`);
    expect(names).toContain('products_name_search_idx');
    const sku = await plan(`select p.id from products p
      where lower(p.sku) ~>=~ 'sk-0012' and lower(p.sku) ~<~ 'sk-0012\u{10FFFF}' limit 1001`);
    expect(sku).toContain('products_sku_lower_unique');
  });

  it('a one-word search reads its best name matches as a range of the rank-ordered index', async () => {
    const p = await plan(`select s.product_id from search_postings s
      where s.lexeme = (tsvector_to_array(to_tsvector('english', 'chairs')))[1]
      order by s.rank desc nulls last, s.created_at desc nulls last, s.product_id desc nulls last limit 1001`);
    expect(p).toContain('search_postings_rank_idx');
    expect(p).not.toMatch(/Seq Scan on search_postings|Bitmap|Sort/);
  });

  it('the in-memory search index reads the products changed since its last read through the updated_at index', async () => {
    const p = await plan(
      `select p.id, p.status, tsvector_to_array(p.name_vector), tsvector_to_array(p.search_vector)
       from products p where p.updated_at > now() - interval '5 minutes'`,
    );
    expect(p).toContain('products_updated_idx');
    expect(p).not.toContain('Seq Scan');
  });

  it('the ids the in-memory search index found are checked through the primary key', async () => {
    const p = await plan(
      `select p.id from products p where p.id = any($1::int[]) and p.status
         and p.name_vector @@ to_tsquery('english', 'oak & chair')`,
      [Array.from({ length: 1100 }, (_, i) => i * 17 + 1)],
    );
    expect(p).toContain('products_pkey');
    expect(p).not.toContain('Seq Scan');
  });

  it("a search of the in-memory index's candidates is planned once per connection, its words parsed once per run", async () => {
    const one = connectDatabase(t.ctx.database.url, { max: 1 });
    try {
      const searches = [
        'oak chair',
        'mesh desk',
        'steel cabinet',
        'leather chair',
        'oak desk',
        'mesh cabinet',
      ];
      for (const [n, text] of [...searches, ...searches].entries()) {
        const ids = Array.from({ length: 300 }, (_, i) => i * 12 + 1 + (n % 12));
        const page = await searchProductPage(
          one.db,
          parseSearch(text),
          'fulltext',
          {},
          undefined,
          9,
          0,
          1000,
          {
            named: ids,
            more: [],
          },
        );
        // Every answer has all the words in its name: the candidates are checked, not taken as found.
        const words = text.split(' ');
        for (const row of page.rows) for (const w of words) expect(row.name.toLowerCase()).toContain(w);
      }
      const { rows } = await one.pool.query<{
        statement: string;
        generic_plans: string;
        custom_plans: string;
      }>(
        `select statement, generic_plans, custom_plans from pg_prepared_statements where statement like '%= any(%'`,
      );
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]!.custom_plans)).toBeLessThanOrEqual(5);
      expect(Number(rows[0]!.generic_plans)).toBeGreaterThanOrEqual(7);
      // A subquery, run once: a generic plan's `to_tsquery($1)` in a row's filter is parsed again for each row.
      expect(rows[0]!.statement).not.toMatch(/(?<!\(select )to_tsquery/);
    } finally {
      await one.close();
    }
  });

  it("the closest known word to a word no name has is read through the vocabulary's trigram index", async () => {
    const similar = await plan(`select w.word from search_words w where w.word % 'modle1a2b3'
      order by w.word <-> 'modle1a2b3', w.products desc, w.word limit 1`);
    expect(similar).toContain('search_words_trgm_idx');
    expect(similar).not.toContain('Seq Scan');
  });

  it('the admin inbox walks the inbox index in its ORDER BY', async () => {
    const p = await plan(`select c.id from conversations c join users u on u.id = c.customer_id
      where c.last_message_at is not null and u.role = 'user'
      order by c.last_message_at desc nulls last, c.id desc limit 50`);
    expect(p).toContain('conversations_inbox_idx');
    expect(p).not.toContain('Sort');
  });

  it('a later page of the admin inbox starts at its cursor inside the inbox index', async () => {
    const p = await plan(
      `select c.id from conversations c join users u on u.id = c.customer_id
        where c.last_message_at is not null and u.role = 'user'
          and (c.last_message_at, c.id) < (timestamptz 'epoch' + $1::bigint * interval '1 microsecond', $2::int)
        order by c.last_message_at desc nulls last, c.id desc limit 51`,
      [String((Date.now() - 1000 * 60_000) * 1000), 1500],
    );
    expect(p).toContain('conversations_inbox_idx');
    expect(p).toMatch(/Index Cond: .*ROW\(last_message_at, id\) </);
    expect(p).not.toContain('Sort');
  });

  it("the team's chat unread total reads only the conversations with unread messages", async () => {
    const p = await plan(
      `select coalesce(sum(unread_for_admin), 0)::int from conversations where unread_for_admin > 0`,
    );
    expect(p).toContain('conversations_admin_unread_idx');
    expect(p).not.toContain('Seq Scan');
  });

  it('unread counts read the unread-messages index', async () => {
    const p = await plan(
      `select count(*)::int from messages m where m.conversation_id = $1 and m.from_admin = false and m.seen = false`,
      [5],
    );
    expect(p).toContain('messages_unread_idx');
  });

  it("a customer's deletion finds their messages, notifications and conversation by index", async () => {
    expect(await plan(`select id from messages where sender_id = $1`, [7])).toContain('messages_sender_idx');
    expect(await plan(`select id from messages where receiver_id = $1`, [7])).toContain(
      'messages_receiver_idx',
    );
    expect(await plan(`select id from notifications where user_id = $1`, [7])).toMatch(
      /notifications_user_\w+_idx/,
    );
    expect(await plan(`select id from conversations where customer_id = $1`, [7])).toContain(
      'conversations_customer_unique',
    );
    // The notifications about them (their messages to the team, their designs), named in the data.
    const about = await plan(
      `select id from notifications where (data ->> 'sender_id') = $1 or (data ->> 'design_id') in ($2, $3)`,
      ['7', '11', '12'],
    );
    expect(about).toContain('notifications_sender_idx');
    expect(about).toContain('notifications_design_idx');
    expect(about).not.toContain('Seq Scan');
  });

  it("a user's notifications page walks their index newest first", async () => {
    const busiest = (await t.ctx.database.pool.query<{ id: number }>('select min(id) as id from users'))
      .rows[0]!.id;
    const p = await plan(
      `select id from notifications where user_id = $1 order by created_at desc, id desc limit 20`,
      [busiest],
    );
    expect(p).toContain('notifications_user_created_idx');
    expect(p).not.toContain('Sort');
  });

  // The whole days come from created_counts (three rows a day at most); the partial days at a window's edges are
  // counted in the table, through the index of the rows counted.
  it("the rows of a dashboard window's partial edge day are counted through their index", async () => {
    const since30 = new Date(Date.now() - 30 * 24 * 3600 * 1000);
    const nextMidnight = new Date((Math.floor(since30.getTime() / 86_400_000) + 1) * 86_400_000);
    const customers = await plan(
      `select count(*) from users where role = 'user' and created_at >= $1 and created_at < $2`,
      [since30, nextMidnight],
    );
    expect(customers).toContain('users_role_created_idx');
    expect(customers).not.toContain('Seq Scan');
    const active = await plan(
      `select count(*) from products where status = true and created_at >= $1 and created_at < $2`,
      [since30, nextMidnight],
    );
    expect(active).toMatch(/products_(active_)?created_idx/);
    expect(active).not.toContain('Seq Scan');
  });

  it("the back-office's product list reads every product newest first from its index, without a sort", async () => {
    const p = await plan(
      `select p.id, c.name from products p left join categories c on c.id = p.category_id
       order by p.created_at desc, p.id desc limit 10 offset 20`,
    );
    expect(p).toContain('products_created_idx');
    expect(p).not.toContain('Sort');
  });
});

describe('foreign keys', () => {
  it('each has an index led by its column, so deleting or joining the row it points at reads no whole table', async () => {
    const { rows } = await t.ctx.database.pool.query<{ fk: string }>(`
      select c.conrelid::regclass || '.' || a.attname as fk
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       where c.contype = 'f' and c.connamespace = 'public'::regnamespace
         and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
       order by 1`);
    expect(rows.map((r) => r.fk)).toEqual([]);
  });
});
