import type { Product } from '@shop/contracts';
import { imageUrl } from '../../platform/files/images';
import type { ProductRow } from './queries';

/** The storefront shape of a product row; images point at the 640 px WebP variant. */
export function toProductDto(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    photo_url: imageUrl(row.photo_key, 640),
    gallery_urls: (row.gallery ?? []).map((key) => imageUrl(key, 640)!),
    set_price: row.price,
    stock_quantity: row.stock_quantity,
    is_favorited: row.is_favorited,
  };
}
