import { useRef, type ReactNode } from 'react';
import { resultCount } from '@shop/contracts';
import { AlertCircleIcon } from '../icons';
import { Button } from '../button';
import { failureWithReason } from '../../../lib/api-error';
import { cx } from '../cx';
import { OutOfRange } from '../out-of-range';
import { Pagination } from '../pagination';
import { Spinner } from '../spinner';

/** The list's scroll margin (scroll-mt-20): the sticky top bar and a little air. */
const LIST_TOP_MARGIN_PX = 80;

interface PagedListProps {
  /** The first answer has not arrived yet. */
  loading: boolean;
  /** Said in place of the list, with 'Try again', when it could not be loaded. */
  error?: string | false | null;
  /** Loads the list again after a failure. */
  onRetry?: () => void;
  /** The list is being loaded again after a failure. */
  retrying?: boolean;
  /**
   * Given when the page has no rows: the list's empty state (an EmptyState). A page past the last one of a list
   * that has rows (`pagination.total` > 0) says so instead, with the page numbers.
   */
  empty?: ReactNode;
  /** The list's place among its pages, once known: page numbers stand under the list. */
  pagination?: { current: number; totalPages: number; total: number };
  onPageChange: (page: number) => void;
  /** Names the page numbers' navigation. */
  pagesLabel?: string;
  /** Between the list and the page numbers (e.g. "Showing 1 to 10 of 42"). */
  summary?: ReactNode;
  children?: ReactNode;
}

/** PagedList's `pagination` from an answer that gives only its total: pages of `perPage` rows, at least one. */
export function pagesOfTotal(current: number, total: number, perPage: number) {
  return { current, totalPages: Math.max(1, Math.ceil(total / perPage)), total };
}

/** What PagedList reads of the query (TanStack Query's result) that loads its list. */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  data?: unknown;
  refetch: () => unknown;
}

/**
 * PagedList's loading, error and retry from the query that loads its list: the error is said only while no page is
 * in hand (a failed refresh keeps the rows shown), and 'Try again' loads the list again. It is the list's own text
 * (`failed`), or, as the failure's alert says it (useFailureAlert), why no answer came: no connection, or too many
 * requests.
 */
export function listStates(query: ListQuery, failed: string) {
  return {
    loading: query.isPending,
    error: query.isError && !query.data && failureWithReason(query.error, failed),
    onRetry: () => void query.refetch(),
    retrying: query.isFetching,
  };
}

/** PagedList's `pagination` from a page as the API answers it (current_page, last_page, total), once it has come. */
export function pagesOf(page?: { current_page: number; last_page: number; total: number }) {
  return page && { current: page.current_page, totalPages: page.last_page, total: page.total };
}

/** What a list (or a panel) shows when it could not be loaded: the reason and a way to try again. */
export function LoadError({
  message,
  onRetry,
  retrying = false,
  className,
}: {
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cx(
        'flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800',
        'sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
    >
      <p className="flex items-center gap-2">
        <AlertCircleIcon className="size-5 shrink-0" />
        {message}
      </p>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry} loading={retrying} loadingText="Try again">
          Try again
        </Button>
      )}
    </div>
  );
}

/**
 * A paged list's states: a spinner, then its error (with 'Try again'), its empty state, a page past the last one
 * (with the page numbers), or the rows with their page numbers.
 */
export function PagedList(props: PagedListProps) {
  const { onPageChange } = props;
  const top = useRef<HTMLDivElement>(null);
  // Another page starts at the top of the list: scrolled back up to it when it is above the view or under the
  // sticky top bar (scroll-mt-20 leaves the bar's height above it). The URL's page changes without a scroll reset.
  const changePage = (page: number) => {
    onPageChange(page);
    const el = top.current;
    if (el && el.getBoundingClientRect().top < LIST_TOP_MARGIN_PX) el.scrollIntoView({ block: 'start' });
  };
  return (
    <>
      <div ref={top} className="scroll-mt-20" />
      <PagedListBody {...props} onPageChange={changePage} />
    </>
  );
}

/** The list scaffold's states below its top anchor. */
function PagedListBody({
  loading,
  error,
  onRetry,
  retrying,
  empty,
  pagination,
  onPageChange,
  pagesLabel,
  summary,
  children,
}: PagedListProps) {
  if (loading) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" />
      </div>
    );
  }
  if (error) return <LoadError message={error} onRetry={onRetry} retrying={retrying} />;
  const pages = pagination && (
    <Pagination
      className="mt-6"
      currentPage={pagination.current}
      lastPage={pagination.totalPages}
      onPageChange={onPageChange}
      label={pagesLabel}
    />
  );
  if (empty) {
    if (!pagination || pagination.total === 0) return <>{empty}</>;
    return (
      <>
        <OutOfRange page={pagination.current} lastPage={pagination.totalPages} onPageChange={onPageChange} />
        {pages}
      </>
    );
  }
  return (
    <>
      {children}
      {summary}
      {pages}
    </>
  );
}

/** The number of a page's first row: (current - 1) * perPage + 1. */
export const firstRowOf = ({ current, perPage }: { current: number; perPage: number }) =>
  (current - 1) * perPage + 1;

interface ListToolbarProps {
  /** The search boxes. */
  children: ReactNode;
  /**
   * Counts the rows found ("12 customers"), or says that newer ones are on their way; `capped`: the total is a
   * search's cap ("1,000+ products").
   */
  count?: { total: number | undefined; capped?: boolean; updating: boolean; one: string; other: string };
}

/** The search boxes above a list, with a live count of what they found. */
export function ListToolbar({ children, count }: ListToolbarProps) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
      {children}
      {count && (
        <p className="text-sm text-slate-600 sm:ml-auto" aria-live="polite">
          {count.updating
            ? 'Updating…'
            : count.total !== undefined
              ? resultCount(count.total, count.capped, count.one, count.other)
              : ''}
        </p>
      )}
    </div>
  );
}
