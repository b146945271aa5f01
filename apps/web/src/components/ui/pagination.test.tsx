import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange.mock.calls).toEqual([[2], [3]]);
    rerender(<Pagination currentPage={3} lastPage={3} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
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
