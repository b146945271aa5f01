import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { UserStatus } from '@shop/contracts';
import type { DbOrTx } from '../../db/connection';
import { products, productImages } from '../../db/schema/catalog';
import { messageAttachments, conversations, messages } from '../../db/schema/chat';
import { proposalLines } from '../../db/schema/deals';
import { designSubmissions, recommendationFiles } from '../../db/schema/designs';
import { favorites } from '../../db/schema/favorites';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { createdFigures, listTotal } from '../../platform/created-windows';
import { containsPattern } from '../../platform/like';

function customerFilter(search?: string): SQL | undefined {
  const isCustomer = eq(users.role, 'user');
  if (!search) return isCustomer;
  const pattern = containsPattern(search);
  return and(isCustomer, or(ilike(users.name, pattern), ilike(users.email, pattern)));
}

export async function listCustomers(db: DbOrTx, opts: { search?: string; limit: number; offset: number }) {
  const where = customerFilter(opts.search);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        status: users.status,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(opts.limit)
      .offset(opts.offset),
    listTotal(db, 'customers', users, opts.search ? where : undefined),
  ]);
  return { rows, total };
}

/** How many products each user has liked. */
export async function favoriteCountsByUser(db: DbOrTx, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ userId: favorites.userId, count: sql<number>`count(*)::int` })
    .from(favorites)
    .where(inArray(favorites.userId, userIds))
    .groupBy(favorites.userId);
  for (const r of rows) counts.set(r.userId, r.count);
  return counts;
}

/** The name and e-mail of an account, or null for an unknown id. */
export async function contactOf(db: DbOrTx, id: number) {
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** A customer account (role user), locked for the rest of the transaction; null for admins and unknown ids. */
export async function findCustomer(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'user')))
    .limit(1);
  return row ?? null;
}

/**
 * Locks, before the account itself, the rows of a customer's that other writers lock first and then refer to the
 * account from (a reply's conversation, a design under review or being sent, a proposal being booked, a booking
 * being changed): each of them needs the account's row unchanged until it commits. Taken in this order (designs
 * before proposals, as a proposal's send does), a deletion waits for those writers instead of deadlocking with them.
 */
export async function lockCustomerRows(db: DbOrTx, id: number) {
  await db.execute(sql`select id from design_submissions where user_id = ${id} order by id for update`);
  // A proposal answers a design or a quote request, never both: each set through its own index.
  await db.execute(sql`select p.id from proposals p join design_submissions d on d.id = p.design_id
    where d.user_id = ${id} order by p.id for update of p`);
  await db.execute(sql`select p.id from proposals p join quote_requests r on r.id = p.quote_request_id
    where r.user_id = ${id} order by p.id for update of p`);
  await db.execute(sql`select id from bookings where user_id = ${id} order by id for update`);
  await db.execute(sql`select id from conversations where customer_id = ${id} for update`);
}

export async function lockCustomer(db: DbOrTx, id: number) {
  const rows = await db
    .select({ id: users.id, status: users.status, photoKey: users.photoKey })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'user')))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function setUserStatus(db: DbOrTx, id: number, status: UserStatus) {
  await db
    .update(users)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export function countCustomersCreated(db: DbOrTx, now: Date) {
  return createdFigures(
    db,
    'customers',
    { table: users, createdAt: users.createdAt, where: eq(users.role, 'user') },
    now,
  );
}

/**
 * Every stored file that belongs to a customer's data: their design files, the recommendation files of their
 * designs and the attachments of their support conversation (from both sides). Read inside the deleting
 * transaction, so the files removed afterwards are exactly those of the rows it deleted.
 */
export async function filesOfCustomer(db: DbOrTx, userId: number) {
  const designs = await db
    .select({ id: designSubmissions.id, fileKey: designSubmissions.designFileKey })
    .from(designSubmissions)
    .where(eq(designSubmissions.userId, userId));
  const designIds = designs.map((d) => d.id);
  const recommendations = designIds.length
    ? await db
        .select({ key: recommendationFiles.fileKey })
        .from(recommendationFiles)
        .where(inArray(recommendationFiles.designId, designIds))
    : [];
  const attachments = await db
    .select({ key: messageAttachments.fileKey })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(conversations.customerId, userId));
  return {
    designIds,
    privateKeys: [
      ...designs.flatMap((d) => (d.fileKey ? [d.fileKey] : [])),
      ...recommendations.map((r) => r.key),
      ...attachments.map((a) => a.key),
    ],
  };
}

