import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  PAGE_SIZE,
  SEARCH_MAX_LENGTH,
  type Category,
  type FavoriteToggleRequest,
  type FavoriteToggleResponse,
  type Product,
  type ProductDetail,
  type ProductPage,
} from '@shop/contracts';
import { api, OWN_ERRORS } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { queryClient } from '../../../lib/query-client';
import { signedInCustomer } from '../../../lib/sessions';

/** The inventory's filters as they sit in the URL (keys category, search, favorites, page). */
export interface InventoryFilters {
  category: number | null;
  search: string;
  favorites: boolean;
  page: number;
}

/** The filters of an inventory URL; anything invalid falls back to its default. */
export function readFilters(params: URLSearchParams): InventoryFilters {
  const category = Number(params.get('category'));
  const page = Number(params.get('page'));
  return {
    category: Number.isInteger(category) && category > 0 ? category : null,
    // A link's search longer than the box takes is cut to it (without half of a character), not refused by the API.
    search: (params.get('search') ?? '')
      .trim()
      .slice(0, SEARCH_MAX_LENGTH.storefront)
      .replace(/[\ud800-\udbff]$/, ''),
    favorites: params.get('favorites') === 'true',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export const catalogKeys = {
  all: ['catalog'] as const,
  categories: ['catalog', 'categories'] as const,
  productLists: ['catalog', 'products'] as const,
  products: (filters: InventoryFilters) => ['catalog', 'products', filters] as const,
  product: (slug: string) => ['catalog', 'product', slug] as const,
};

export const categoriesQuery = () =>
  queryOptions({
    queryKey: catalogKeys.categories,
    queryFn: ({ signal }) =>
      api.get<Category[]>('/api/v1/frontend/categories', { signal, ...OWN_ERRORS, token: 'none' }),
    staleTime: 5 * 60_000,
  });

/** The query string of GET /api/v1/frontend/products for an inventory page. */
export function inventoryApiQuery(filters: InventoryFilters) {
  return {
    category: filters.category ?? undefined,
    favorites: filters.favorites ? 'true' : undefined,
    search: filters.search || undefined,
    page: filters.page,
    per_page: PAGE_SIZE.inventory,
  };
}

export const productsQuery = (filters: InventoryFilters) =>
  queryOptions({
    queryKey: catalogKeys.products(filters),
    queryFn: ({ signal }) =>
      api.get<ProductPage>('/api/v1/frontend/products', {
        signal,
        ...OWN_ERRORS,
        query: inventoryApiQuery(filters),
      }),
    placeholderData: keepPreviousData,
  });

export const productQuery = (slug: string) =>
  queryOptions({
    queryKey: catalogKeys.product(slug),
    queryFn: ({ signal }) =>
      api.get<ProductDetail>(`/api/v1/frontend/products/${encodeURIComponent(slug)}`, {
        signal,
        ...OWN_ERRORS,
      }),
    retry: (count, error) => (error as ApiError).status !== 404 && count < 2,
  });

/** Puts the product on the wishlist or takes it off (`favorite`), whatever another tab did meanwhile. */
export async function setWishlisted(productId: number, favorite: boolean): Promise<FavoriteToggleResponse> {
  return api.post<FavoriteToggleResponse>(
    '/api/favorites/toggle',
    { type: 'product', id: productId, favorite } satisfies FavoriteToggleRequest,
    OWN_ERRORS,
  );
}

function flip(product: Product, id: number, isFavorited: boolean): Product {
  return product.id === id ? { ...product, is_favorited: isFavorited } : product;
}

/**
 * Writes the new wishlist state into every cached list and detail (inventory pages, the product and its
 * related products) so each screen shows it at once; favorites-only lists are refetched as they change shape.
 */
export function applyWishlistState(client: QueryClient, id: number, isFavorited: boolean): void {
  client.setQueriesData<ProductPage>({ queryKey: catalogKeys.productLists }, (page) =>
    page ? { ...page, data: page.data.map((p) => flip(p, id, isFavorited)) } : page,
  );
  client.setQueriesData<ProductDetail>({ queryKey: ['catalog', 'product'] }, (detail) =>
    detail
      ? {
          product: flip(detail.product, id, isFavorited),
          relatedProducts: detail.relatedProducts.map((p) => flip(p, id, isFavorited)),
        }
      : detail,
  );
  void client.invalidateQueries({
    queryKey: catalogKeys.productLists,
    predicate: (query) => (query.queryKey[2] as InventoryFilters | undefined)?.favorites === true,
  });
  // The customer's liked-products page keeps its own list, and the quote request offers the wishlist's products.
  void client.invalidateQueries({ queryKey: ['user', 'favorites'] });
  void client.invalidateQueries({ queryKey: ['proposals', 'quote-products'] });
}

/*
 * Route loaders call these without awaiting: the data request starts while the page's chunk is still
 * downloading instead of after it (the first paint of the inventory and of a product waits for both).
 * Failures are left to the page's own query, which shows its message.
 */
export function prefetchInventory(url: URL): null {
  const filters = readFilters(url.searchParams);
  void queryClient.prefetchQuery(categoriesQuery());
  // A guest's favorites are not asked for (the page offers the login instead).
  if (!filters.favorites || signedInCustomer()) void queryClient.prefetchQuery(productsQuery(filters));
  return null;
}

/** What the product route's loader answers: the server renderer says so when the product does not exist. */
export type ProductLoaderData = { notFound: true } | null;

export function prefetchProduct(slug: string | undefined): ProductLoaderData {
  if (slug) void queryClient.prefetchQuery(productQuery(slug));
  return null;
}
