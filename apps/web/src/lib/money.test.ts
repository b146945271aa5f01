import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('shows dollars with two decimals from a decimal string', () => {
    expect(formatMoney('0')).toBe('$0.00');
    expect(formatMoney('12.5')).toBe('$12.50');
    expect(formatMoney('1234.56')).toBe('$1,234.56');
    expect(formatMoney('1000000')).toBe('$1,000,000.00');
    expect(formatMoney('2.005')).toBe('$2.01');
    expect(formatMoney('-3.10')).toBe('-$3.10');
  });

  it('accepts numbers and falls back to $0.00', () => {
    expect(formatMoney(19.9)).toBe('$19.90');
    expect(formatMoney(null)).toBe('$0.00');
    expect(formatMoney('abc')).toBe('$0.00');
  });
});
