import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { placeFieldErrors, showFieldErrors } from './field-errors';

interface Values {
  name: string;
  file: File | null;
  lines: { quantity: number }[];
}

const refused = new ApiError(422, 'The given data was invalid.', {
  name: ['The name is required.', 'The name is too short.'],
  'lines.0.quantity': ['The quantity must be at least 1.'],
  'lines.0.product_id': ['The selected product does not exist.'],
  empty: [],
});

describe('placeFieldErrors', () => {
  it('puts the first message of each shown field under it and answers the others', () => {
    const setError = vi.fn();
    const { placed, left } = placeFieldErrors<Values>(refused, setError, {
      shows: (field) => !field.endsWith('product_id'),
    });
    expect(placed).toBe(2);
    expect(left).toEqual([['lines.0.product_id', 'The selected product does not exist.']]);
    expect(setError.mock.calls).toEqual([
      ['name', { type: 'server', message: 'The name is required.' }, { shouldFocus: true }],
      [
        'lines.0.quantity',
        { type: 'server', message: 'The quantity must be at least 1.' },
        { shouldFocus: false },
      ],
    ]);
  });

  it('leaves the focus alone when the form moves it itself', () => {
    const setError = vi.fn();
    placeFieldErrors<Values>(refused, setError, { focus: false });
    expect(setError).toHaveBeenCalledTimes(3);
    for (const call of setError.mock.calls) expect(call[2]).toEqual({ shouldFocus: false });
  });

  it("puts an upload refusal's reason on the file field and focuses no later field", () => {
    const setError = vi.fn();
    const tooLarge = new ApiError(413, 'The file is too large.', { name: ['The name is required.'] });
    const { placed, left } = placeFieldErrors<Values>(tooLarge, setError, { fileField: 'file' });
    expect(placed).toBe(2);
    expect(left).toEqual([]);
    expect(setError.mock.calls[0]).toEqual(['file', { type: 'server', message: 'The name is required.' }]);
    expect(setError.mock.calls[1]?.[2]).toEqual({ shouldFocus: false });
  });

  it('says an upload refusal without fields by its message', () => {
    const setError = vi.fn();
    const tooLarge = new ApiError(413, 'The file is too large.');
    expect(placeFieldErrors<Values>(tooLarge, setError, { fileField: 'file' }).placed).toBe(1);
    expect(setError).toHaveBeenCalledWith('file', { type: 'server', message: 'The file is too large.' });
  });

  it('places nothing for an error without fields', () => {
    const setError = vi.fn();
    expect(placeFieldErrors<Values>(new ApiError(500, 'Server error'), setError)).toEqual({
      placed: 0,
      left: [],
    });
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('showFieldErrors', () => {
  it('answers whether any field took a message', () => {
    expect(showFieldErrors<Values>(refused, vi.fn())).toBe(true);
    expect(showFieldErrors<Values>(new ApiError(409, 'Conflict'), vi.fn())).toBe(false);
  });
});
