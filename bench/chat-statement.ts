/**
 * A chat message's write alone: the one statement of chat/queries.ts `writeMessage`, sent on one connection with
 * nothing else running, timed from the call to its answer (the round trip included). It tells what a message
 * costs PostgreSQL by its kind, far more steadily than bench/chat-latency.ts can on two shared cores:
 *
 * - a customer's first message: the conversation's row, and a notification and its count for every admin;
 * - a customer's later message: the admins still have its notification unread, so none is written;
 * - the team's first reply: one notification, the customer's;
 * - the team's later reply: none.
 *
 *   npx tsx bench/chat-statement.ts                                                (embedded PostgreSQL)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/chat-statement.ts
 *
 * Env: CUSTOMERS (default 1,500; each kind is written once per customer, in turn), ADMINS (default 4, as in
 * chat-latency.ts), HISTORY (default 5: read notifications each customer has before the run, analyzed). The
 * first 50 of each kind are left out of the figures: a prepared statement's first runs are planned each time.
 * The scratch database is removed at the end.
 */
import type { NotificationData } from '../apps/server/src/db/schema/notifications';
import { connectDatabase } from '../apps/server/src/db/connection';
import { writeMessage } from '../apps/server/src/modules/chat/queries';
import { benchDatabase, loadAverage, percentile } from './bench-support';

const CUSTOMERS = Number(process.env.CUSTOMERS ?? 1500);
const ADMINS = Number(process.env.ADMINS ?? 4);
const SKIPPED = 50;
// Read notifications each customer has before the run.
const HISTORY = Number(process.env.HISTORY ?? 5);

const scratch = await benchDatabase(0);
const database = connectDatabase(scratch.url, { max: 1 });
try {
  const { rows } = await database.pool.query<{ id: number; role: 'admin' | 'user' }>(
    `insert into users (name, email, password_hash, role)
     select case when g <= $1 then 'Bench Admin ' || g else 'Bench Customer ' || g end,
            'bench' || g || '@example.com', 'x', case when g <= $1 then 'admin' else 'user' end
       from generate_series(1, $2::int) g
     returning id, role`,
    [ADMINS, ADMINS + CUSTOMERS],
  );
  // A shop with a history: every customer has read notifications of their designs, and the statistics say so.
  // A table analyzed while empty would make the planner scan it for the one-notification check, a plan no shop
  // that has run a while gets (autovacuum analyzes a table as it grows).
  await database.pool.query(
    `insert into notifications (user_id, type, data, read_at)
     select u.id, 'design_status', jsonb_build_object('type', 'design_status', 'message', 'Design reviewed'), now()
       from users u, generate_series(1, $1::int) g where u.role = 'user'`,
    [HISTORY],
  );
  await database.pool.query('analyze');
  const teamMember = rows.find((r) => r.role === 'admin')!.id;
  const customers = rows.filter((r) => r.role === 'user').map((r) => r.id);

  const kind = async (label: string, fromTeam: boolean) => {
    const times: number[] = [];
    for (const customer of customers) {
      const sender = fromTeam ? teamMember : customer;
      const notification: NotificationData = {
        type: 'chat_message',
        message: 'New message',
        sender_id: sender,
        ...(fromTeam ? { to_customer: true } : { to_team: true }),
      };
      const started = performance.now();
      const written = await writeMessage(database.db, {
        customerId: customer,
        senderId: sender,
        receiverId: fromTeam ? customer : null,
        fromAdmin: fromTeam,
        body: 'A message of the benchmark',
        files: [],
        notification,
        counterpart: fromTeam ? { id: customer, role: 'user' } : null,
      });
      times.push(performance.now() - started);
      if (!written.message) throw new Error(`${label}: nothing written`);
    }
    const measured = times.slice(SKIPPED).sort((a, b) => a - b);
    const mean = measured.reduce((sum, t) => sum + t, 0) / measured.length;
    return { label, mean, p50: percentile(measured, 50), p95: percentile(measured, 95), n: measured.length };
  };

  // In this order each kind finds what the one before left: the customers' later messages find the admins'
  // notifications unread, the team's later replies the customers'.
  const figures = [
    await kind(`a customer's first message (${ADMINS} admins notified)`, false),
    await kind(`a customer's later message (no notification)`, false),
    await kind(`the team's first reply (the customer notified)`, true),
    await kind(`the team's later reply (no notification)`, true),
  ];
  console.info(
    `chat-statement: PostgreSQL ${scratch.version}, ${CUSTOMERS} customers, ${ADMINS} admins, one connection; load average ${loadAverage()}\n`,
  );
  console.info('| message | mean ms | p50 ms | p95 ms | n |');
  console.info('|---|---|---|---|---|');
  for (const f of figures)
    console.info(
      `| ${f.label} | ${f.mean.toFixed(3)} | ${f.p50.toFixed(3)} | ${f.p95.toFixed(3)} | ${f.n} |`,
    );
} finally {
  await database.close();
  await scratch.close();
}
process.exit(0);
