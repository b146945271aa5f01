import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_LENGTH, type Product, type ProductDetail, type ProductPage } from '@shop/contracts';
import { productPage, testProduct } from '../../../test/products';
import { productSrcSet } from '../components/product-image';
import { applyWishlistState, catalogKeys, readFilters, type InventoryFilters } from './catalog-api';

const product = (id: number, is_favorited = false) =>
  testProduct(id, { name: `Chair ${id}`, slug: `chair-${id}`, is_favorited });
const page = (...items: Product[]) => productPage(items);
const filters: InventoryFilters = { category: null, search: '', favorites: false, page: 1 };

describe('applyWishlistState', () => {
  it('flips the product in every cached list, detail and related products', () => {
    const client = new QueryClient();
    client.setQueryData(catalogKeys.products(filters), page(product(1), product(2)));
    client.setQueryData(catalogKeys.products({ ...filters, page: 2 }), page(product(3), product(1)));
    const detail: ProductDetail = { product: product(4), relatedProducts: [product(1), product(5)] };
    client.setQueryData(catalogKeys.product('chair-4'), detail);

    applyWishlistState(client, 1, true);

    const first = client.getQueryData<ProductPage>(catalogKeys.products(filters))!;
    expect(first.data.map((p) => p.is_favorited)).toEqual([true, false]);
    const second = client.getQueryData<ProductPage>(catalogKeys.products({ ...filters, page: 2 }))!;
    expect(second.data.map((p) => p.is_favorited)).toEqual([false, true]);
    const after = client.getQueryData<ProductDetail>(catalogKeys.product('chair-4'))!;
    expect(after.product.is_favorited).toBe(false);
    expect(after.relatedProducts.map((p) => p.is_favorited)).toEqual([true, false]);

    applyWishlistState(client, 1, false);
    expect(client.getQueryData<ProductPage>(catalogKeys.products(filters))!.data[0]!.is_favorited).toBe(
      false,
    );
  });

  it('marks favorites-only lists stale so they refetch without the removed product', () => {
    const client = new QueryClient();
    const favoritesKey = catalogKeys.products({ ...filters, favorites: true });
    client.setQueryData(favoritesKey, page(product(1, true)));
    client.setQueryData(catalogKeys.products(filters), page(product(1, true)));
    applyWishlistState(client, 1, false);
    expect(client.getQueryState(favoritesKey)!.isInvalidated).toBe(true);
    expect(client.getQueryState(catalogKeys.products(filters))!.isInvalidated).toBe(false);
  });
});

describe('productSrcSet', () => {
  it('lists the three WebP widths the server keeps', () => {
    expect(productSrcSet('/media/products/abc/640.webp')).toBe(
      '/media/products/abc/320.webp 320w, /media/products/abc/640.webp 640w, /media/products/abc/1200.webp 1200w',
    );
  });

  it('gives no srcset for other images', () => {
    expect(productSrcSet(null)).toBeUndefined();
    expect(productSrcSet('/images/placeholder.jpg')).toBeUndefined();
  });
});

describe('readFilters', () => {
  const read = (query: string) => readFilters(new URLSearchParams(query));

  it('reads the filters of a link, and what it cannot read as none', () => {
    expect(read('category=3&search=%20oak%20desk%20&favorites=true&page=2')).toEqual({
      category: 3,
      search: 'oak desk',
      favorites: true,
      page: 2,
    });
    expect(read('category=-1&page=0.5&favorites=yes')).toEqual(filters);
  });

  it("cuts a link's search to what the search box takes, never through a character", () => {
    const max = SEARCH_MAX_LENGTH.storefront;
    expect(read(`search=${'a'.repeat(max + 100)}`).search).toBe('a'.repeat(max));
    // An emoji (two UTF-16 units) across the limit is left out whole.
    const search = read(`search=${encodeURIComponent(`${'a'.repeat(max - 1)}🪑b`)}`).search;
    expect(search).toBe('a'.repeat(max - 1));
  });
});
