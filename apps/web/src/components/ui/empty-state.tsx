import type { ReactNode } from 'react';
import { cx } from './cx';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
}

/** What a list or panel shows when there is nothing in it. */
export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div
      className={cx(
        'flex flex-col items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center',
        className,
      )}
    >
      {icon && (
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-navy-50 text-navy-700">
          {icon}
        </div>
      )}
      <p className="text-base font-semibold text-navy-900">{title}</p>
      {description && <div className="mt-1 max-w-md text-sm text-slate-600">{description}</div>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
