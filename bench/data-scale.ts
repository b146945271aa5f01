/**
 * Years of data: the back-office and the customer pages that grow with the shop's history, timed on a database
 * of USERS customers (default 100,000), MESSAGES chat messages (1,000,000), NOTIFICATIONS (500,000) and PRODUCTS
 * products (1,000; PRODUCTS=1000000 for the dashboard and the product list of a million-product catalogue).
 *
 *   npx tsx bench/data-scale.ts                                     (embedded PostgreSQL)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/data-scale.ts
 *
 * The data is generated inside PostgreSQL (generate_series); the shop (bench/catalog-server.ts, the real
 * buildApp) serves it. Each request is sent ROUNDS times (default 40) one after the other and its p50 / p95 is
 * printed beside its target: p95 <= 50 ms for reads, <= 100 ms for deleting a customer with their history.
 */
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/platform/auth/passwords';
import { benchDatabase, loadAverage, settle, startServer, stopServer } from './bench-support';

const USERS = Number(process.env.USERS ?? 100_000);
const MESSAGES = Number(process.env.MESSAGES ?? 1_000_000);
const NOTIFICATIONS = Number(process.env.NOTIFICATIONS ?? 500_000);
const ROUNDS = Number(process.env.ROUNDS ?? 40);
const PRODUCTS = Number(process.env.PRODUCTS ?? 1000);
const PORT = 3295;
const PASSWORD = 'Bench-Passw0rd-1';

async function generate(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const started = performance.now();
  const hash = await hashPassword(PASSWORD);
  await c.query('begin');
  await c.query(
    `insert into users (name, email, password_hash, role, created_at)
     select 'Customer ' || i, 'customer' || i || '@example.com', $1, 'user', now() - (i || ' minutes')::interval
     from generate_series(1, ${USERS}) as i`,
    [hash],
  );
  await c.query(
    `insert into users (name, email, password_hash, role) values ('Bench Admin', 'admin@example.com', $1, 'admin')`,
    [hash],
  );
  // Half the customers have written to the shop; messages spread over their conversations.
  await c.query(`insert into conversations (customer_id, last_message_at)
    select id, now() - (id || ' seconds')::interval from users where role = 'user' and id % 2 = 0`);
  await c.query(`insert into messages (conversation_id, sender_id, receiver_id, from_admin, body, seen, created_at)
    select c.id, case when i % 3 = 0 then null else c.customer_id end, case when i % 3 = 0 then c.customer_id end,
      i % 3 = 0, 'Message ' || i, i % 11 <> 0, now() - (i || ' seconds')::interval
    from generate_series(1, ${MESSAGES}) as i
    join conversations c on c.id = 1 + i % (select count(*) from conversations)`);
  // The conversations' unread counters, as the shop keeps them (migration 0009 does the same for stored data).
  await c.query(`update conversations c set unread_for_admin = u.for_admin, unread_for_customer = u.for_customer
    from (select conversation_id, count(*) filter (where not from_admin)::int as for_admin,
                 count(*) filter (where from_admin)::int as for_customer
            from messages where not seen group by conversation_id) u
   where u.conversation_id = c.id`);
  await c.query(`insert into notifications (user_id, type, data, read_at, created_at)
    select u.id, 'chat_message', jsonb_build_object('message', 'New message ' || i), case when i % 5 = 0 then null else now() end,
      now() - (i || ' seconds')::interval
    from generate_series(1, ${NOTIFICATIONS}) as i join users u on u.id = 1 + i % ${USERS}`);
  await c.query('commit');
  await c.query('vacuum analyze');
  const victims = (
    await c.query<{ id: number }>(
      `select c.customer_id as id from conversations c order by c.customer_id limit ${ROUNDS}`,
    )
  ).rows.map((r) => r.id);
  const generated = ((performance.now() - started) / 1000).toFixed(1);
  const settled = await settle(c);
  await c.end();
  console.info(
    `${USERS} customers, ${MESSAGES} messages, ${NOTIFICATIONS} notifications generated in ${generated} s; ${settled}`,
  );
  return victims;
}

async function time(method: string, path: string, token: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORT}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  await res.arrayBuffer();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status}`);
  return performance.now() - started;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

const database = await benchDatabase(PRODUCTS, 54397);
let server: ChildProcess | undefined;
try {
  const victims = await generate(database.url);
  server = await startServer('bench/catalog-server.ts', PORT, database.url);
  const login = async (url: string, email: string) => {
    const res = await fetch(`http://127.0.0.1:${PORT}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
    return ((await res.json()) as { token: string }).token;
  };
  const admin = await login('/api/admin/login', 'admin@example.com');
  const customer = await login('/api/login', 'customer2@example.com');
  // A later page of the inbox: where the 10th page starts.
  let cursor = '';
  for (let page = 1; page < 10; page++) {
    const res = await fetch(
      `http://127.0.0.1:${PORT}/api/conversations${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      { headers: { authorization: `Bearer ${admin}` } },
    );
    cursor = ((await res.json()) as { next_cursor: string }).next_cursor;
  }
  const cases: [name: string, target: number, method: string, path: (i: number) => string, token: string][] =
    [
      ['admin inbox (conversations)', 50, 'GET', () => '/api/conversations', admin],
      [
        'admin inbox, 10th page',
        50,
        'GET',
        () => `/api/conversations?cursor=${encodeURIComponent(cursor)}`,
        admin,
      ],
      ['admin inbox, search', 50, 'GET', (i) => `/api/conversations?search=customer${2000 + 2 * i}@`, admin],
      ['admin chat unread count', 50, 'GET', () => '/api/conversations/unread-count', admin],
      ['customer chat unread count', 50, 'GET', () => '/api/conversations/unread-count', customer],
      ['customer notifications page', 50, 'GET', () => '/api/notifications?page=1&per_page=10', customer],
      ['dashboard', 50, 'GET', () => '/api/admin/dashboard-stats', admin],
      ['admin users, page 1', 50, 'GET', () => '/api/admin/users?page=1&perPage=10', admin],
      ['admin users, search', 50, 'GET', (i) => `/api/admin/users?search=customer ${1000 + i}`, admin],
      ['admin designs, page 1', 50, 'GET', () => '/api/admin/designs?page=1&perPage=10', admin],
      ['admin products, page 1', 50, 'GET', () => '/api/admin/products?page=1&perPage=10', admin],
      ['admin products, search', 50, 'GET', (i) => `/api/admin/products?search=chair ${i}`, admin],
      ['delete a customer with history', 100, 'DELETE', (i) => `/api/admin/users/${victims[i]}`, admin],
    ];
  const rows: string[] = [];
  for (const [name, target, method, path, token] of cases) {
    await time(method === 'DELETE' ? 'GET' : method, method === 'DELETE' ? '/healthz' : path(0), token);
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) times.push(await time(method, path(i), token));
    times.sort((a, b) => a - b);
    const p95 = pct(times, 95);
    rows.push(
      `| ${name.padEnd(32)} | ${pct(times, 50).toFixed(1).padStart(7)} | ${p95.toFixed(1).padStart(7)} | <= ${target} ms | ${p95 <= target ? 'met' : 'missed'} |`,
    );
  }
  console.info(
    `\nPostgreSQL ${database.version}; ${ROUNDS} requests each, one at a time; load average ${loadAverage()}\n`,
  );
  console.info('| request                          |  p50 ms |  p95 ms | target   | result |');
  console.info('|----------------------------------|---------|---------|----------|--------|');
  for (const r of rows) console.info(r);
} finally {
  if (server) await stopServer(server).catch(() => {});
  await database.close();
}
