/**
 * Exact money for proposals: amounts are integer cents (bigint), rates and discounts integer hundredths of a
 * percent. Rounding is half up (amounts are never negative).
 */

/** "12.5" -> 1250n; "12" -> 1200n. */
export function toCents(amount: string): bigint {
  const [whole = '0', frac = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2));
}

/** A percent "8.25" in hundredths: 825n. */
export const toBasisPoints = toCents;

/** 129900n -> "1299.00". */
export function fromCents(cents: bigint): string {
  const whole = cents / 100n;
  const frac = (cents % 100n).toString().padStart(2, '0');
  return `${whole}.${frac}`;
}

/** numerator / denominator rounded half up, both positive. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** A line: quantity x unit price less the discount, rounded half up to the cent. */
export function lineTotal(quantity: number, unitPrice: string, discount: string): bigint {
  const gross = BigInt(quantity) * toCents(unitPrice);
  return divideHalfUp(gross * (10_000n - toBasisPoints(discount)), 10_000n);
}

/** The tax on a subtotal at a percent rate, rounded half up to the cent. */
export function taxOn(subtotal: bigint, rate: string): bigint {
  return divideHalfUp(subtotal * toBasisPoints(rate), 10_000n);
}

export interface Totals {
  subtotal: string;
  tax: string;
  total: string;
}

/** The totals of the lines that count (declined lines do not). */
export function totals(lineTotals: bigint[], rate: string): Totals {
  const subtotal = lineTotals.reduce((a, b) => a + b, 0n);
  const tax = taxOn(subtotal, rate);
  return { subtotal: fromCents(subtotal), tax: fromCents(tax), total: fromCents(subtotal + tax) };
}

/** The largest amount a proposal stores (numeric(12, 2)): 9,999,999,999.99. */
export const MAX_AMOUNT_CENTS = 999_999_999_999n;

/** Normalizes a typed percent or amount to 2 decimals ("8.5" -> "8.50"). */
export const twoDecimals = (v: string) => fromCents(toCents(v));

/** "4067.29" -> "4,067.29": the whole part grouped by thousands, the amount exactly as stored. */
export function groupedAmount(amount: string): string {
  const [whole = '0', frac = '00'] = amount.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

const signs = new Map<string, string>();

/** The sign of an ISO 4217 currency as an en-US reader writes it ("$", "€", "CA$"), or its code and a space. */
function signOf(currency: string): string {
  let sign = signs.get(currency);
  if (sign === undefined) {
    try {
      sign =
        new Intl.NumberFormat('en-US', { style: 'currency', currency })
          .formatToParts(0)
          .find((part) => part.type === 'currency')?.value ?? `${currency} `;
    } catch {
      sign = `${currency} `;
    }
    signs.set(currency, sign);
  }
  return sign;
}

/** An amount as the app writes it for a reader, in messages and notifications: "$4,067.29", "€2,598.00". */
export const formatAmount = (amount: string, currency: string) =>
  `${signOf(currency)}${groupedAmount(amount)}`;

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar day ("2026-12-30") as the app writes days: "Dec 30, 2026". */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
