import { useId, type ReactNode, type Ref } from 'react';
import { cx } from './cx';

/** A titled card of a detail page (a design, a proposal, the schedule): a region named by its heading. */
export function DetailCard({
  title,
  children,
  className,
  headingRef,
}: {
  title: ReactNode;
  children: ReactNode;
  className?: string;
  /** Makes the heading a place the page can move the focus to (after what focused it went away). */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      // min-w-0 and break-words: a long word the customer typed (a title, a comment) wraps in its card, and the
      // card does not widen the page's grid column.
      className={cx(
        'min-w-0 rounded-2xl bg-white p-5 break-words shadow-sm ring-1 ring-slate-200 sm:p-6',
        className,
      )}
    >
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="text-lg font-semibold text-navy-900 focus:outline-none"
      >
        {title}
      </h2>
      <div className="mt-3 text-sm text-slate-700">{children}</div>
    </section>
  );
}
