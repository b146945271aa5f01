import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAGE_OUT_OF_RANGE, SEARCH_RESULT_CAP } from '@shop/contracts';
import { describe, expect, it, vi } from 'vitest';
import { listStates, ListToolbar, PagedList, pagesOfTotal } from './paged-list';
import { ApiError } from '../../../lib/api-error';

const count = { updating: false, one: 'product', other: 'products' };

describe('ListToolbar count', () => {
  it('counts exactly, or says the total is a capped search total', () => {
    const { rerender } = render(<ListToolbar count={{ ...count, total: 1 }}>{null}</ListToolbar>);
    expect(screen.getByText('1 product')).toBeInTheDocument();
    rerender(<ListToolbar count={{ ...count, total: 12, capped: false }}>{null}</ListToolbar>);
    expect(screen.getByText('12 products')).toBeInTheDocument();
    rerender(<ListToolbar count={{ ...count, total: SEARCH_RESULT_CAP, capped: true }}>{null}</ListToolbar>);
    expect(screen.getByText('1,000+ products')).toBeInTheDocument();
  });
});

describe('PagedList', () => {
  const empty = <p>No users yet</p>;

  it('shows a page past the last one of a list with rows as out of range, with the pager, not as empty', async () => {
    const onPageChange = vi.fn();
    render(
      <PagedList
        loading={false}
        empty={empty}
        pagination={{ current: 9999, totalPages: 3, total: 25 }}
        onPageChange={onPageChange}
      />,
    );
    expect(screen.queryByText('No users yet')).not.toBeInTheDocument();
    expect(screen.getByText(PAGE_OUT_OF_RANGE.title(9999))).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: PAGE_OUT_OF_RANGE.action(3) }));
    // Previous from a page past the end goes to the last page.
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange.mock.calls).toEqual([[3], [3]]);
  });

  it('shows the empty state for a list without rows, whatever the page', () => {
    render(
      <PagedList
        loading={false}
        empty={empty}
        pagination={{ current: 9999, totalPages: 1, total: 0 }}
        onPageChange={() => {}}
      />,
    );
    expect(screen.getByText('No users yet')).toBeInTheDocument();
    expect(screen.queryByText(PAGE_OUT_OF_RANGE.title(9999))).not.toBeInTheDocument();
  });

  it('says a failed load in an alert with Try again', async () => {
    const onRetry = vi.fn();
    render(
      <PagedList loading={false} error="Failed to load designs." onRetry={onRetry} onPageChange={() => {}}>
        <p>rows</p>
      </PagedList>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load designs.');
    expect(screen.queryByText('rows')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows the rows with their page numbers', () => {
    render(
      <PagedList
        loading={false}
        pagination={{ current: 2, totalPages: 3, total: 25 }}
        onPageChange={() => {}}
        pagesLabel="User pages"
      >
        <p>rows</p>
      </PagedList>,
    );
    expect(screen.getByText('rows')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('listStates and pagesOfTotal', () => {
  const query = {
    isPending: false,
    isError: true,
    isFetching: false,
    error: new ApiError(500, 'Server error. Please try again later.'),
    data: undefined,
    refetch: vi.fn(),
  };

  it('says the failure only while no page is in hand, and tries again by reading the list again', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(
      <PagedList {...listStates(query, 'Failed to load bookings.')} onPageChange={onPageChange} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load bookings.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
    // A refresh that fails while a page is shown keeps the rows.
    rerender(
      <PagedList
        {...listStates({ ...query, data: { total: 1 } }, 'Failed to load bookings.')}
        onPageChange={onPageChange}
      >
        <p>Booking 1</p>
      </PagedList>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Booking 1')).toBeInTheDocument();
  });

  it('says why no answer came as the failure alert does: no connection, or too many requests', () => {
    const offline = new ApiError(0, 'Network error. Please check your connection.');
    const { rerender } = render(
      <PagedList
        {...listStates({ ...query, error: offline }, 'Failed to load bookings.')}
        onPageChange={vi.fn()}
      />,
    );
    // What failed, then why.
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^Failed to load bookings\. Network error\. Please check your connection\./,
    );
    const limited = new ApiError(429, 'Too many requests. Please wait 30 seconds and try again.');
    rerender(
      <PagedList
        {...listStates({ ...query, error: limited }, 'Failed to load bookings.')}
        onPageChange={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait 30 seconds and try again.',
    );
  });

  it('counts the pages of a total, one at least', () => {
    expect(pagesOfTotal(1, 0, 10)).toEqual({ current: 1, totalPages: 1, total: 0 });
    expect(pagesOfTotal(2, 21, 10)).toEqual({ current: 2, totalPages: 3, total: 21 });
    expect(pagesOfTotal(1, 20, 10)).toEqual({ current: 1, totalPages: 2, total: 20 });
  });
});
