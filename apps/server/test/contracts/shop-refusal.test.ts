import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BODY_NOT_OBJECT_MESSAGE, fieldLabel } from '@shop/contracts';
// Installs the shop's words (z.config), as every route has them.
import '../../src/platform/errors';

const wordsFor = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error(`expected ${JSON.stringify(value)} to be refused`);
  return parsed.error.issues.map((issue) => issue.message);
};

describe("the shop's words for what a schema does not word itself (shopRefusal)", () => {
  it('names a field by its key in words', () => {
    expect(fieldLabel(['first_name'])).toBe('first name');
    expect(fieldLabel(['firstName'])).toBe('first name');
    expect(fieldLabel(['lines', 2, 'unit_price'])).toBe('unit price');
    expect(fieldLabel(['items', 0])).toBe('items');
    expect(fieldLabel([])).toBeUndefined();
  });

  it('says a missing value is required and a value of another kind what it must be', () => {
    const body = z.object({
      title: z.string(),
      quantity: z.number().int(),
      seats: z.coerce.number(),
      active: z.boolean(),
      tags: z.array(z.string()),
      address: z.object({ city: z.string() }),
    });
    const parsed = body.safeParse({
      title: 5,
      quantity: 'ten',
      seats: 'many',
      active: 'yes',
      tags: 'desk',
      address: { city: null },
    });
    expect(Object.fromEntries(parsed.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      title: 'The title must be a string.',
      quantity: 'The quantity must be a number.',
      seats: 'The seats must be a number.',
      active: 'The active field must be true or false.',
      tags: 'The tags must be a list.',
      'address.city': 'The city field is required.',
    });
    expect(wordsFor(body, [])).toEqual([BODY_NOT_OBJECT_MESSAGE]);
    expect(wordsFor(body, null)).toEqual([BODY_NOT_OBJECT_MESSAGE]);
  });

  it('words options, formats and ranges', () => {
    const field = (schema: z.ZodType, value: unknown) =>
      wordsFor(z.object({ the_field: schema }), { the_field: value });
    expect(field(z.enum(['a', 'b']), 'c')).toEqual(['The selected the field is invalid.']);
    expect(field(z.email(), 'nobody')).toEqual(['The the field must be a valid email address.']);
    expect(field(z.string().regex(/^\d+$/), 'x')).toEqual(['The the field format is invalid.']);
    expect(field(z.string().max(3), 'abcd')).toEqual(['The the field may not be greater than 3 characters.']);
    expect(field(z.string().min(1), '')).toEqual(['The the field field is required.']);
    expect(field(z.string().min(8), 'short')).toEqual(['The the field must be at least 8 characters.']);
    expect(field(z.number().max(10), 11)).toEqual(['The the field may not be greater than 10.']);
    expect(field(z.number().lt(10), 10)).toEqual(['The the field must be less than 10.']);
    expect(field(z.number().min(1), 0)).toEqual(['The the field must be at least 1.']);
    expect(field(z.number().positive(), 0)).toEqual(['The the field must be greater than 0.']);
    expect(field(z.array(z.string()).max(1), ['a', 'b'])).toEqual([
      'The the field may not have more than 1 items.',
    ]);
    expect(field(z.array(z.string()).min(1), [])).toEqual(['The the field must have at least 1 item.']);
    expect(field(z.number().multipleOf(5), 7)).toEqual(['The the field must be a multiple of 5.']);
  });

  it('names the fields a strict body does not take', () => {
    const strict = z.object({ a: z.string().optional() }).strict();
    expect(wordsFor(strict, { a: 'x', b: 1 })).toEqual(['The field "b" is not accepted here.']);
    expect(wordsFor(strict, { b: 1, c: 2 })).toEqual(['The fields "b", "c" are not accepted here.']);
  });

  it("leaves a schema's own words alone", () => {
    expect(
      wordsFor(z.object({ code: z.string().min(6, 'The code must be 6 digits.') }), { code: '1' }),
    ).toEqual(['The code must be 6 digits.']);
    expect(wordsFor(z.object({ code: z.string({ error: 'Type the code.' }) }), { code: 1 })).toEqual([
      'Type the code.',
    ]);
  });
});
