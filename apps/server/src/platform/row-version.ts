import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { conflict } from './errors';

/**
 * A row's `updated_at` as the version a back-office form sends back with its edit (the design review, the product
 * edit): an edit made from a version the row no longer has is refused (409) and changes nothing, so a form opened
 * before a colleague's change cannot undo it.
 */

/**
 * The `updated_at` of a row written now: the transaction's time, and at least a millisecond past the one it had.
 * The API gives it in milliseconds, so two writes within one would otherwise look alike. Every write to such a row
 * sets it.
 */
export const nextUpdatedAt = (column: AnyPgColumn): SQL =>
  sql`greatest(now(), ${column} + interval '1 millisecond')`;

/**
 * 409 with `message` when `loaded` (the `updated_at` the form was filled from, ISO 8601) is not the row's
 * `updatedAt`, compared to the millisecond as the answer gives it. Without a version nothing is checked. Call it
 * under the row's lock, so that no other write comes between the check and the edit's own.
 */
export function assertUnchanged(loaded: string | undefined, updatedAt: Date, message: string): void {
  if (loaded !== undefined && Date.parse(loaded) !== updatedAt.getTime()) throw conflict(message);
}
