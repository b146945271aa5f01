import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

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

  it('shows the locale date from the seventh day on', () => {
    const date = ago(7 * 24 * 3_600_000);
    expect(timeAgo(date, now, 'en-US')).toBe(new Date(date).toLocaleDateString('en-US'));
  });

  it('treats a time slightly in the future as now and ignores garbage', () => {
    expect(timeAgo(ago(-5_000), now)).toBe('just now');
    expect(timeAgo('not a date', now)).toBe('');
  });
});
