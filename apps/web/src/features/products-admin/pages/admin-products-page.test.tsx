import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  FILTERED_BY_CUSTOMER,
  type AdminProduct,
  type AdminProductsResponse,
} from '@shop/contracts';
import { clearToasts, getToasts } from '../../../lib/toast';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import AdminProductsPage from './admin-products-page';

const product: AdminProduct = {
  id: 4,
  name: 'Oak Table',
  slug: 'oak-table',
  sku: 'OAK-1',
  description: '',
  category_id: null,
  category_name: null,
  price: '900.00',
  stock_quantity: 2,
  status: true,
  photo_url: null,
  gallery_urls: [],
  gallery: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const listOf = (status: boolean): AdminProductsResponse => ({
  data: [{ ...product, status }],
  total: 1,
  pagination: { current: 1, perPage: 10, total: 1, totalPages: 1, start: 1, end: 1 },
  filter_user: null,
});

/**
 * The products API of these tests: the first list says the product is active; the toggle answers `toggled`; the
 * lists read after it wait for `release()` and then say `toggled`, as the server has it.
 */
function setup(toggled: boolean) {
  let lists = 0;
  const asked: unknown[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get('/api/admin/products', async () => {
      lists += 1;
      if (lists === 1) return HttpResponse.json(listOf(true));
      await released;
      return HttpResponse.json(listOf(toggled));
    }),
    http.post('/api/admin/products/4/toggle-status', async ({ request }) => {
      asked.push(await request.json());
      return HttpResponse.json({ status: toggled, message: ADMIN_MESSAGES.productStatusUpdated });
    }),
  );
  renderWithProviders(<AdminProductsPage />, { route: '/admin/products', dataRouter: true });
  return { release, lists: () => lists, asked };
}

const toasts = () => getToasts().map((t) => ({ title: t.title, message: t.message }));
// The table and the mobile cards both hold the row (CSS picks one).
const row = () => within(screen.getByRole('table')).getAllByRole('row')[1]!;

afterEach(() => clearToasts());

describe('AdminProductsPage: status toggle', () => {
  it('shows the status the server answers at once, before the list is read again', async () => {
    const user = userEvent.setup();
    const { release, lists, asked } = setup(false);
    await user.click((await screen.findAllByRole('button', { name: 'Deactivate Oak Table' }))[0]!);

    await waitFor(() => expect(row()).toHaveTextContent('Inactive'));
    // It asks for the status its button offers, so a press another admin made meanwhile is not undone.
    expect(asked).toEqual([{ status: false }]);
    expect(within(row()).getByRole('button', { name: 'Activate Oak Table' })).toBeInTheDocument();
    expect(toasts()).toEqual([
      { title: ADMIN_MESSAGES.deactivatedTitle, message: ADMIN_MESSAGES.productStatusUpdated },
    ]);
    // The list is read again too (still waiting here).
    expect(lists()).toBe(2);
    release();
    await waitFor(() =>
      expect(within(row()).getByRole('button', { name: 'Activate Oak Table' })).toBeEnabled(),
    );
    expect(row()).toHaveTextContent('Inactive');
  });

  it('shows the status the server answers, and says which it is, even when it is not the one asked for', async () => {
    const user = userEvent.setup();
    const { release } = setup(true);
    await user.click((await screen.findAllByRole('button', { name: 'Deactivate Oak Table' }))[0]!);

    await waitFor(() =>
      expect(toasts()).toEqual([
        { title: ADMIN_MESSAGES.activatedTitle, message: ADMIN_MESSAGES.productStatusUpdated },
      ]),
    );
    expect(row()).toHaveTextContent('Active');
    release();
    await waitFor(() =>
      expect(within(row()).getByRole('button', { name: 'Deactivate Oak Table' })).not.toHaveAttribute(
        'aria-disabled',
      ),
    );
    expect(row()).toHaveTextContent('Active');
  });
});

describe('AdminProductsPage: the products a customer liked', () => {
  const NEUTRAL = FILTERED_BY_CUSTOMER.likedProducts(FILTERED_BY_CUSTOMER.selected);
  const NAMED = FILTERED_BY_CUSTOMER.likedProducts('Chris Morgan');
  const GONE = FILTERED_BY_CUSTOMER.likedProducts(FILTERED_BY_CUSTOMER.unknown);

  /** The unfiltered list answers at once; a list filtered by a customer waits for `release()`, then `answer()`. */
  function productsApi(answer: () => Response) {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/admin/products', async ({ request }) => {
        if (!new URL(request.url).searchParams.has('userId')) return HttpResponse.json(listOf(true));
        await released;
        return answer();
      }),
    );
    return { release };
  }

  const renderPage = (route: string) =>
    renderWithProviders(<AdminProductsPage />, { route, path: '/admin/products', dataRouter: true });

  it('names the customer once the list answers, with a neutral text before', async () => {
    const { release } = productsApi(() =>
      HttpResponse.json({ ...listOf(true), filter_user: { id: 2, name: 'Chris Morgan' } }),
    );
    renderPage('/admin/products?userId=2');
    expect(screen.getByText(NEUTRAL)).toBeInTheDocument();
    expect(screen.queryByText(GONE)).toBeNull();
    release();
    expect(await screen.findByText(NAMED)).toBeInTheDocument();
  });

  it('keeps the neutral text when the list cannot be read', async () => {
    const { release } = productsApi(() => HttpResponse.json({ message: 'Server error' }, { status: 500 }));
    renderPage('/admin/products?userId=2');
    release();
    const failed = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.errorTitle });
    expect(within(failed).getByText(ADMIN_MESSAGES.productsFailed)).toBeInTheDocument();
    expect(screen.getByText(NEUTRAL)).toBeInTheDocument();
    expect(screen.queryByText(GONE)).toBeNull();
  });

  it('says the customer no longer exists only when the answer says there is none', async () => {
    // The API answers filter_user null for an id that is no customer's (a deleted account among them).
    const { release } = productsApi(() => HttpResponse.json(listOf(true)));
    renderPage('/admin/products?userId=2');
    release();
    expect(await screen.findByText(GONE)).toBeInTheDocument();
  });

  it('does not take the unfiltered list still shown for the answer about the customer', async () => {
    const { release } = productsApi(() =>
      HttpResponse.json({ ...listOf(true), filter_user: { id: 2, name: 'Chris Morgan' } }),
    );
    const { router } = renderPage('/admin/products');
    expect(await screen.findAllByText('Oak Table')).not.toHaveLength(0);

    // Its rows stay on screen while the filtered list loads; they say nothing about customer 2.
    await router!.navigate('/admin/products?userId=2');
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument();
    expect(screen.queryByText(GONE)).toBeNull();
    release();
    expect(await screen.findByText(NAMED)).toBeInTheDocument();
  });
});
