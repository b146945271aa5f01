import type { Product, ProductPage } from '@shop/contracts';

/** A storefront product of a test: a liked walnut desk, unless `fields` say otherwise. */
export const testProduct = (id: number, fields: Partial<Product> = {}): Product => ({
  id,
  name: `Walnut Desk ${id}`,
  slug: `walnut-desk-${id}`,
  description: 'A desk.',
  photo_url: null,
  gallery_urls: [],
  set_price: '1250.50',
  stock_quantity: 1,
  is_favorited: true,
  ...fields,
});

/** The one page of a list holding `items`. */
export const productPage = (items: Product[]): ProductPage => ({
  data: items,
  current_page: 1,
  last_page: 1,
  next_page_url: null,
  prev_page_url: null,
  total: items.length,
  per_page: 9,
});
