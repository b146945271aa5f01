import { cx } from './cx';

/** The shop's mark: a cubicle seen from above (panels, desk, chair). */
export function BrandMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false" className={className}>
      <rect width="40" height="40" rx="10" className="fill-navy-900" />
      <path
        d="M10 11v18h20"
        fill="none"
        className="stroke-copper-400"
        strokeWidth="3.5"
        strokeLinecap="round"
      />
      <path d="M10 11h12" fill="none" className="stroke-copper-400" strokeWidth="3.5" strokeLinecap="round" />
      <rect x="15" y="17" width="11" height="5" rx="1.5" className="fill-white" />
      <circle cx="20.5" cy="26" r="2" className="fill-navy-300" />
    </svg>
  );
}

interface BrandLogoProps {
  name: string;
  className?: string;
  /** 'light' for dark backgrounds. */
  tone?: 'dark' | 'light';
}

export function BrandLogo({ name, className, tone = 'dark' }: BrandLogoProps) {
  return (
    <span className={cx('inline-flex items-center gap-2.5', className)}>
      <BrandMark />
      <span
        className={cx(
          'text-lg font-bold tracking-tight whitespace-nowrap',
          tone === 'dark' ? 'text-navy-900' : 'text-white',
        )}
      >
        {name}
      </span>
    </span>
  );
}
