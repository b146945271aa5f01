import { USER_STATUS, type AdminUser, type AdminUsersResponse, type UserStatus } from '@shop/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/connection';
import { revokeUserSessions } from '../../platform/auth/sessions';
import { notFound } from '../../platform/errors';
import { imageFileKeys } from '../../platform/files/images';
import { disownUploads, removeDisowned } from '../../platform/files/upload-journal';
import { voidResetLinks } from '../accounts/service';
import { designCountsByUser } from '../designs/design-stats';
import { adminPagination } from '../../platform/pagination';
import * as q from './queries';

/** The name and e-mail of an account, or null for an unknown id (a booking's or a quote request's contact). */
export const userContact = (db: DbOrTx, userId: number) => q.contactOf(db, userId);

export async function listUsers(
  ctx: AppContext,
  query: { page: number; perPage: number; search?: string },
): Promise<AdminUsersResponse> {
  const db = ctx.database.db;
  const { rows, total } = await q.listCustomers(db, {
    search: query.search,
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  const ids = rows.map((r) => r.id);
  const [designs, liked] = await Promise.all([designCountsByUser(db, ids), q.favoriteCountsByUser(db, ids)]);
  const users: AdminUser[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    status: r.status === USER_STATUS.active ? USER_STATUS.active : USER_STATUS.inactive,
    user_designs_count: designs.get(r.id) ?? 0,
    liked_products_count: liked.get(r.id) ?? 0,
    created_at: r.createdAt.toISOString(),
  }));
  return { users, total, pagination: adminPagination(query.page, query.perPage, total) };
}

/**
 * Flips a customer between active and inactive, or sets the status asked for (a customer already so is left as they
 * are: asked twice, set once). Deactivation ends every session of the account and voids its reset links in the same
 * transaction, and the realtime layer drops its sockets. Admin accounts are not customers: 404, so an admin can
 * neither lock themselves out nor lock out another admin from this list.
 */
export async function toggleUserStatus(
  ctx: AppContext,
  userId: number,
  asked?: UserStatus,
): Promise<UserStatus> {
  const { status, revoked } = await ctx.database.db.transaction(async (tx) => {
    const user = await q.lockCustomer(tx, userId);
    if (!user) throw notFound();
    const next: UserStatus =
      asked ?? (user.status === USER_STATUS.active ? USER_STATUS.inactive : USER_STATUS.active);
    if (next === user.status) return { status: next, revoked: [] };
    await q.setUserStatus(tx, userId, next);
    if (next === USER_STATUS.active) return { status: next, revoked: [] };
    // A reset link mailed before would otherwise still set a password for whoever has the mail.
    await voidResetLinks(tx, userId);
    return { status: next, revoked: await revokeUserSessions(tx, userId) };
  });
  if (revoked.length) ctx.hub.emit('sessionsRevoked', revoked);
  return status;
}

/**
 * Erases a customer account and everything that is theirs: sessions, favourites, notifications, design submissions
 * (with history and recommendation files), the support conversation (with messages and attachments), the admin
 * notifications pointing at them, and every stored file of those rows, with the product photos only their proposals
 * still showed (see README "Deleting a user").
 * Rows go in one transaction; the files are deleted after it commits, so a failed delete leaves everything.
 */
export async function deleteUser(
  ctx: AppContext,
  userId: number,
  log?: { warn(obj: object, msg: string): void },
): Promise<void> {
  const { files, revoked } = await ctx.database.db.transaction(async (tx) => {
    await q.lockCustomerRows(tx, userId);
    const user = await q.lockCustomer(tx, userId);
    if (!user) throw notFound();
    const owned = await q.filesOfCustomer(tx, userId);
    const proposalPhotos = await q.proposalPhotosOf(tx, userId);
    const ended = await revokeUserSessions(tx, userId);
    await q.deleteNotificationsAbout(tx, userId, owned.designIds);
    await q.deleteUserRow(tx, userId);
    const files = [
      ...owned.privateKeys,
      ...(user.photoKey ? imageFileKeys(user.photoKey) : []),
      // Product photos replaced or deleted since, kept for the customer's proposals only.
      ...(await q.unshownPhotoKeys(tx, proposalPhotos)).flatMap(imageFileKeys),
    ];
    await disownUploads(tx, files);
    return { files, revoked: ended };
  });
  if (revoked.length) ctx.hub.emit('sessionsRevoked', revoked);
  // The rows are gone already; a file that cannot be removed now is logged and left to the journal sweep.
  await removeDisowned(ctx, files, log);
}

/** The customer a back-office list is filtered by, to name them; null for no filter or no such customer. */
export async function filterCustomer(
  ctx: AppContext,
  userId: number | undefined,
): Promise<{ id: number; name: string } | null> {
  return userId === undefined ? null : q.findCustomer(ctx.database.db, userId);
}

/** Customer accounts for the dashboard: all of them, and those created in the last 30 days and the 30 days before. */
export function customerFigures(ctx: AppContext, now: Date) {
  return q.countCustomersCreated(ctx.database.db, now);
}
