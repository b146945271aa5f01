import { z } from 'zod';
import { PAGE_SIZE, SEARCH_MAX_LENGTH } from './constants';

/** A category of the inventory filter. */
export const categorySchema = z.object({ id: z.number().int(), name: z.string() });
export type Category = z.infer<typeof categorySchema>;
export const categoriesResponse = z.array(categorySchema);

/**
 * A product as the storefront shows it. `photo_url` and `gallery_urls` point at the 640 px WebP variant
 * (`/media/<key>/640.webp`); the 320 and 1200 px variants sit beside it under the same key.
 */
export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  photo_url: z.string().nullable(),
  gallery_urls: z.array(z.string()),
  /** Exact decimal, e.g. "329.00". */
  set_price: z.string(),
  stock_quantity: z.number().int(),
  is_favorited: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const productListQuery = z.object({
  category: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Only 'true' filters; anything else is the same as leaving it out. */
  favorites: z
    .string()
    .optional()
    .transform((v) => v === 'true'),
  search: z
    .string()
    .trim()
    .max(
      SEARCH_MAX_LENGTH.storefront,
      `The search may not be greater than ${SEARCH_MAX_LENGTH.storefront} characters.`,
    )
    .optional()
    .transform((v) => (v ? v : undefined)),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.inventory),
});
export type ProductListQuery = z.input<typeof productListQuery>;

/** A page of products; the storefront list and the wishlist pages share it. */
export const productPageResponse = z.object({
  data: z.array(productSchema),
  current_page: z.number().int(),
  last_page: z.number().int(),
  next_page_url: z.string().nullable(),
  prev_page_url: z.string().nullable(),
  total: z.number().int(),
  per_page: z.number().int(),
  /** True when a search matched more than SEARCH_RESULT_CAP products: `total` is then the cap, not the count. */
  total_is_capped: z.boolean().optional(),
});
export type ProductPage = z.infer<typeof productPageResponse>;

export const productSlugParams = z.object({ slug: z.string().min(1).max(200) });

export const productDetailResponse = z.object({
  product: productSchema,
  relatedProducts: z.array(productSchema),
});
export type ProductDetail = z.infer<typeof productDetailResponse>;

/** How many related products the detail page shows. */
export const RELATED_PRODUCTS_LIMIT = 4;
