import { cx } from './cx';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

export type PageItem = number | 'gap';

/** First, last and the pages around the current one; gaps stand for the pages left out. */
export function pageItems(current: number, last: number, siblings = 1): PageItem[] {
  if (last <= 0) return [];
  // Up to 7 numbers fit without gaps.
  if (last <= 5 + siblings * 2) return Array.from({ length: last }, (_, i) => i + 1);
  const start = Math.max(2, current - siblings);
  const end = Math.min(last - 1, current + siblings);
  const items: PageItem[] = [1];
  if (start > 2) items.push(start === 3 ? 2 : 'gap');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < last - 1) items.push(end === last - 2 ? last - 1 : 'gap');
  items.push(last);
  return items;
}

interface PaginationProps {
  currentPage: number;
  lastPage: number;
  onPageChange: (page: number) => void;
  /** Shown even when everything fits on one page. */
  showWhenSinglePage?: boolean;
  className?: string;
  label?: string;
}

// On a phone a little narrower, and Previous and Next are their arrows (their names stay for screen readers), so
// the seven numbers and the two arrows take one line of a 390 px screen; below 360 px narrower still (28 px wide,
// above the 24 px a target needs), so they take one line of a 320 px screen too.
const pill =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium transition-colors ' +
  'max-[359px]:min-w-7 max-[359px]:px-1 sm:h-10 sm:min-w-10 sm:px-3 ' +
  'aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

/** Previous, page numbers, Next. */
export function Pagination({
  currentPage,
  lastPage,
  onPageChange,
  showWhenSinglePage = false,
  className,
  label = 'Pagination',
}: PaginationProps) {
  if (lastPage < 1 || (lastPage === 1 && !showWhenSinglePage)) return null;
  const go = (page: number) => {
    if (page >= 1 && page <= lastPage && page !== currentPage) onPageChange(page);
  };
  return (
    <nav aria-label={label} className={cx('flex items-center justify-center', className)}>
      <ul className="flex flex-wrap items-center gap-1 max-[359px]:gap-0.5">
        <li>
          <button
            type="button"
            className={cx(pill, 'gap-1 text-navy-800 hover:bg-navy-50')}
            // From a page past the last one, Previous goes to the last.
            onClick={() => go(Math.min(currentPage - 1, lastPage))}
            // aria-disabled, not disabled: a button disabled under the focus drops it to the page's body.
            aria-disabled={currentPage <= 1 || undefined}
          >
            <ChevronLeftIcon className="size-4" />
            <span className="max-sm:sr-only">Previous</span>
          </button>
        </li>
        {pageItems(currentPage, lastPage).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="px-1 text-slate-500 max-[359px]:px-0" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={cx(
                  pill,
                  item === currentPage
                    ? 'bg-navy-900 text-white'
                    : 'text-navy-800 ring-1 ring-slate-200 ring-inset hover:bg-navy-50',
                )}
                aria-current={item === currentPage ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={cx(pill, 'gap-1 text-navy-800 hover:bg-navy-50')}
            onClick={() => go(currentPage + 1)}
            aria-disabled={currentPage >= lastPage || undefined}
          >
            <span className="max-sm:sr-only">Next</span>
            <ChevronRightIcon className="size-4" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
