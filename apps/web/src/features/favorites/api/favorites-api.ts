import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE, type FavoriteToggleResponse, type ProductPage } from '@shop/contracts';
import { api, OWN_ERRORS } from '../../../lib/api-client';

export const favoritesKey = ['user', 'favorites'] as const;

/** The signed-in customer's liked products, newest like first (storefront engineer's GET /api/user/favorites). */
export const favoritesQuery = (page: number) =>
  queryOptions({
    queryKey: [...favoritesKey, page],
    queryFn: ({ signal }) =>
      api.get<ProductPage>('/api/user/favorites', { signal, query: { page, per_page: PAGE_SIZE.inventory } }),
    placeholderData: keepPreviousData,
  });

const toggleFavorite = (id: number) =>
  api.post<FavoriteToggleResponse>('/api/favorites/toggle', { type: 'product', id }, OWN_ERRORS);

/**
 * Takes a product off the wishlist, whatever happened to it elsewhere: the toggle adds back a product already
 * taken off (in another tab), and says so (is_favorited: true); it is then toggled once more. Answers the last
 * toggle's answer.
 */
export async function unlikeProduct(id: number): Promise<FavoriteToggleResponse> {
  const answer = await toggleFavorite(id);
  return answer.status === 'success' && answer.is_favorited ? toggleFavorite(id) : answer;
}
