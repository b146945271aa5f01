import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { products } from '../../db/schema/catalog';
import {
  bookings,
  proposalLines,
  proposalNumberSeq,
  proposals,
  quoteRequestItems,
  quoteRequests,
} from '../../db/schema/deals';
import { designSubmissions } from '../../db/schema/designs';
import { users } from '../../db/schema/users';
import { containsPattern } from '../../platform/like';
import { lockForTransaction } from '../../platform/xact-lock';

export type ProposalRow = typeof proposals.$inferSelect;
export type ProposalLineRow = typeof proposalLines.$inferSelect;
export type QuoteRequestRow = typeof quoteRequests.$inferSelect;

/** The customer of a proposal: the design's owner (or its guest contact), or the quote request's customer. */
const ownerId = sql<number | null>`coalesce(${designSubmissions.userId}, ${quoteRequests.userId})`;
const customerName = sql<string>`coalesce(${users.name}, ${designSubmissions.name}, '')`;
const customerEmail = sql<string>`coalesce(${users.email}, ${designSubmissions.email}, '')`;
const customerCompany = sql<string | null>`nullif(${designSubmissions.companyName}, '')`;

const withCustomer = {
  proposal: proposals,
  ownerId,
  designSlug: designSubmissions.slug,
  customerName,
  customerEmail,
  customerCompany,
};

function joined(db: DbOrTx) {
  return db
    .select(withCustomer)
    .from(proposals)
    .leftJoin(designSubmissions, eq(designSubmissions.id, proposals.designId))
    .leftJoin(quoteRequests, eq(quoteRequests.id, proposals.quoteRequestId))
    .leftJoin(users, eq(users.id, sql`coalesce(${designSubmissions.userId}, ${quoteRequests.userId})`));
}

export type ProposalWithCustomer = Awaited<ReturnType<typeof findProposal>> & {};

export async function findProposal(db: DbOrTx, id: number) {
  const rows = await joined(db).where(eq(proposals.id, id));
  return rows[0] ?? null;
}

/**
 * Holds the design a proposal is made on (FOR SHARE) for the rest of the transaction. A customer's deletion of the
 * design locks it FOR UPDATE before it checks for sent proposals: one of the two waits for the other, so a proposal
 * is never sent while its design is being deleted. Taken before the proposal's own locks, in the deletion's order.
 */
export async function lockDesignOf(db: DbOrTx, id: number) {
  await db.execute(sql`select d.id from proposals p join design_submissions d on d.id = p.design_id
    where p.id = ${id} for share of d`);
}

/** Locks a proposal row for a change of state. */
export async function lockProposal(db: DbOrTx, id: number) {
  await db.execute(sql`select id from proposals where id = ${id} for update`);
}

/** Sent proposals past their validity become expired (valid through valid_until, in the shop's calendar). */
export async function expireDue(db: DbOrTx, today: string) {
  await db
    .update(proposals)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(and(eq(proposals.status, 'sent'), sql`${proposals.validUntil} < ${today}::date`));
}

export async function linesOf(db: DbOrTx, proposalIds: number[]) {
  if (proposalIds.length === 0) return [];
  return db
    .select()
    .from(proposalLines)
    .where(inArray(proposalLines.proposalId, proposalIds))
    .orderBy(asc(proposalLines.proposalId), asc(proposalLines.position));
}

export async function versionsOf(db: DbOrTx, number: string) {
  return db
    .select({
      id: proposals.id,
      version: proposals.version,
      status: proposals.status,
      total: proposals.total,
      sentAt: proposals.sentAt,
    })
    .from(proposals)
    .where(eq(proposals.number, number))
    .orderBy(desc(proposals.version));
}

export async function activeBookingOf(db: DbOrTx, proposalId: number) {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.proposalId, proposalId), ne(bookings.status, 'cancelled')))
    .orderBy(desc(bookings.id))
    .limit(1);
  return rows[0]?.id ?? null;
}

/**
 * The number of a new proposal (P-000123), from the numbers' own sequence: its versions keep it, so they use none up,
 * and proposals written at once never share one.
 */
