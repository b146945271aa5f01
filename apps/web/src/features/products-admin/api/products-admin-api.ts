import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  PAGE_SIZE,
  type AdminProduct,
  type AdminProductsResponse,
  type Category,
  type MessageResponse,
  type ProductMutationResponse,
  type ProductStatusRequest,
  type ProductStatusResponse,
} from '@shop/contracts';
import { api, OWN_ERRORS } from '../../../lib/api-client';

export interface ProductsListParams {
  page: number;
  search: string;
  sku: string;
  userId?: number;
}

export const productsKey = ['admin', 'products'] as const;

export const productsQuery = ({ page, search, sku, userId }: ProductsListParams) =>
  queryOptions({
    queryKey: [...productsKey, 'list', { page, search, sku, userId }],
    queryFn: ({ signal }) =>
      api.get<AdminProductsResponse>('/api/admin/products', {
        signal,
        query: {
          page,
          perPage: PAGE_SIZE.adminList,
          search: search || undefined,
          sku: sku || undefined,
          userId,
        },
        ...OWN_ERRORS,
      }),
    placeholderData: keepPreviousData,
  });

export const productQuery = (id: number) =>
  queryOptions({
    queryKey: [...productsKey, 'detail', id],
    queryFn: ({ signal }) =>
      api
        .get<{ product: AdminProduct }>(`/api/admin/products/${id}`, { signal, ...OWN_ERRORS })
        .then((r) => r.product),
    staleTime: 0,
  });

/** The category choices; a failed load leaves the list empty (admin spec section 7). */
export const categoriesQuery = queryOptions({
  queryKey: ['catalog', 'categories'],
  queryFn: ({ signal }) =>
    api
      .get<Category[]>('/api/v1/frontend/categories', { signal, callerHandles: true })
      .catch((): Category[] => []),
  staleTime: 5 * 60_000,
});

export const createProduct = (form: FormData) =>
  api.post<ProductMutationResponse>('/api/admin/products', form, OWN_ERRORS);

export const updateProduct = (id: number, form: FormData) =>
  api.post<ProductMutationResponse>(`/api/admin/products/${id}`, form, {
    ...OWN_ERRORS,
    query: { _method: 'PUT' },
  });

/** Asks for the status the row's switch offers: another admin's press made meanwhile is not undone. */
export const setProductStatus = (id: number, status: boolean) =>
  api.post<ProductStatusResponse>(
    `/api/admin/products/${id}/toggle-status`,
    { status } satisfies ProductStatusRequest,
    OWN_ERRORS,
  );

export const deleteProduct = (id: number) =>
  api.delete<MessageResponse>(`/api/admin/products/${id}`, OWN_ERRORS);
