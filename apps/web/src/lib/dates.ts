import { TIME_AGO_MAX_DAYS } from '@shop/contracts';

/**
 * The one way every screen writes dates and times, in the browser's locale: a date reads "Mar 10, 2026", a time
 * "2:30 PM", a date with its time "Mar 10, 2026, 2:30 PM", a day of a calendar "Tue, Mar 10". Relative times
 * ("3 minutes ago") run up to 6 days, then read as the date (specs, section 9).
 */
type DateInput = string | number | Date | null | undefined;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const DAY_OF_WEEK: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' };
const LONG_DAY: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric' };

/** A Date of the input, or null; a calendar day ("2026-03-10") is taken at noon, so no zone moves it a day. */
function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date =
    value instanceof Date
      ? value
      : new Date(
          typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00` : value,
        );
  return Number.isNaN(date.getTime()) ? null : date;
}

const write = (value: DateInput, options: Intl.DateTimeFormatOptions, locale?: string) => {
  const date = toDate(value);
  return date ? date.toLocaleString(locale, options) : '';
};

/** A writer of one format, in the browser's zone or in the IANA `timeZone` given. */
const writer =
  (options: Intl.DateTimeFormatOptions, timeZone?: string) => (value: DateInput, locale?: string) =>
    write(value, timeZone ? { ...options, timeZone } : options, locale);

/** "Mar 10, 2026"; '' for nothing or garbage. */
export const formatDate = writer(DATE);

/** "Mar 10, 2026, 2:30 PM". */
export const formatDateTime = writer({ ...DATE, ...TIME });

/** "2:30 PM". */
export const formatTime = writer(TIME);

/** "Tue, Mar 10": a day in a calendar of the next weeks. */
export const formatDay = writer(DAY_OF_WEEK);

/** "Tuesday, March 10": the same day, spelled out for screen readers. */
export const formatLongDay = writer(LONG_DAY);

/**
 * The same writers in one IANA timezone (the shop's, for its installation windows and bookings), whatever the
 * browser's; the browser's own zone when `timeZone` is undefined.
 */
export function datesIn(timeZone: string | undefined) {
  return {
    formatDateTime: writer({ ...DATE, ...TIME }, timeZone),
    formatTime: writer(TIME, timeZone),
    formatDay: writer(DAY_OF_WEEK, timeZone),
    formatLongDay: writer(LONG_DAY, timeZone),
    /** The zone's short name at that moment ("EST", "EDT"), so a time says which clock it is on. */
    zoneName(value: DateInput, locale?: string): string {
      const date = toDate(value);
      if (!date) return '';
      return (
        new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
          .formatToParts(date)
          .find((part) => part.type === 'timeZoneName')?.value ?? ''
      );
    },
    /** The calendar day in the zone, "YYYY-MM-DD" (for grouping). */
    dayKey(value: DateInput): string {
      const date = toDate(value);
      return date ? date.toLocaleDateString('en-CA', { timeZone }) : '';
    },
  };
}

/**
 * "5 seconds ago", "3 minutes ago", "2 hours ago", "6 days ago", then the date ("Mar 10, 2026").
 * A time slightly in the future (clock skew between server and browser) reads as "just now".
 */
export function timeAgo(value: DateInput, now: number | Date = Date.now(), locale?: string): string {
  const date = toDate(value);
  if (!date) return '';
  const seconds = Math.floor((Number(now) - date.getTime()) / 1000);
  if (seconds < 1) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale ?? 'en', { numeric: 'always' });
  if (seconds < MINUTE) return format.format(-seconds, 'second');
  if (seconds < HOUR) return format.format(-Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return format.format(-Math.floor(seconds / HOUR), 'hour');
  const days = Math.floor(seconds / DAY);
  if (days <= TIME_AGO_MAX_DAYS) return format.format(-days, 'day');
  return formatDate(date, locale);
}
