import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';

/**
 * Columns that change on a request that changes nothing else: a session's last use is touched by any signed-in
 * request (at most once a minute).
 */
const VOLATILE_COLUMNS: Record<string, string[]> = { sessions: ['last_used_at'] };

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** The query of a database's state, built once per database from its tables and columns. */
const queries = new WeakMap<object, string>();

/**
 * What a request could change, in a form to compare: per table of the public schema its row count and a hash of
 * its rows (without the volatile columns), and the list of stored files.
 */
export async function snapshotState(t: TestApp): Promise<Record<string, string>> {
  const pool = t.ctx.database.pool;
  let query = queries.get(pool);
  if (!query) {
    query = await stateQuery(t);
    queries.set(pool, query);
  }
  const statement = sql.raw(query);
  // PostgreSQL 18 plans the union of small tables in parallel, and starting the two workers took 35-50 ms on these
  // machines (PostgreSQL 15 too, when forced), ten times the query itself: in bad-input.test.ts's 1,500 snapshots,
  // most of its time. The snapshot's transaction alone runs without them.
  const { rows } = await t.ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return tx.execute<{ name: string; state: string }>(statement);
  });
  const state = Object.fromEntries(rows.map((r) => [r.name, r.state]));
  state['files'] = (await filesUnder(path.join(t.dataDir, 'files'))).join('\n');
  return state;
}

async function stateQuery(t: TestApp): Promise<string> {
  const pool = t.ctx.database.pool;
  const { rows: columns } = await pool.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const c of columns) {
    if (VOLATILE_COLUMNS[c.table_name]?.includes(c.column_name)) continue;
    byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  }
  const parts = [...byTable].map(([table, cols]) => {
    const row = `row(${cols.map((c) => `"${c}"`).join(', ')})::text`;
    return `select '${table}' as name, count(*)::text || ':' || coalesce(md5(string_agg(${row}, ',' order by ${row})), '') as state from "${table}"`;
  });
  return parts.join(' union all ');
}
