import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '@shop/contracts';
import { MessageDialogsProvider } from '../../../components/ui/message-dialogs';
import { createTestQueryClient } from '../../../test/render';
import { server } from '../../../test/server';
import { productQuery } from '../api/products-admin-api';
import AdminProductEditPage from './admin-product-edit-page';

const saved: AdminProduct = {
  id: 7,
  name: 'Walnut Desk',
  slug: 'walnut-desk',
  sku: 'DSK-7',
  description: 'Solid walnut.',
  category_id: null,
  category_name: null,
  price: '499.90',
  stock_quantity: 0,
  status: true,
  photo_url: null,
  gallery_urls: [],
  gallery: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T09:30:00.123Z',
};

describe('AdminProductEditPage', () => {
  it('starts the form from the product as it is now, not from a copy cached on an earlier visit', async () => {
    const user = userEvent.setup();
    const queryClient = createTestQueryClient();
    // An earlier visit's copy: stock 5, and the version before someone set it to 0.
    queryClient.setQueryData(productQuery(7).queryKey, {
      ...saved,
      stock_quantity: 5,
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    const sent: (string | null)[] = [];
    server.use(
      http.get('/api/v1/frontend/categories', () => HttpResponse.json([])),
      http.get('/api/admin/products/7', () => HttpResponse.json({ product: saved })),
      http.post('/api/admin/products/7', async ({ request }) => {
        const form = await request.formData();
        sent.push(form.get('updated_at') as string | null, form.get('stock_quantity') as string | null);
        return HttpResponse.json({ product: saved, message: 'Product updated successfully.' });
      }),
    );
    const router = createMemoryRouter(
      [
        { path: '/admin/products/:id/edit', element: <AdminProductEditPage /> },
        { path: '*', element: <p>Left for another page</p> },
      ],
      { initialEntries: ['/admin/products/7/edit'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <MessageDialogsProvider>
          <RouterProvider router={router} />
        </MessageDialogsProvider>
      </QueryClientProvider>,
    );

    const stock = await screen.findByLabelText(/^Stock quantity/);
    expect(stock).toHaveValue(0);
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(sent).toEqual([saved.updated_at, '0']));
  });
});
