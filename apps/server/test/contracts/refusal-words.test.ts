import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '@shop/contracts';
// The server's words for what a schema does not word itself (z.config), as every route has them.
import '../../src/platform/errors';

// zod's own words for a refusal ('Too big: expected string to have <=150 characters'): never the shop's.
const ZOD_WORDS =
  /^(Too big|Too small|Invalid input|Invalid option|Invalid string|Expected |Unrecognized key)/;

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional, nullable, default and a pipe's input. */
function unwrap(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  return schema;
}

type Field = { field: string; kind: string; bodyWith: (value: unknown) => object };

/** Each text and number field of an object, and of the objects of its lists, with a body that sets it alone. */
function fieldsOf(shape: Record<string, z.ZodType>, wrap: (value: object) => object): Field[] {
  return Object.entries(shape).flatMap(([field, schema]): Field[] => {
    const def = defOf(unwrap(schema));
    if (def.type === 'string' || def.type === 'number')
      return [{ field, kind: def.type, bodyWith: (value) => wrap({ [field]: value }) }];
    const element = def.element && defOf(unwrap(def.element));
    return element?.type === 'object' && element.shape
      ? fieldsOf(element.shape, (value) => wrap({ [field]: [value] }))
      : [];
  });
}

/** Every request body the contracts export: the objects named ...Request, ...Input or ...Update. */
const ANSWERS = new Set(['quoteRequest']); // a quote request as the API answers it, not a body
const bodies = (Object.entries(contracts) as [string, unknown][]).filter(
  (entry): entry is [string, z.ZodObject] =>
    /(Request|Input|Update)$/.test(entry[0]) &&
    !ANSWERS.has(entry[0]) &&
    entry[1] instanceof z.ZodType &&
    defOf(entry[1]).type === 'object',
);

describe("the contracts' refusals", () => {
  it('cover the request bodies', () => {
    expect(bodies.length).toBeGreaterThan(20);
  });

  it.each(bodies)(
    '%s words a value too long, out of range or of the wrong kind as the shop does',
    (_name, body) => {
      for (const { field, kind, bodyWith } of fieldsOf(defOf(body).shape ?? {}, (value) => value)) {
        const values =
          kind === 'string' ? ['x'.repeat(100_000), 12345, { text: 'x' }] : [1e12, -1e12, 'many'];
        for (const value of values) {
          const result = body.safeParse(bodyWith(value));
          const words = (result.error?.issues ?? [])
            .filter((issue) => issue.path.includes(field))
            .map((issue) => issue.message);
          for (const message of words) {
            const what = `${field} = ${String(value).slice(0, 12)}`;
            expect(message, what).not.toMatch(ZOD_WORDS);
            // A value was given: 'required' (the type's own message) would not say what is wrong with it.
            expect(message, what).not.toMatch(/field is required/);
            // A value of the wrong kind is refused for what it is (not 'too long', not 'required').
            if (typeof value === 'object' || value === 'many')
              expect(message, what).toMatch(/ must be | is invalid\./);
          }
        }
      }
    },
  );
});
