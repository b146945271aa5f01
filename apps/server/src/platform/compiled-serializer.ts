import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import fastJson, { type Schema } from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * A response serializer compiled from the contract's JSON Schema (fast-json-stringify), for the hot public answers
 * (the storefront's product list and product page): it writes only the properties the schema declares, as the zod
 * serializer does, in about a sixth of its time (bench/README.md). It checks nothing, so it is for answers the
 * server builds field by field from its own rows, whose shape the route tests hold against the zod schema; a
 * schema JSON Schema cannot express (a transform, a codec) keeps the zod serializer.
 */
export function compiledSerializer<S>(route: FastifyRouteSchemaDef<S>) {
  let stringify: (data: unknown) => string;
  try {
    stringify = fastJson(
      z.toJSONSchema(route.schema as unknown as z.ZodType, { target: 'draft-7', io: 'output' }) as Schema,
    );
  } catch {
    return zodSerializerCompiler(route as unknown as Parameters<typeof zodSerializerCompiler>[0]);
  }
  return (data: unknown) => stringify(data);
}
