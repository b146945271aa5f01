import { cx } from './cx';

interface SpinnerProps {
  className?: string;
  /** Read by screen readers; pass null when a surrounding label already says what is loading. */
  label?: string | null;
}

export function Spinner({ className = 'size-5', label = 'Loading…' }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className={cx('animate-spin', className)}>
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}

/** A centred spinner for a whole page or panel that is loading. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-navy-600">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
