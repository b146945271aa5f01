import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyAreaPage } from './routes/lazy-page';

afterEach(() => vi.restoreAllMocks());

describe('a page of a signed-in area that fails to render', () => {
  it('is shown failed inside the area’s layout, and Try again draws it anew', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let broken = true;
    function Orders() {
      if (broken) throw new Error('cannot draw the orders');
      return <p>The orders</p>;
    }
    const router = createMemoryRouter(
      [
        {
          path: '/user',
          element: (
            <>
              <nav aria-label="Area menu">The area menu</nav>
              <Outlet />
            </>
          ),
          children: [{ path: 'orders', ...lazyAreaPage(async () => ({ default: Orders })) }],
        },
      ],
      { initialEntries: ['/user/orders'] },
    );
    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be shown.');
    expect(screen.getByRole('navigation', { name: 'Area menu' })).toBeInTheDocument();

    broken = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The orders')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Area menu' })).toBeInTheDocument();
  });
});
