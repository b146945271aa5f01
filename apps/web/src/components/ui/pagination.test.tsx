import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageItems } from './pagination';

describe('Pagination', () => {
  it('shows Previous, the page numbers and Next, marking the current page', () => {
    render(<Pagination currentPage={2} lastPage={4} onPageChange={() => {}} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveTextContent(/Previous\s*1\s*2\s*3\s*4\s*Next/);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('moves between pages and stops at the ends', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pagination currentPage={1} lastPage={3} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange.mock.calls).toEqual([[2], [3]]);
    rerender(<Pagination currentPage={3} lastPage={3} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange.mock.calls).toEqual([[2], [3], [2]]);
  });

  it('keeps the focus on Next when it reaches the last page', async () => {
    const user = userEvent.setup();
    function Pager() {
      const [page, setPage] = useState(1);
      return <Pagination currentPage={page} lastPage={2} onPageChange={setPage} />;
    }
    render(<Pager />);
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    // A browser drops the focus of a button that becomes disabled to <body> (jsdom keeps it): it must not be.
    expect(next).not.toBeDisabled();
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveFocus();
  });

  it('is hidden when everything fits on one page unless asked', () => {
    const { container, rerender } = render(
      <Pagination currentPage={1} lastPage={1} onPageChange={() => {}} />,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(<Pagination currentPage={1} lastPage={1} onPageChange={() => {}} showWhenSinglePage />);
    expect(screen.getByRole('navigation')).toBeInTheDocument();
  });

  it('shortens long ranges with gaps', () => {
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(2, 20)).toEqual([1, 2, 3, 'gap', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
  });
});
