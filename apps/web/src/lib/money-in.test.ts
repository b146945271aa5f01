import { describe, expect, it } from 'vitest';
import { formatMoneyIn } from './money-in';

describe('formatMoneyIn', () => {
  it('writes an amount in its currency, exactly as the server gave it', () => {
    expect(formatMoneyIn('2598.00', 'EUR')).toBe('€2,598.00');
    expect(formatMoneyIn('-12.345', 'GBP')).toBe('-£12.35');
    expect(formatMoneyIn('1234567.891', 'CAD')).toBe('CA$1,234,567.89');
    expect(formatMoneyIn('10', 'USD')).toBe('$10.00');
    expect(formatMoneyIn('10', undefined)).toBe('$10.00');
  });

  it('writes a code Intl does not know as the code itself', () => {
    expect(formatMoneyIn('5', 'XYZ')).toMatch(/^XYZ\s?5\.00$/);
    expect(formatMoneyIn('5', 'not a code')).toBe('not a code 5.00');
  });
});
