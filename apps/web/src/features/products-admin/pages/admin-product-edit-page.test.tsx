import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '@shop/contracts';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
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

const renderEditPage = (queryClient = createTestQueryClient()) =>
  renderWithProviders(<AdminProductEditPage />, {
    route: '/admin/products/7/edit',
    path: '/admin/products/:id/edit',
    dataRouter: true,
    queryClient,
  });

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
    renderEditPage(queryClient);

    const stock = await screen.findByLabelText(/^Stock quantity/);
    expect(stock).toHaveValue(0);
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(sent).toEqual([saved.updated_at, '0']));
  });

  it("shows the product's category when the categories arrive after the product, and clears it", async () => {
    const user = userEvent.setup();
    // A tab that has not loaded the categories yet: they answer only once the form shows the product.
    let answerCategories = () => {};
    const categoriesAnswered = new Promise<void>((resolve) => (answerCategories = resolve));
    const sent: (string | null)[] = [];
    server.use(
      http.get('/api/v1/frontend/categories', async () => {
        await categoriesAnswered;
        return HttpResponse.json([
          { id: 1, name: 'Cubicles' },
          { id: 2, name: 'Office Desks' },
        ]);
      }),
      http.get('/api/admin/products/7', () =>
        HttpResponse.json({ product: { ...saved, category_id: 2, category_name: 'Office Desks' } }),
      ),
      http.post('/api/admin/products/7', async ({ request }) => {
        sent.push((await request.formData()).get('category_id') as string | null);
        return HttpResponse.json({ product: saved, message: 'Product updated successfully.' });
      }),
    );
    renderEditPage();

    const category = await screen.findByRole('combobox', { name: /^Category/ });
    answerCategories();
    await screen.findByRole('option', { name: 'Office Desks' });
    expect(category).toHaveDisplayValue('Office Desks');

    // What the screen shows is what the form holds: choosing "No category" clears it.
    await user.selectOptions(category, 'No category');
    expect(category).toHaveDisplayValue('No category');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(sent).toEqual(['']));
  });
});
