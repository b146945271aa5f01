import { describe, expect, it } from 'vitest';
import { formatAmount, formatDay, groupedAmount } from '../../../src/modules/proposals/money';

describe('amounts and days written for a reader', () => {
  it('groups the whole part by thousands, the amount exactly as stored', () => {
    expect(groupedAmount('4067.29')).toBe('4,067.29');
    expect(groupedAmount('9999999999.99')).toBe('9,999,999,999.99');
    expect(groupedAmount('0.05')).toBe('0.05');
    expect(groupedAmount('999.00')).toBe('999.00');
  });

  it("writes an amount with its currency's sign, or its code where it has none", () => {
    expect(formatAmount('3666.30', 'USD')).toBe('$3,666.30');
    expect(formatAmount('2598.00', 'EUR')).toBe('€2,598.00');
    expect(formatAmount('1234567.10', 'CAD')).toBe('CA$1,234,567.10');
    expect(formatAmount('12.00', 'not a code')).toBe('not a code 12.00');
  });

  it('writes a calendar day as the app does, whatever the server clock’s zone', () => {
    expect(formatDay('2026-12-30')).toBe('Dec 30, 2026');
    expect(formatDay('2027-01-01')).toBe('Jan 1, 2027');
  });
});
