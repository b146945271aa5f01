import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from './page-error';

afterEach(() => vi.restoreAllMocks());

describe('a page of a signed-in area that fails to render', () => {
  it('is shown failed inside the area’s layout; Try again and another page draw anew', async () => {
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
              <nav aria-label="Area menu">
                <Link to="/user/orders">Orders</Link> <Link to="/user/help">Help</Link>
              </nav>
              <PageErrorBoundary>
                <Outlet />
              </PageErrorBoundary>
            </>
          ),
          children: [
            { path: 'orders', Component: Orders },
            { path: 'help', element: <p>The help</p> },
          ],
        },
      ],
      { initialEntries: ['/user/orders'] },
    );
    const user = userEvent.setup();
    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be shown.');
    expect(screen.getByRole('navigation', { name: 'Area menu' })).toBeInTheDocument();

    // Another page of the area is shown as usual.
    await user.click(screen.getByRole('link', { name: 'Help' }));
    expect(await screen.findByText('The help')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The orders')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