/**
 * The product photos the customer's proposals show, each with the product it was taken from: a proposal keeps the
 * photo its product had, so one replaced or deleted since may be kept in storage for these lines only. Their
 * products are share-locked, before the lines are deleted: a photo replaced or a product deleted at the same time
 * either commits first and is seen, or waits and then finds these lines gone; one of the two removes the photo.
 * (Taken after the lines' deletion, the lock could wait on a product's deletion that waits on those lines.)
 */
export async function proposalPhotosOf(db: DbOrTx, userId: number) {
  // A proposal answers a design or a quote request, never both: each set through its own index.
  const { rows } = await db.execute<{ key: string; product_id: number | null }>(sql`
    select l.photo_key as key, l.product_id from proposal_lines l
      join proposals p on p.id = l.proposal_id join design_submissions d on d.id = p.design_id
      where d.user_id = ${userId} and l.photo_key is not null
    union
    select l.photo_key, l.product_id from proposal_lines l
      join proposals p on p.id = l.proposal_id join quote_requests r on r.id = p.quote_request_id
      where r.user_id = ${userId} and l.photo_key is not null`);
  const photos = rows.map((r) => ({ key: r.key, productId: r.product_id }));
  const productIds = [...new Set(photos.flatMap((p) => (p.productId === null ? [] : [p.productId])))];
  if (productIds.length > 0)
    await db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, productIds))
      .orderBy(products.id)
      .for('share');
  return photos;
}

/**
 * Of these photos (proposalPhotosOf's), the keys nothing shows once the customer's proposals are gone: neither the
 * photo or gallery of the product it was taken from (an image key belongs to one product) nor another proposal's
 * line.
 */
export async function unshownPhotoKeys(
  db: DbOrTx,
  photos: { key: string; productId: number | null }[],
): Promise<string[]> {
  const keys = [...new Set(photos.map((p) => p.key))];
  if (keys.length === 0) return [];
  const productIds = [...new Set(photos.flatMap((p) => (p.productId === null ? [] : [p.productId])))];
  const shown = new Set<string>();
  if (productIds.length > 0) {
    const current = await db
      .select({ key: products.photoKey })
      .from(products)
      .where(inArray(products.id, productIds));
    const gallery = await db
      .select({ key: productImages.imageKey })
      .from(productImages)
      .where(and(inArray(productImages.productId, productIds), inArray(productImages.imageKey, keys)));
    for (const { key } of [...current, ...gallery]) if (key) shown.add(key);
  }
  const lines = await db
    .selectDistinct({ key: proposalLines.photoKey })
    .from(proposalLines)
    .where(inArray(proposalLines.photoKey, keys));
  for (const { key } of lines) if (key) shown.add(key);
  return keys.filter((k) => !shown.has(k));
}

/**
 * Admin notifications that point at the customer (their chat messages) or at their designs: once the account is
 * gone they would lead nowhere and keep the unread count up.
 */
export async function deleteNotificationsAbout(db: DbOrTx, userId: number, designIds: number[]) {
  const aboutDesign = designIds.length
    ? sql`(${notifications.data} ->> 'design_id') in (${sql.join(
        designIds.map((id) => sql`${String(id)}`),
        sql`, `,
      )})`
    : sql`false`;
  await db
    .delete(notifications)
    .where(or(sql`(${notifications.data} ->> 'sender_id') = ${String(userId)}`, aboutDesign));
}

/**
 * Deletes the account row. The foreign keys cascade to sessions, reset tokens, favourites, notifications, design
 * submissions (with their history and recommendation files) and the support conversation (with its messages and
 * attachments); design history entries and messages the user wrote elsewhere keep their rows with a null actor.
 */
export async function deleteUserRow(db: DbOrTx, userId: number) {
  await db.delete(users).where(eq(users.id, userId));
}
