import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';

/**
 * The dashboard's deal figures: proposals sent and accepted this calendar month (in the shop's timezone), the
 * value accepted this month and last month, and the next confirmed installations and site visits.
 */
export async function dealFigures(ctx: AppContext, now = new Date()) {
  const db = ctx.database.db;
  const tz = ctx.config.shopTimezone;
  const month = sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${tz}) at time zone ${tz})`;
  const lastMonth = sql`(date_trunc('month', (${now.toISOString()}::timestamptz at time zone ${tz}) - interval '1 month') at time zone ${tz})`;
  const figures = await db.execute<{
    sent: number;
    accepted: number;
    value: string;
    previous: string;
  }>(sql`
    select
      (count(*) filter (where sent_at >= ${month}))::int as sent,
      (count(*) filter (where status = 'accepted' and decided_at >= ${month}))::int as accepted,
      coalesce(sum(total) filter (where status = 'accepted' and decided_at >= ${month}), 0)::numeric(14,2)::text as value,
      coalesce(sum(total) filter (where status = 'accepted' and decided_at >= ${lastMonth} and decided_at < ${month}), 0)::numeric(14,2)::text as previous
    from proposals`);
  const upcoming = await db.execute<{
    id: number;
    kind: string;
    name: string;
    slot_start: Date | string;
    slot_end: Date | string | null;
    proposal_id: number | null;
  }>(sql`
    select id, kind, name, slot_start, slot_end, proposal_id from bookings
    where status = 'confirmed' and slot_start >= ${now.toISOString()}::timestamptz
    order by slot_start, id limit 5`);
  const row = figures.rows[0]!;
  return {
    sent: row.sent,
    accepted: row.accepted,
    value: row.value,
    previous: row.previous,
    upcoming: upcoming.rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      name: r.name,
      slot_start: new Date(r.slot_start).toISOString(),
      slot_end: r.slot_end === null ? null : new Date(r.slot_end).toISOString(),
      proposal_id: r.proposal_id,
    })),
  };
}
