import {
  categoriesResponse,
  productDetailResponse,
  productListQuery,
  productPageResponse,
  productSlugParams,
  type StorefrontSource,
} from '@shop/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { getProductDetail, listCategories, listStorefrontProducts } from './service';

/**
 * The storefront's data for the server-rendered pages, read in-process: what the routes of ./routes.ts answer
 * a guest, validated and shaped by the same schemas (unknown fields dropped), so the browser's cache starts
 * with exactly what it would have fetched.
 */
export function createStorefrontSource(ctx: AppContext): StorefrontSource {
  return {
    async categories() {
      return categoriesResponse.parse(await listCategories(ctx));
    },
    async products(query) {
      // What the route answers a guest with 401 or 422 is left to the browser, which shows its own message.
      const parsed = productListQuery.safeParse(query);
      if (!parsed.success || parsed.data.favorites) return null;
      return productPageResponse.parse(await listStorefrontProducts(ctx, parsed.data, undefined));
    },
    async product(slug) {
      if (!productSlugParams.safeParse({ slug }).success) return null;
      try {
        return productDetailResponse.parse(await getProductDetail(ctx, slug));
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      }
    },
  };
}
