import { useId, type ReactNode } from 'react';
import { cx } from '../../../components/ui/cx';

/** A titled card of a detail page; a region named by its heading. */
export function DetailCard({
  title,
  children,
  className,
}: {
  title: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cx('rounded-2xl border border-slate-200 bg-white p-5 shadow-sm', className)}
    >
      <h2 id={headingId} className="mb-3 text-base font-semibold text-navy-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
