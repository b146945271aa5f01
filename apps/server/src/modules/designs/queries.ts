import { and, asc, desc, eq, getTableColumns, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { nextUpdatedAt } from '../../platform/row-version';
import { designHistory, designSubmissions, recommendationFiles } from '../../db/schema/designs';
import { users } from '../../db/schema/users';
import { containsPattern } from '../../platform/like';

export type DesignRow = typeof designSubmissions.$inferSelect;
export type DesignInsert = typeof designSubmissions.$inferInsert;
export type RecommendationFileRow = typeof recommendationFiles.$inferSelect;
export type HistoryInsert = typeof designHistory.$inferInsert;

export interface DesignWithFiles extends DesignRow {
  files: RecommendationFileRow[];
  ownerName: string | null;
}

/** The next id of design_submissions, taken before the insert so the design number can be derived from it. */
export async function nextDesignId(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ id: string | number }>(
    sql`select nextval(pg_get_serial_sequence('design_submissions', 'id')) as id`,
  );
  return Number(result.rows[0]!.id);
}

export async function insertDesign(db: DbOrTx, values: DesignInsert): Promise<DesignRow> {
  const [row] = await db.insert(designSubmissions).values(values).returning();
  return row!;
}

export async function insertHistory(db: DbOrTx, entries: HistoryInsert[]): Promise<void> {
  if (entries.length) await db.insert(designHistory).values(entries);
}

export interface HistoryRow {
  id: number;
  kind: (typeof designHistory.$inferSelect)['kind'];
  actorId: number | null;
  actorName: string | null;
  fromStatus: string | null;
  toStatus: string | null;
  body: string | null;
  createdAt: Date;
}

/** A design's history with each actor's name, oldest first. */
export async function historyOf(db: DbOrTx, designId: number): Promise<HistoryRow[]> {
  return db
    .select({
      id: designHistory.id,
      kind: designHistory.kind,
      actorId: designHistory.actorId,
      actorName: users.name,
      fromStatus: designHistory.fromStatus,
      toStatus: designHistory.toStatus,
      body: designHistory.body,
      createdAt: designHistory.createdAt,
    })
    .from(designHistory)
    .leftJoin(users, eq(users.id, designHistory.actorId))
    .where(eq(designHistory.designId, designId))
    .orderBy(asc(designHistory.createdAt), asc(designHistory.id));
}

export async function filesOf(
  db: DbOrTx,
  designIds: number[],
): Promise<Map<number, RecommendationFileRow[]>> {
  const map = new Map<number, RecommendationFileRow[]>(designIds.map((id) => [id, []]));
  if (designIds.length === 0) return map;
  const rows = await db
    .select()
    .from(recommendationFiles)
    .where(inArray(recommendationFiles.designId, designIds))
    .orderBy(asc(recommendationFiles.createdAt), asc(recommendationFiles.id));
  for (const r of rows) map.get(r.designId)?.push(r);
  return map;
}

async function withFiles(
  db: DbOrTx,
  rows: (DesignRow & { ownerName: string | null })[],
): Promise<DesignWithFiles[]> {
  const files = await filesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, files: files.get(r.id) ?? [] }));
}

const designColumns = { ...getTableColumns(designSubmissions), ownerName: users.name };

/** One design with its recommendation files; `ownerId` limits it to that owner's designs. */
export async function findDesign(
  db: DbOrTx,
  where: { id?: number; slug?: string; ownerId?: number },
): Promise<DesignWithFiles | null> {
  const conditions: SQL[] = [];
  if (where.id !== undefined) conditions.push(eq(designSubmissions.id, where.id));
  if (where.slug !== undefined) conditions.push(eq(designSubmissions.slug, where.slug));
  if (where.ownerId !== undefined) conditions.push(eq(designSubmissions.userId, where.ownerId));
  const rows = await db
    .select(designColumns)
    .from(designSubmissions)
    .leftJoin(users, eq(users.id, designSubmissions.userId))
    .where(and(...conditions))
    .limit(1);
  const [design] = await withFiles(db, rows);
  return design ?? null;
}

