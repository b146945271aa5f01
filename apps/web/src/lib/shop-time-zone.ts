import { SHOP_TIMEZONE_META } from '@shop/contracts';

/**
 * The shop's IANA timezone (SHOP_TIMEZONE), which the server writes into every page's head; undefined where a page
 * has none (component tests), which leaves the browser's own zone.
 */
export function shopTimeZone(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>(`meta[name="${SHOP_TIMEZONE_META}"]`)?.content || undefined;
}
