import type { ReactNode } from 'react';
import { BADGE_CAP, COLLAPSED_BADGE_CAP } from '@shop/contracts';
import { cx } from './cx';

/** "99+" above the cap (99 in bars and lists, 9 in the collapsed admin sidebar). */
export function formatBadgeCount(count: number, cap: number = BADGE_CAP): string {
  return count > cap ? `${cap}+` : String(Math.max(0, Math.floor(count)));
}

export const collapsedBadgeCount = (count: number) => formatBadgeCount(count, COLLAPSED_BADGE_CAP);

interface CountBadgeProps {
  count: number;
  cap?: number;
  /** What is counted, in the plural, for screen readers: "3 unread messages" ("1 unread message"). */
  label: string;
  /**
   * 'icon': pinned to the top of an icon's box (the bell, the chat icon), starting just right of its middle, so a
   * wide count ("99+") grows outwards and leaves the icon readable. The box must be `relative`.
   */
  placement?: 'icon';
  className?: string;
}

/** "1 unread message", "3 unread messages": the label is given in the plural. */
export function countLabel(count: number, plural: string): string {
  return `${count} ${count === 1 ? plural.replace(/s$/, '') : plural}`;
}

/**
 * The name of an icon button that carries a count: "Chat" or "Chat, 3 unread messages" (an aria-label replaces
 * the badge's own words, so they are said here).
 */
export function countedName(name: string, count: number, plural: string): string {
  return count > 0 ? `${name}, ${countLabel(count, plural)}` : name;
}

/** A small red counter; nothing at all when the count is 0. */
export function CountBadge({ count, cap = BADGE_CAP, label, placement, className }: CountBadgeProps) {
  if (count <= 0) return null;
  return (
    <span
      className={cx(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-[11px] leading-5 font-bold text-white tabular-nums',
        placement === 'icon' && 'pointer-events-none absolute -top-1 left-1/2 ml-1 ring-2 ring-white',
        className,
      )}
    >
      <span aria-hidden="true">{formatBadgeCount(count, cap)}</span>
      <span className="sr-only">{countLabel(count, label)}</span>
    </span>
  );
}

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info' | 'accent';

const toneClasses: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  danger: 'bg-red-50 text-red-800 ring-red-200',
  info: 'bg-navy-50 text-navy-800 ring-navy-200',
  accent: 'bg-copper-50 text-copper-800 ring-copper-200',
};

/** A status pill, e.g. pending (warning), approved (success), rejected (danger). */
export function Badge({
  tone = 'neutral',
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        toneClasses[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
