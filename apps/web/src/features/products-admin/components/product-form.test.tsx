import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProduct } from '@shop/contracts';
import { ProductForm } from './product-form';

const product: AdminProduct = {
  id: 7,
  name: 'Walnut Desk',
  slug: 'walnut-desk',
  sku: 'DSK-7',
  description: 'Solid walnut.',
  category_id: 2,
  category_name: 'Desks',
  price: '499.90',
  stock_quantity: 3,
  status: true,
  photo_url: '/media/products/aaaaaaaaaaaaaaaaaaaaaaaa/640.webp',
  gallery_urls: [
    '/media/products/bbbbbbbbbbbbbbbbbbbbbbbb/640.webp',
    '/media/products/cccccccccccccccccccccccc/640.webp',
  ],
  gallery: [
    { id: 11, url: '/media/products/bbbbbbbbbbbbbbbbbbbbbbbb/640.webp' },
    { id: 12, url: '/media/products/cccccccccccccccccccccccc/640.webp' },
  ],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function renderForm(props: Partial<Parameters<typeof ProductForm>[0]> = {}) {
  const onSubmit = vi.fn<(form: FormData) => void>();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Categories come from the public API; a failed load leaves the list empty.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify([{ id: 2, name: 'Desks' }]), { status: 200 })),
  );
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProductForm
          product={product}
          submitLabel="Update Product"
          busy={false}
          errors={{}}
          onSubmit={onSubmit}
          {...props}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onSubmit;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductForm', () => {
  it('sends the fields, the new images and the ids of the gallery images removed', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Walnut Desk');
    expect(screen.getByLabelText(/^Price/)).toHaveAttribute('step', '0.01');

    await user.click(screen.getByRole('button', { name: 'Remove gallery image 1' }));
    expect(screen.getAllByRole('button', { name: /^Remove gallery image/ })).toHaveLength(1);
    await user.clear(screen.getByLabelText(/^Price/));
    await user.type(screen.getByLabelText(/^Price/), '520');
    const extra = new File([new Uint8Array([137, 80, 78, 71])], 'extra.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText(/Add gallery images/), extra);
    await user.click(screen.getByRole('button', { name: 'Update Product' }));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    const form = onSubmit.mock.calls[0]![0];
    expect(form.get('name')).toBe('Walnut Desk');
    expect(form.get('sku')).toBe('DSK-7');
    expect(form.get('price')).toBe('520');
    expect(form.get('stock_quantity')).toBe('3');
    expect(form.get('category_id')).toBe('2');
    expect(form.getAll('removed_gallery[]')).toEqual(['11']);
    expect((form.getAll('gallery[]') as File[]).map((f) => f.name)).toEqual(['extra.png']);
    expect(form.get('photo')).toBeNull();
  });

  it('names a file that is not a PNG, JPG or WEBP image at once and does not send it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onSubmit = renderForm();
    await user.upload(
      screen.getByLabelText(/Replace the photo/),
      new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }),
    );
    expect(screen.getByText('anim.gif is not a PNG, JPG or WEBP image.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(onSubmit.mock.calls[0]![0].get('photo')).toBeNull();
  });

  it('shows the server errors under their fields', () => {
    renderForm({
      errors: { sku: 'The sku has already been taken.', price: 'The price must be at least 0.' },
    });
    expect(screen.getByLabelText(/^SKU/)).toHaveAccessibleDescription('The sku has already been taken.');
    expect(screen.getByLabelText(/^Price/)).toHaveAccessibleDescription('The price must be at least 0.');
  });
});
