import { datesIn } from './dates';
import { shopTimeZone } from './shop-time-zone';

/**
 * Installation windows and bookings are written in the shop's timezone with its name ("9:00 AM – 12:00 PM EST"),
 * as the shop's schedule, mails and notifications write them, whatever the browser's zone.
 */
export const shopDates = () => datesIn(shopTimeZone());

export function formatSlot(start: string | null, end: string | null): string {
  if (!start) return '';
  const { formatDay, formatTime, zoneName } = shopDates();
  const times = end ? `${formatTime(start)} – ${formatTime(end)}` : formatTime(start);
  return `${formatDay(start)}, ${times} ${zoneName(start)}`;
}

/** A moment of a booking's life (when it was cancelled) on the shop's clock, with the zone's name. */
export function formatShopDateTime(at: string): string {
  const { formatDateTime, zoneName } = shopDates();
  const written = formatDateTime(at);
  return written && `${written} ${zoneName(at)}`;
}
