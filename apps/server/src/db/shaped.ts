import { createHash } from 'node:crypto';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Pool, QueryResultRow } from 'pg';
import type { DbOrTx } from './connection';

/** Renders drizzle SQL to text and parameters, with the app's column naming (connection.ts). */
export const dialect = new PgDialect({ casing: 'snake_case' });

/** A prepared statement's name: a digest of its SQL text, so each distinct statement is prepared once per connection. */
export function statementName(text: string): string {
  return `shop_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
}

/** A value of a shaped statement: a placeholder when the statement is built once for its shape, else the value. */
export type Bind = (name: string) => unknown;

const shapedStatements = new Map<string, { text: string; name: string; params: unknown[] }>();
/** Whether each run of a shaped statement checks its text again (under test); read once, `process.env` is slow. */
const CHECK_SHAPES = process.env.NODE_ENV === 'test';

/**
 * Runs a statement whose SQL text depends only on `shape` (which filters are set, not their values) as a named
 * prepared statement built once per shape: `build` is given placeholders then, and the values are bound at each
 * run. For the hottest statements (the storefront's list, the session of every signed-in request, a chat message):
 * building, rendering and naming drizzle SQL costs tens of microseconds a run, and PostgreSQL parses and plans a
 * prepared statement once per connection. Inside a transaction it runs as an ordinary query with the values in
 * place. Shapes are one namespace for the whole app: each starts with its module's name. Under test
 * (NODE_ENV=test) every run checks that the shape still gives the text it was built with, so a shape that misses
 * what changes the text fails the tests.
 */
export async function shapedQuery<T extends QueryResultRow>(
  db: DbOrTx,
  shape: string,
  build: (bind: Bind) => SQL,
  values: Record<string, unknown>,
  /** Makes a row of the values in column order; rows are then read as arrays (pg's array row mode). */
  fromValues?: (values: unknown[]) => T,
): Promise<{ rows: T[] }> {
  if (!('$client' in db)) {
    // Each value one parameter, an array too (as the placeholders bind it).
    const { rows } = (await db.execute(build((name) => sql.param(values[name])))) as {
      rows: Record<string, unknown>[];
    };
    return { rows: fromValues ? rows.map((r) => fromValues(Object.values(r))) : (rows as T[]) };
  }
  let statement = shapedStatements.get(shape);
  if (!statement || CHECK_SHAPES) {
    const { sql: text, params } = dialect.sqlToQuery(build((name) => sql.placeholder(name)));
    if (statement && statement.text !== text)
      throw new Error(`The statement of shape ${shape} changed its text: the shape misses what changed it`);
    statement ??= { text, params, name: statementName(text) };
    shapedStatements.set(shape, statement);
  }
  const { name, text } = statement;
  const params = fillPlaceholders(statement.params, values);
  const pool = db.$client as Pool;
  if (!fromValues) return pool.query<T>({ name, text, values: params });
  const result = await pool.query<unknown[]>({ name, text, values: params, rowMode: 'array' });
  return { rows: result.rows.map(fromValues) };
}
