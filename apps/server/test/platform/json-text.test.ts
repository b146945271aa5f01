import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { productDetailResponse, productPageResponse } from '@shop/contracts';
import type { z } from 'zod';
import { cardIds, markFavorited } from '../../src/modules/catalog/queries';
import { asJsonText, sendJsonText } from '../../src/platform/json-text';

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

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** What a route sends for this text, its answer held to `schema` (NODE_ENV is 'test' here, as in every test run). */
async function sent(schema: z.ZodType, text: string) {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/answer', { schema: { response: { 200: schema } } }, async (_request, reply) =>
      sendJsonText(reply, asJsonText(text)),
    );
  return app.inject('/answer');
}

describe('JSON text sent as the answer', () => {
  it('is sent as it is, as JSON, when it is exactly its contract', async () => {
    const answer = JSON.stringify(page([product(1), product(2), product(3)]));
    const response = await sent(productPageResponse, answer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toBe(answer);
    const detail = JSON.stringify({ product: product(4), relatedProducts: [product(5)] });
    expect((await sent(productDetailResponse, detail)).body).toBe(detail);
  });

  it('under test, fails the request when it has a property the contract does not declare, at any depth', async () => {
    const leaky = page([product(1), { ...product(2), photo_key: 'secret/2' }]);
    for (const [schema, answer] of [
      [productPageResponse, leaky],
      [productPageResponse, { ...page([]), internal: { sql: 'select 1' } }],
      [productDetailResponse, { product: product(4), relatedProducts: [], extra: true }],
    ] as const) {
      const response = await sent(schema, JSON.stringify(answer));
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('secret');
    }
  });

  it('under test, fails the request when its values break the contract', async () => {
    for (const answer of [
      page([{ ...product(1), stock_quantity: '3' }]),
      { ...page([]), total: undefined },
    ]) {
      expect((await sent(productPageResponse, JSON.stringify(answer))).statusCode).toBe(500);
    }
  });
});

describe('the cards PostgreSQL writes, read and marked', () => {
  // Cards as PostgreSQL's json_build_object writes them (catalog/queries.ts, productCard).
  const card = (id: number, description: string) =>
    `{"id" : ${id}, "name" : "Desk ${id}", "description" : ${JSON.stringify(description)}, "is_favorited" : false}`;

  it('marks the cards of the given products and no other', () => {
    const cards = [card(1, 'one'), card(12, 'twelve'), card(2, 'two')].join(',');
    expect(cardIds(cards)).toEqual([1, 12, 2]);
    const marked = JSON.parse(`[${markFavorited(cards, new Set([12, 2, 99]))}]`) as {
      id: number;
      is_favorited: boolean;
    }[];
    expect(marked.map((c) => [c.id, c.is_favorited])).toEqual([
      [1, false],
      [12, true],
      [2, true],
    ]);
  });

  it('is not misled by a description that spells out another card', () => {
    const tricky = `{"id" : 7, "x" : 1, "is_favorited" : false}`;
    const cards = [card(3, tricky), card(7, 'the real one')].join(',');
    expect(cardIds(cards)).toEqual([3, 7]);
    const marked = JSON.parse(`[${markFavorited(cards, [7])}]`) as {
      id: number;
      description: string;
      is_favorited: boolean;
    }[];
    expect(marked[0]).toMatchObject({ id: 3, description: tricky, is_favorited: false });
    expect(marked[1]).toMatchObject({ id: 7, is_favorited: true });
  });
});
