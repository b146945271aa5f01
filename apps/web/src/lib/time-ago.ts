import { TIME_AGO_MAX_DAYS } from '@shop/contracts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "5 seconds ago", "3 minutes ago", "2 hours ago", "6 days ago", then the locale's date.
 * A time slightly in the future (clock skew between server and browser) reads as "just now".
 */
export function timeAgo(
  value: string | number | Date,
  now: number | Date = Date.now(),
  locale?: string,
): string {
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return '';
  const seconds = Math.floor((Number(now) - time) / 1000);
  if (seconds < 1) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale ?? 'en', { numeric: 'always' });
  if (seconds < MINUTE) return format.format(-seconds, 'second');
  if (seconds < HOUR) return format.format(-Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return format.format(-Math.floor(seconds / HOUR), 'hour');
  const days = Math.floor(seconds / DAY);
  if (days <= TIME_AGO_MAX_DAYS) return format.format(-days, 'day');
  return date.toLocaleDateString(locale);
}
