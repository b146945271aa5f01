/**
 * The builder's live totals, for display only (the server's totals are authoritative): exact cents with
 * BigInt, each line rounded half up, the tax rounded half up on the subtotal.
 */

/** Hundredths of a cent from a decimal text ("12.5" -> 125000n); null when unreadable. */
function toTenThousandths(text: string): bigint | null {
  const match = /^\s*(\d*)(?:\.(\d*))?\s*$/.exec(text);
  if (!match || (!match[1] && !match[2])) return null;
  const fraction = (match[2] ?? '').padEnd(4, '0').slice(0, 4);
  return BigInt(match[1] || '0') * 10_000n + BigInt(fraction);
}

/** a / b rounded half up, for non-negative values. */
function divideHalfUp(a: bigint, b: bigint): bigint {
  return (a * 2n + b) / (2n * b);
}

export function centsToText(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

export interface DraftLine {
  quantity: string | number;
  unit_price: string;
  discount?: string;
  declined?: boolean;
}

/** One line's total in cents: quantity x unit price x (1 - discount %), rounded half up. */
export function lineCents(line: DraftLine): bigint {
  const quantity = Number(line.quantity);
  const price = toTenThousandths(line.unit_price);
  const discount = toTenThousandths(line.discount?.trim() ? line.discount : '0');
  if (!Number.isInteger(quantity) || quantity < 0 || price === null || discount === null) return 0n;
  // price in 1/10000 $, discount in 1/10000 % (100% = 1_000_000): cents = price x qty x (1_000_000 - d) / 10^8
  const gross = price * BigInt(quantity) * (1_000_000n - discount);
  return divideHalfUp(gross, 100_000_000n);
}

export interface Totals {
  subtotal: string;
  tax: string;
  total: string;
}

export function computeTotals(lines: readonly DraftLine[], taxRate: string): Totals {
  const subtotal = lines.filter((l) => !l.declined).reduce((sum, line) => sum + lineCents(line), 0n);
  const rate = toTenThousandths(taxRate || '0') ?? 0n;
  const tax = divideHalfUp(subtotal * rate, 1_000_000n);
  return { subtotal: centsToText(subtotal), tax: centsToText(tax), total: centsToText(subtotal + tax) };
}
