import type { FastifyReply } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';

declare const shape: unique symbol;

/**
 * JSON text of a `T`, sent as it is (`sendJsonText`). The storefront's product answers are put together from the
 * product cards PostgreSQL writes (catalog/queries.ts): no row is made into objects and written again, the
 * cheapest answer there is (bench/README.md, "PostgreSQL writes the cards").
 */
export type JsonText<T> = string & { readonly [shape]?: T };

/** Text known to be the JSON of a `T`. */
export const asJsonText = <T>(text: string) => text as JsonText<T>;

/** The value of JSON text (for the server-rendered pages, which read the answers in-process). */
export const parseJsonText = <T>(text: JsonText<T>) => JSON.parse(text) as T;

/** A string as JSON, null as null. */
export const jsonString = (text: string | null) => (text === null ? 'null' : JSON.stringify(text));

/** A route's reply, whatever its schema's types: the route's own reply type expects its schema's object. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyReply = FastifyReply<any, any, any, any, any, any, any, any>;

/** Read once: `process.env` is slow. */
const CHECKED = process.env.NODE_ENV === 'test';

/**
 * Sends JSON text as the route's answer. Nothing the contract does not declare may reach a client: under test
 * (NODE_ENV=test, as the test runner sets it) the text is also parsed by the route's 200 schema, and an answer
 * with a property the schema would drop or a value it would change fails the request instead of being sent, so
 * the route tests hold every answer to its contract.
 */
export function sendJsonText(reply: AnyReply, text: JsonText<unknown>) {
  if (CHECKED) checkContract(reply, text);
  return reply.type('application/json; charset=utf-8').send(text);
}

function checkContract(reply: FastifyReply, text: string) {
  const responses = reply.routeOptions.schema?.response as Record<string, z.ZodType> | undefined;
  const schema = responses?.[200];
  if (!schema)
    throw new Error(`${reply.request.method} ${reply.routeOptions.url} has no 200 schema to send JSON by`);
  const data: unknown = JSON.parse(text);
  if (!isDeepStrictEqual(schema.parse(data), data))
    throw new Error(
      `The answer of ${reply.request.method} ${reply.routeOptions.url} is not exactly its contract's`,
    );
}
