import type { ServerLoadContext } from '../../../lib/server-rendering';
import {
  categoriesQuery,
  inventoryApiQuery,
  productQuery,
  productsQuery,
  readFilters,
  type ProductLoaderData,
} from './catalog-api';

/*
 * The server renderer's loaders of the inventory and the product page (src/entry-server.tsx): they wait for
 * the data, read in-process, and put it into the request's cache under the keys the pages read, so the page
 * renders complete and the browser hydrates from the same entries. What the source does not answer (an
 * unknown product, the wishlist filter) is left to the browser's own request.
 */

export async function prerenderInventory(
  { queryClient, source }: ServerLoadContext,
  url: URL,
): Promise<null> {
  const filters = readFilters(url.searchParams);
  const [categories, products] = await Promise.all([
    source.categories(),
    source.products(inventoryApiQuery(filters)),
  ]);
  queryClient.setQueryData(categoriesQuery().queryKey, categories);
  if (products) queryClient.setQueryData(productsQuery(filters).queryKey, products);
  return null;
}

export async function prerenderProduct(
  { queryClient, source }: ServerLoadContext,
  slug: string | undefined,
): Promise<ProductLoaderData> {
  const detail = slug ? await source.product(slug) : null;
  if (!slug || !detail) return { notFound: true };
  queryClient.setQueryData(productQuery(slug).queryKey, detail);
  return null;
}
