/**
 * "$1,234.50" from the server's exact decimal string (or a number), rounded half up to cents without
 * going through floating point; anything unreadable shows as "$0.00".
 */
export function formatMoney(value: string | number | null | undefined): string {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(3) : '') : (value ?? '').trim();
  const match = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (!match[2] && !match[3])) return '$0.00';
  const negative = match[1] === '-';
  const fraction = (match[3] ?? '').padEnd(3, '0');
  let cents = BigInt(match[2] || '0') * 100n + BigInt(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) cents += 1n;
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = (cents % 100n).toString().padStart(2, '0');
  return `${negative && cents > 0n ? '-' : ''}$${whole}.${rest}`;
}