export async function nextProposalNumber(db: DbOrTx): Promise<string> {
  const res = await db.execute<{ n: number }>(
    sql`select nextval(${proposalNumberSeq.seqName}::regclass) as n`,
  );
  return `P-${String(res.rows[0]!.n).padStart(6, '0')}`;
}

export async function insertProposal(db: DbOrTx, values: typeof proposals.$inferInsert) {
  const [row] = await db.insert(proposals).values(values).returning();
  return row!;
}

export async function updateProposal(db: DbOrTx, id: number, values: Partial<typeof proposals.$inferInsert>) {
  const [row] = await db
    .update(proposals)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(proposals.id, id))
    .returning();
  return row!;
}

export async function replaceLines(
  db: DbOrTx,
  proposalId: number,
  lines: Omit<typeof proposalLines.$inferInsert, 'proposalId'>[],
) {
  await db.delete(proposalLines).where(eq(proposalLines.proposalId, proposalId));
  if (lines.length) await db.insert(proposalLines).values(lines.map((l) => ({ ...l, proposalId })));
}

export async function setLineDeclined(db: DbOrTx, proposalId: number, declinedIds: number[]) {
  await db
    .update(proposalLines)
    .set({
      declined: declinedIds.length
        ? sql`${proposalLines.id} in (${sql.join(
            declinedIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    })
    .where(eq(proposalLines.proposalId, proposalId));
}

/**
 * Serializes the steps that depend on a proposal's other versions (sending one, accepting one) for the rest of the
 * transaction: two versions are two rows, so their row locks alone would let both be accepted at once. The lock
 * is the proposal number's, of the version `id` (its number never changes, so it is read before any lock), taken
 * before the version's row lock by every step that takes both, so they never wait on each other in opposite orders.
 */
export async function lockNumberOf(db: DbOrTx, id: number) {
  const [row] = await db.select({ number: proposals.number }).from(proposals).where(eq(proposals.id, id));
  if (row) await lockForTransaction(db, `proposal:${row.number}`);
}

/** Whether a version of the proposal other than `exceptId` is accepted. */
export async function otherVersionAccepted(db: DbOrTx, number: string, exceptId: number): Promise<boolean> {
  const rows = await db
    .select({ id: proposals.id })
    .from(proposals)
    .where(and(eq(proposals.number, number), ne(proposals.id, exceptId), eq(proposals.status, 'accepted')))
    .limit(1);
  return rows.length > 0;
}

/** Other versions of a proposal that a newly sent version replaces. */
export async function supersedeOthers(db: DbOrTx, number: string, keepId: number) {
  await db
    .update(proposals)
    .set({ status: 'superseded', updatedAt: sql`now()` })
    .where(
      and(
        eq(proposals.number, number),
        ne(proposals.id, keepId),
        inArray(proposals.status, ['sent', 'expired']),
      ),
    );
}

/** Products by id; `activeOnly`: those the storefront shows (a customer's quote asks only for those). */
/**
 * The products of these ids. With `share`, each is held FOR SHARE (in id order) until the transaction ends: a
 * proposal's lines copy a product's photo key, and the product's edit, which removes a replaced photo no line
 * shows, must wait until the lines that show it are written.
 */
export async function productsByIds(
  db: DbOrTx,
  ids: number[],
  opts: { activeOnly?: boolean; share?: boolean } = {},
) {
  if (ids.length === 0) return [];
  const found = db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      price: products.price,
      photoKey: products.photoKey,
    })
    .from(products)
    .where(
      opts.activeOnly ? and(inArray(products.id, ids), eq(products.status, true)) : inArray(products.id, ids),
    )
    .orderBy(products.id);
  return opts.share ? found.for('share') : found;
}

export async function findDesign(db: DbOrTx, id: number) {
  const rows = await db.select().from(designSubmissions).where(eq(designSubmissions.id, id));
  return rows[0] ?? null;
}

function listWhere(filter: {
  search?: string;
  status?: ProposalRow['status'];
  ownerId?: number;
  designId?: number;
  quoteRequestId?: number;
}) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(proposals.status, filter.status));
  if (filter.ownerId !== undefined) {
    conditions.push(sql`${ownerId} = ${filter.ownerId}`);
    conditions.push(ne(proposals.status, 'draft'));
  }
  if (filter.designId !== undefined) conditions.push(eq(proposals.designId, filter.designId));
  if (filter.quoteRequestId !== undefined)
    conditions.push(eq(proposals.quoteRequestId, filter.quoteRequestId));
  if (filter.search) {
    const like = containsPattern(filter.search);
    conditions.push(
      or(
        ilike(proposals.number, like),
        sql`${customerName} ilike ${like}`,
        sql`${customerEmail} ilike ${like}`,
        ilike(designSubmissions.companyName, like),
        ilike(designSubmissions.slug, like),
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function listProposals(
  db: DbOrTx,
  filter: {
    search?: string;
    status?: ProposalRow['status'];
    ownerId?: number;
    designId?: number;
    quoteRequestId?: number;
  },
  page: number,
  perPage: number,
) {
  const where = listWhere(filter);
  const rows = await joined(db)
    .where(where)
    .orderBy(desc(proposals.createdAt), desc(proposals.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(proposals)
    .leftJoin(designSubmissions, eq(designSubmissions.id, proposals.designId))
    .leftJoin(quoteRequests, eq(quoteRequests.id, proposals.quoteRequestId))
    .leftJoin(users, eq(users.id, sql`coalesce(${designSubmissions.userId}, ${quoteRequests.userId})`))
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

/* Quote requests */

export async function insertQuoteRequest(
  db: DbOrTx,
  userId: number,
  note: string | null,
  items: { productId: number; name: string; sku: string; quantity: number }[],
) {
  const [row] = await db.insert(quoteRequests).values({ userId, note }).returning();
  await db.insert(quoteRequestItems).values(items.map((i) => ({ ...i, quoteRequestId: row!.id })));
  return row!;
}

export async function findQuoteRequest(db: DbOrTx, id: number) {
  const rows = await db
    .select({ request: quoteRequests, name: users.name, email: users.email })
    .from(quoteRequests)
    .innerJoin(users, eq(users.id, quoteRequests.userId))
    .where(eq(quoteRequests.id, id));
  return rows[0] ?? null;
}

export async function listQuoteRequests(db: DbOrTx, page: number, perPage: number) {
  const rows = await db
    .select({ request: quoteRequests, name: users.name, email: users.email })
    .from(quoteRequests)
    .innerJoin(users, eq(users.id, quoteRequests.userId))
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const total = await db.$count(quoteRequests);
  return { rows, total };
}

export async function quoteItems(db: DbOrTx, requestId: number) {
  return db
    .select({
      productId: quoteRequestItems.productId,
      name: quoteRequestItems.name,
      sku: quoteRequestItems.sku,
      quantity: quoteRequestItems.quantity,
      price: products.price,
      photoKey: products.photoKey,
    })
    .from(quoteRequestItems)
    .leftJoin(products, eq(products.id, quoteRequestItems.productId))
    .where(eq(quoteRequestItems.quoteRequestId, requestId))
    .orderBy(asc(quoteRequestItems.id));
}

/** The proposals that answer a quote request: each number once, at its latest version, the latest written first. */
export async function proposalsOfRequest(db: DbOrTx, requestId: number) {
  const rows = await db
    .select({ id: proposals.id, number: proposals.number })
    .from(proposals)
    .where(eq(proposals.quoteRequestId, requestId))
    .orderBy(desc(proposals.id));
  // A revision is a row written after its number's others: a number's first row here is its latest version.
  const seen = new Set<string>();
  return rows.filter((r) => {
    if (seen.has(r.number)) return false;
    seen.add(r.number);
    return true;
  });
}

export async function markRequestAnswered(db: DbOrTx, requestId: number) {
  await db.update(quoteRequests).set({ status: 'answered' }).where(eq(quoteRequests.id, requestId));
}
