import { formatMoney } from './money';

const symbols = new Map<string, string>();

/**
 * The sign of an ISO 4217 currency as an en-US reader writes it ("€", "£", "CA$"), or its code and a space. The
 * server's messages find it the same way (modules/proposals/money.ts): kept apart, as a contracts module would take
 * a place in the home page's chunk table (bench/HISTORY.md, "Performance budgets").
 */
function symbolOf(currency: string): string {
  let symbol = symbols.get(currency);
  if (symbol === undefined) {
    try {
      symbol =
        new Intl.NumberFormat('en-US', { style: 'currency', currency })
          .formatToParts(0)
          .find((part) => part.type === 'currency')?.value ?? `${currency} `;
    } catch {
      symbol = `${currency} `;
    }
    symbols.set(currency, symbol);
  }
  return symbol;
}

/**
 * An amount of a proposal in its own currency ("€1,234.50"), from the server's exact decimal string as
 * `formatMoney` reads it; US dollars, and an amount without a currency, as `formatMoney` writes them.
 */
export function formatMoneyIn(
  value: string | number | null | undefined,
  currency: string | undefined,
): string {
  const dollars = formatMoney(value);
  return !currency || currency === 'USD' ? dollars : dollars.replace('$', symbolOf(currency));
}
