import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesToFieldErrors } from '../../src/platform/errors';

const fromZod = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected the value to be refused');
  return issuesToFieldErrors(
    parsed.error.issues.map((i) => ({ instancePath: `/${i.path.join('/')}`, message: i.message })),
  );
};

describe('the errors map of a 422 (issuesToFieldErrors)', () => {
  it('keys each text by its dotted field, the body itself by "_"', () => {
    expect(
      issuesToFieldErrors([
        { instancePath: '/items/0/quantity', message: 'Too many.' },
        { instancePath: '/note', message: 'Too long.' },
        { instancePath: '', message: 'Not an object.' },
      ]),
    ).toEqual({ 'items.0.quantity': ['Too many.'], note: ['Too long.'], _: ['Not an object.'] });
  });

  it('lists a text once when two checks of a field fail with the same words, and keeps different texts', () => {
    const code = z
      .string()
      .min(6, 'The code must be 6 digits.')
      .regex(/^\d+$/, 'The code must be 6 digits.')
      .refine((v) => !v.startsWith('0'), 'The code may not start with 0.');
    expect(fromZod(z.object({ code }), { code: '0a' })).toEqual({
      code: ['The code must be 6 digits.', 'The code may not start with 0.'],
    });
  });
});