/** Locks one design row for the rest of the transaction, so concurrent reviews apply one after the other. */
export async function lockDesign(db: DbOrTx, id: number): Promise<DesignRow | null> {
  const [row] = await db.select().from(designSubmissions).where(eq(designSubmissions.id, id)).for('update');
  return row ?? null;
}

export async function listOwnerDesigns(db: DbOrTx, ownerId: number, page: number, perPage: number) {
  const where = eq(designSubmissions.userId, ownerId);
  const [total, rows] = await Promise.all([
    db.$count(designSubmissions, where),
    db
      .select(designColumns)
      .from(designSubmissions)
      .leftJoin(users, eq(users.id, designSubmissions.userId))
      .where(where)
      .orderBy(desc(designSubmissions.createdAt), desc(designSubmissions.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  return { total, rows: await withFiles(db, rows) };
}

export async function listAllDesigns(
  db: DbOrTx,
  opts: { page: number; perPage: number; search?: string; userId?: number },
) {
  const conditions: SQL[] = [];
  if (opts.userId !== undefined) conditions.push(eq(designSubmissions.userId, opts.userId));
  if (opts.search) {
    const pattern = containsPattern(opts.search);
    conditions.push(
      or(
        ilike(designSubmissions.title, pattern),
        ilike(designSubmissions.slug, pattern),
        ilike(designSubmissions.name, pattern),
        ilike(designSubmissions.email, pattern),
        ilike(designSubmissions.companyName, pattern),
        ilike(designSubmissions.status, pattern),
        ilike(users.name, pattern),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [[count], rows] = await Promise.all([
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(designSubmissions)
      .leftJoin(users, eq(users.id, designSubmissions.userId))
      .where(where),
    db
      .select(designColumns)
      .from(designSubmissions)
      .leftJoin(users, eq(users.id, designSubmissions.userId))
      .where(where)
      .orderBy(desc(designSubmissions.createdAt), desc(designSubmissions.id))
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage),
  ]);
  return { total: count?.total ?? 0, rows: await withFiles(db, rows) };
}

/** Every change moves the design's version on (platform/row-version.ts): the one a review form sends back. */
export async function updateDesign(db: DbOrTx, id: number, values: Partial<DesignInsert>): Promise<void> {
  await db
    .update(designSubmissions)
    .set({ ...values, updatedAt: nextUpdatedAt(designSubmissions.updatedAt) })
    .where(eq(designSubmissions.id, id));
}

/** Whether the shop has sent a proposal for the design (a draft is still the shop's own work). */
export async function hasSentProposal(db: DbOrTx, designId: number): Promise<boolean> {
  const res = await db.execute(
    sql`select 1 from proposals where design_id = ${designId} and status <> 'draft' limit 1`,
  );
  return res.rows.length > 0;
}

export async function deleteDesign(db: DbOrTx, id: number): Promise<void> {
  await db.delete(designSubmissions).where(eq(designSubmissions.id, id));
}

export async function insertRecommendationFiles(
  db: DbOrTx,
  rows: (typeof recommendationFiles.$inferInsert)[],
): Promise<void> {
  if (rows.length) await db.insert(recommendationFiles).values(rows);
}

export async function deleteRecommendationFiles(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(recommendationFiles).where(inArray(recommendationFiles.id, ids));
}

export async function findRecommendationFile(
  db: DbOrTx,
  designId: number,
  fileId: number,
): Promise<RecommendationFileRow | null> {
  const [row] = await db
    .select()
    .from(recommendationFiles)
    .where(and(eq(recommendationFiles.designId, designId), eq(recommendationFiles.id, fileId)))
    .limit(1);
  return row ?? null;
}

/** Whether an account holds this address without having proven it: it cannot claim a guest design yet. */
export async function hasUnverifiedAccount(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.emailVerifiedAt)))
    .limit(1);
  return row !== undefined;
}

export async function findUserEmail(
  db: DbOrTx,
  userId: number,
): Promise<{ email: string; name: string } | null> {
  const [row] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
