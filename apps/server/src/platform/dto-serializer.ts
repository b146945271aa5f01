import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';

/**
 * The serializer of the hot public answers (the storefront's product list and product page), which the server
 * builds field by field from its own rows (catalog/product-dto.ts): `JSON.stringify` as it is, V8's own writer,
 * the cheapest there is (bench/HISTORY.md). The contract's zod serializer would check and copy each answer first.
 *
 * Nothing the contract does not declare may reach a client: under test (NODE_ENV=test, as the test runner sets it)
 * each answer is also parsed by the schema, and one with a property the schema would drop or a value it would
 * change fails the request instead of being written, so the route tests hold every answer to its contract.
 */
const CHECKED = process.env.NODE_ENV === 'test';

export function dtoSerializer<S>(route: FastifyRouteSchemaDef<S>): (data: unknown) => string {
  if (!CHECKED) return (data) => JSON.stringify(data);
  const schema = route.schema as unknown as z.ZodType;
  return (data) => {
    const parsed = schema.parse(data);
    if (!isDeepStrictEqual(parsed, data))
      throw new Error(`The answer of ${route.method} ${route.url} is not exactly its contract's`);
    return JSON.stringify(data);
  };
}
