import { describe, expect, it } from 'vitest';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productDetailResponse, productPageResponse } from '@shop/contracts';
import { compiledSerializer } from '../../src/platform/compiled-serializer';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const both = (schema: z.ZodType) => [compiledSerializer(route(schema)), zodSerializerCompiler(route(schema))];

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
  // A column the contract does not name never reaches the client.
  photo_key: `secret/${id}`,
});

describe('the compiled serializer of the storefront answers', () => {
  it('writes what the zod serializer writes, dropping properties the contract does not declare', () => {
    const page = {
      data: [product(1), product(2), product(3)],
      current_page: 2,
      last_page: 7,
      next_page_url: 'http://localhost:3000/api/v1/frontend/products?page=3&per_page=9',
      prev_page_url: null,
      total: 61,
      per_page: 9,
      total_is_capped: false,
      internal: { sql: 'select 1' },
    };
    const [compiled, zod] = both(productPageResponse);
    const text = compiled!(page);
    expect(text).toBe(zod!(page));
    expect(text).not.toContain('secret/');
    expect(text).not.toContain('internal');
    expect(JSON.parse(text)).toEqual(productPageResponse.parse(page));

    const detail = { product: product(4), relatedProducts: [product(5)], extra: true };
    const [compiledDetail, zodDetail] = both(productDetailResponse);
    expect(compiledDetail!(detail)).toBe(zodDetail!(detail));
  });

  it('keeps the zod serializer for a schema JSON Schema cannot express', () => {
    const schema = z.object({ at: z.date() });
    const [compiled, zod] = both(schema);
    const at = new Date('2026-11-24T10:00:00Z');
    expect(compiled!({ at })).toBe('{"at":"2026-11-24T10:00:00.000Z"}');
    expect(compiled!({ at })).toBe(zod!({ at }));
    // The zod serializer checks what it writes.
    expect(() => compiled!({ at: 'not a date' })).toThrow();
  });
});
