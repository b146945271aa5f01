import { and, eq } from 'drizzle-orm';
import type { ProductPage } from '@shop/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/connection';
import { favorites } from '../../db/schema/favorites';
import { notFound } from '../../platform/errors';
import { isActiveProduct, listProducts } from '../catalog/service';

/**
 * Puts the product on the user's wishlist or takes it off, as `asked`; without it, flips it (removes it when it is
 * there). Answers the new state.
 */
export async function toggleFavorite(
  ctx: AppContext,
  userId: number,
  productId: number,
  asked?: boolean,
): Promise<boolean> {
  return ctx.database.db.transaction(async (tx) => {
    if (!(await isActiveProduct(tx, productId))) throw notFound();
    if (asked !== true) {
      const removed = await tx
        .delete(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)))
        .returning({ productId: favorites.productId });
      if (removed.length > 0 || asked === false) return false;
    }
    await tx.insert(favorites).values({ userId, productId }).onConflictDoNothing();
    return true;
  });
}

/**
 * One page of the products a user has liked, in the storefront product shape (is_favorited is true: it is
 * that user's list). Used by the customer's liked-products page and the back-office 'View Liked Products'.
 */
export async function listFavoriteProducts(
  db: DbOrTx,
  userId: number,
  page: number,
  perPage: number,
  opts: { baseUrl?: string; includeInactive?: boolean } = {},
): Promise<ProductPage> {
  return listProducts(db, null, {
    favoritesOf: userId,
    includeInactive: opts.includeInactive,
    page,
    perPage,
    viewerId: userId,
    baseUrl: opts.baseUrl ?? '/api/user/favorites',
  });
}
