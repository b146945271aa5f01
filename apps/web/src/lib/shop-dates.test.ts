import { afterEach, describe, expect, it } from 'vitest';
import { SHOP_TIMEZONE_META } from '@shop/contracts';
import { formatShopDateTime, formatSlot, shopDates } from './shop-dates';

function shopIn(timeZone: string) {
  const meta = document.createElement('meta');
  meta.name = SHOP_TIMEZONE_META;
  meta.content = timeZone;
  document.head.append(meta);
}
// ICU writes a narrow no-break space before AM and PM.
const plain = (text: string) => text.replace(/\u202f/g, ' ');

afterEach(() => document.head.querySelector(`meta[name="${SHOP_TIMEZONE_META}"]`)?.remove());

describe("installation times in the shop's timezone", () => {
  it('writes a window on the shop’s clock with the zone’s name, in winter and in summer', () => {
    shopIn('America/New_York');
    expect(plain(formatSlot('2026-12-01T14:00:00.000Z', '2026-12-01T17:00:00.000Z'))).toBe(
      'Tue, Dec 1, 9:00 AM – 12:00 PM EST',
    );
    expect(plain(formatSlot('2026-07-01T13:00:00.000Z', null))).toBe('Wed, Jul 1, 9:00 AM EDT');
    expect(formatSlot(null, null)).toBe('');
  });

  it('writes a moment of a booking (its cancellation) on the shop’s clock with the date and the zone’s name', () => {
    shopIn('America/New_York');
    expect(plain(formatShopDateTime('2026-12-02T03:30:00.000Z'))).toBe('Dec 1, 2026, 10:30 PM EST');
    expect(formatShopDateTime('')).toBe('');
  });

  it('groups a window by the shop’s day, not the browser’s', () => {
    shopIn('America/New_York');
    // 10:30 PM on Dec 1 in New York is already Dec 2 in UTC and in Tokyo.
    expect(shopDates().dayKey('2026-12-02T03:30:00.000Z')).toBe('2026-12-01');
  });

  it('follows the zone the page names', () => {
    shopIn('Asia/Tokyo');
    expect(plain(formatSlot('2026-12-01T14:00:00.000Z', null))).toBe('Tue, Dec 1, 11:00 PM GMT+9');
    expect(shopDates().dayKey('2026-12-01T16:00:00.000Z')).toBe('2026-12-02');
  });
});
