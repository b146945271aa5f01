import { formatDay, formatTime } from '../../../lib/dates';

export function formatSlot(start: string | null, end: string | null): string {
  if (!start) return '';
  return end
    ? `${formatDay(start)}, ${formatTime(start)} – ${formatTime(end)}`
    : `${formatDay(start)}, ${formatTime(start)}`;
}

/** The day of an ISO time in the browser's zone, "YYYY-MM-DD". */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
