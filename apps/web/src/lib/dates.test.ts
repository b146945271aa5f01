import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatTime, timeAgo } from './dates';

const now = new Date('2026-03-10T12:00:00Z').getTime();
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('timeAgo', () => {
  it('counts seconds, minutes, hours and days', () => {
    expect(timeAgo(ago(0), now)).toBe('just now');
    expect(timeAgo(ago(1_000), now)).toBe('1 second ago');
    expect(timeAgo(ago(45_000), now)).toBe('45 seconds ago');
    expect(timeAgo(ago(60_000), now)).toBe('1 minute ago');
    expect(timeAgo(ago(59 * 60_000), now)).toBe('59 minutes ago');
    expect(timeAgo(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(timeAgo(ago(24 * 3_600_000), now)).toBe('1 day ago');
    expect(timeAgo(ago(6 * 24 * 3_600_000 + 3_600_000), now)).toBe('6 days ago');
  });

  it('shows the date, in the one date format, from the seventh day on', () => {
    const date = ago(7 * 24 * 3_600_000);
    expect(timeAgo(date, now, 'en-US')).toBe(formatDate(date, 'en-US'));
    expect(timeAgo(date, now, 'en-US')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, 2026$/);
  });

  it('treats a time slightly in the future as now and ignores garbage', () => {
    expect(timeAgo(ago(-5_000), now)).toBe('just now');
    expect(timeAgo('not a date', now)).toBe('');
  });
});

describe('the date formats', () => {
  it('write a date, a time, both, and a day of the week', () => {
    const at = new Date(2026, 2, 10, 14, 30);
    expect(formatDate(at, 'en-US')).toBe('Mar 10, 2026');
    expect(formatTime(at, 'en-US')).toBe('2:30 PM');
    expect(formatDateTime(at, 'en-US')).toBe('Mar 10, 2026, 2:30 PM');
    expect(formatDay(at, 'en-US')).toBe('Tue, Mar 10');
  });

  it('take a calendar day as that day in every time zone', () => {
    expect(formatDate('2026-03-10', 'en-US')).toBe('Mar 10, 2026');
  });

  it('write nothing for no date or garbage', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDateTime('soon')).toBe('');
  });
});
