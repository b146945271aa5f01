import { describe, expect, it } from 'vitest';
import { productDetailResponse, productPageResponse } from '@shop/contracts';
import type { z } from 'zod';
import { dtoSerializer } from '../../src/platform/dto-serializer';

const serializer = (schema: z.ZodType) =>
  dtoSerializer({ schema, method: 'GET', url: '/api/v1/frontend/products', httpStatus: '200' });

const product = (id: number) => ({
  id,
  name: `Maple "Task" Chair ${id} <b>`,
  slug: `maple-task-chair-${id}`,
  description: 'Line one\nline two, with “quotes” and a \u2028 separator',
  photo_url: id % 2 ? null : `/storage/products/${id}/640.webp`,
  gallery_urls: id % 3 ? [] : ['/a/640.webp', '/b/640.webp'],
  set_price: '1299.50',
  stock_quantity: id,
  is_favorited: id % 2 === 0,
});

const page = (data: unknown[]) => ({
  data,
  current_page: 2,
  last_page: 7,
  next_page_url: 'http://localhost:3000/api/v1/frontend/products?page=3&per_page=9',
  prev_page_url: null,
  total: 61,
  per_page: 9,
  total_is_capped: false,
});

describe('the serializer of the storefront answers', () => {
  it('writes an answer that is exactly its contract as JSON', () => {
    const answer = page([product(1), product(2), product(3)]);
    const text = serializer(productPageResponse)(answer);
    expect(text).toBe(JSON.stringify(answer));
    expect(JSON.parse(text)).toEqual(productPageResponse.parse(answer));
    const detail = { product: product(4), relatedProducts: [product(5)] };
    expect(serializer(productDetailResponse)(detail)).toBe(JSON.stringify(detail));
  });

  it('under test, refuses an answer with a property the contract does not declare, at any depth', () => {
    const leaky = page([product(1), { ...product(2), photo_key: 'secret/2' }]);
    expect(() => serializer(productPageResponse)(leaky)).toThrow(/not exactly its contract/);
    expect(() => serializer(productPageResponse)({ ...page([]), internal: { sql: 'select 1' } })).toThrow(
      /not exactly its contract/,
    );
    const detail = { product: product(4), relatedProducts: [], extra: true };
    expect(() => serializer(productDetailResponse)(detail)).toThrow(/not exactly its contract/);
  });

  it('under test, refuses an answer whose values break the contract', () => {
    expect(() => serializer(productPageResponse)(page([{ ...product(1), stock_quantity: '3' }]))).toThrow();
    expect(() => serializer(productPageResponse)({ ...page([]), total: undefined })).toThrow();
  });
});
