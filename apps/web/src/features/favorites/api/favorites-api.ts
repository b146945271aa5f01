import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  PAGE_SIZE,
  type FavoriteToggleRequest,
  type FavoriteToggleResponse,
  type ProductPage,
} from '@shop/contracts';
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

/** Takes a product off the wishlist, whatever happened to it elsewhere (a product already off stays off). */
export const unlikeProduct = (id: number) =>
  api.post<FavoriteToggleResponse>(
    '/api/favorites/toggle',
    { type: 'product', id, favorite: false } satisfies FavoriteToggleRequest,
    OWN_ERRORS,
  );
