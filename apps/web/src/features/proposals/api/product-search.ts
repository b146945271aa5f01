import { queryOptions } from '@tanstack/react-query';
import type { AdminProductsResponse } from '@shop/contracts';
import { api } from '../../../lib/api-client';

export interface PickedProduct {
  id: number;
  name: string;
  sku: string;
  price: string;
  photo_url: string | null;
}

/** The back-office product search by name and by SKU, merged (the admin list's `search` and `sku` filters). */
export const productPickerQuery = (term: string) =>
  queryOptions({
    queryKey: ['proposals', 'product-picker', term],
    queryFn: async ({ signal }): Promise<PickedProduct[]> => {
      const get = (filter: 'search' | 'sku') =>
        api.get<AdminProductsResponse>('/api/admin/products', {
          query: { page: 1, perPage: 8, [filter]: term },
          signal,
          callerHandles: (e) => e.status !== 401,
        });
      const [byName, bySku] = await Promise.all([get('search'), get('sku')]);
      const seen = new Map<number, PickedProduct>();
      for (const p of [...bySku.data, ...byName.data]) {
        if (!seen.has(p.id))
          seen.set(p.id, { id: p.id, name: p.name, sku: p.sku, price: p.price, photo_url: p.photo_url });
      }
      return [...seen.values()].slice(0, 8);
    },
    enabled: term.trim().length >= 2,
    staleTime: 30_000,
  });
