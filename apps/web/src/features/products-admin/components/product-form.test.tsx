import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  ADMIN_MESSAGES,
  PRODUCT_FORM_TEXTS,
  PRODUCT_SERVER_MESSAGES,
  type AdminProduct,
} from '@shop/contracts';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { UNSAVED_CHANGES } from '../../../components/ui/forms/use-unsaved-changes';
import { updateProduct } from '../api/products-admin-api';
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

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (name: string, size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return new File([bytes], name, { type: 'image/png' });
};

function renderForm(props: Partial<Parameters<typeof ProductForm>[0]> = {}) {
  const save = vi.fn<(form: FormData) => Promise<{ message: string; product: AdminProduct }>>(() =>
    Promise.resolve({ message: 'Product updated successfully.', product }),
  );
  // Categories come from the public API; a failed load leaves the list empty.
  server.use(http.get('/api/v1/frontend/categories', () => HttpResponse.json([{ id: 2, name: 'Desks' }])));
  renderWithProviders(<ProductForm product={product} submitLabel="Update Product" save={save} {...props} />, {
    route: '/admin/products/7/edit',
    dataRouter: true,
  });
  return save;
}

describe('ProductForm', () => {
  it('sends the fields, the new images and the ids of the gallery images removed', async () => {
    const user = userEvent.setup();
    const save = renderForm();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Walnut Desk');
    expect(screen.getByLabelText(/^Price/)).toHaveAttribute('step', '0.01');

    await user.click(screen.getByRole('button', { name: 'Remove gallery image 1' }));
    expect(screen.getAllByRole('button', { name: /^Remove gallery image/ })).toHaveLength(1);
    await user.clear(screen.getByLabelText(/^Price/));
    await user.type(screen.getByLabelText(/^Price/), '520');
    await user.upload(screen.getByLabelText(/Add gallery images/), png('extra.png'));
    await user.click(screen.getByRole('button', { name: 'Update Product' }));

    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const form = save.mock.calls[0]![0];
    expect(form.get('name')).toBe('Walnut Desk');
    expect(form.get('sku')).toBe('DSK-7');
    expect(form.get('price')).toBe('520');
    expect(form.get('stock_quantity')).toBe('3');
    expect(form.get('category_id')).toBe('2');
    expect(form.getAll('removed_gallery[]')).toEqual(['11']);
    expect((form.getAll('gallery[]') as File[]).map((f) => f.name)).toEqual(['extra.png']);
    expect(form.get('photo')).toBeNull();
    // Saved: back to the list, without asking about unsaved changes.
    expect(await screen.findByText('Left for another page')).toBeInTheDocument();
    expect(screen.queryByText(UNSAVED_CHANGES.title)).toBeNull();
  });

  it('checks the file by its bytes: a renamed file is refused, and the form is not sent until it is replaced', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const save = renderForm();
    const photo = screen.getByLabelText(/Replace the photo/);
    await user.upload(photo, new File(['GIF89a not a png'], 'renamed.png', { type: 'image/png' }));
    expect(await screen.findByText('renamed.png is not a PNG, JPG or WEBP image.')).toBeVisible();
    expect(photo).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.validationTitle })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(save).not.toHaveBeenCalled();

    await user.upload(photo, png('real.png'));
    await waitFor(() => expect(screen.queryByText(/is not a PNG/)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect((save.mock.calls[0]![0].get('photo') as File).name).toBe('real.png');
  });

  it('refuses an over-10 MB photo until it is removed', async () => {
    const user = userEvent.setup();
    const save = renderForm();
    const photo = screen.getByLabelText(/Replace the photo/);
    await user.upload(photo, png('big.png', 10 * 1024 * 1024 + 1));
    expect(await screen.findByText('big.png is larger than 10 MB.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(save).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Remove big.png' }));
    expect(photo).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0].get('photo')).toBeNull();
  });

  it('shows the server errors under their fields', async () => {
    const user = userEvent.setup();
    const { ApiError } = await import('../../../lib/api-error');
    renderForm({
      save: () =>
        Promise.reject(
          new ApiError(422, 'The sku has already been taken.', {
            sku: ['The sku has already been taken.'],
            price: ['The price must be at least 0.'],
          }),
        ),
    });
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    const dialog = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.validationTitle });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText(/^SKU/)).toHaveAccessibleDescription('The sku has already been taken.');
    expect(screen.getByLabelText(/^Price/)).toHaveAccessibleDescription('The price must be at least 0.');
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText(/^Name/), ' Pro');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES.title });
    await user.click(within(dialog).getByRole('button', { name: UNSAVED_CHANGES.stay }));
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Walnut Desk Pro');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: UNSAVED_CHANGES.leave }));
    expect(await screen.findByText('Left for another page')).toBeInTheDocument();
  });
});

describe('ProductForm: an edit made from an old version', () => {
  /** What someone else saved meanwhile: stock 0, the second gallery image removed. */
  const changed: AdminProduct = {
    ...product,
    description: 'Solid walnut, oiled.',
    stock_quantity: 0,
    gallery_urls: [product.gallery_urls[0]!],
    gallery: [product.gallery[0]!],
    updated_at: '2026-01-02T09:30:00.123Z',
  };

  /** The edit API: refused (409) while the version sent is not `changed`'s; keeps the versions sent. */
  function editApi() {
    const sent: (string | null)[] = [];
    const loads: number[] = [];
    server.use(
      http.post('/api/admin/products/7', async ({ request }) => {
        const version = (await request.formData()).get('updated_at') as string | null;
        sent.push(version);
        return version === changed.updated_at
          ? HttpResponse.json({ product: changed, message: 'Product updated successfully.' })
          : HttpResponse.json({ message: PRODUCT_SERVER_MESSAGES.changedElsewhere }, { status: 409 });
      }),
      http.get('/api/admin/products/7', () => {
        loads.push(Date.now());
        return HttpResponse.json({ product: changed });
      }),
    );
    renderForm({ save: (form) => updateProduct(7, form) });
    return { sent, loads };
  }

  it('sends the version it was loaded from; refused (409), it says so, keeps the edits or reloads the product', async () => {
    const user = userEvent.setup();
    const { sent, loads } = editApi();
    await user.type(screen.getByLabelText(/^Description/), ' Oiled.');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));

    let dialog = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.errorTitle });
    expect(dialog).toHaveTextContent(PRODUCT_SERVER_MESSAGES.changedElsewhere);
    expect(sent).toEqual([product.updated_at]);
    // Keep Editing: the edits stay, nothing is loaded, and the next save is refused the same way.
    await user.click(within(dialog).getByRole('button', { name: PRODUCT_FORM_TEXTS.keepEditing }));
    expect(screen.getByLabelText(/^Description/)).toHaveValue('Solid walnut. Oiled.');
    expect(loads).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    dialog = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.errorTitle });
    expect(sent).toEqual([product.updated_at, product.updated_at]);

    // Reload: the form starts again from the product as it is now, at its first field.
    await user.click(within(dialog).getByRole('button', { name: PRODUCT_FORM_TEXTS.reload }));
    await waitFor(() => expect(screen.getByLabelText(/^Stock quantity/)).toHaveValue(0));
    expect(loads).toHaveLength(1);
    expect(screen.getByLabelText(/^Description/)).toHaveValue('Solid walnut, oiled.');
    expect(screen.getAllByRole('button', { name: /^Remove gallery image/ })).toHaveLength(1);
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    // Saved from the version reloaded: accepted, back to the list without asking about unsaved changes.
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Left for another page')).toBeInTheDocument();
    expect(sent).toEqual([product.updated_at, product.updated_at, changed.updated_at]);
  });
});

describe('ProductForm: removing gallery images', () => {
  it('moves the focus to the next image, else the one before, else the file picker, and says what was removed', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.upload(screen.getByLabelText(/Add gallery images/), png('extra.png'));
    const status = () => screen.getByText(/^Removed /);

    screen.getByRole('button', { name: 'Remove gallery image 1' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove gallery image 2' })).toHaveFocus();
    expect(status()).toHaveTextContent(PRODUCT_FORM_TEXTS.galleryImageRemoved('gallery image 1', 2));
    expect(status()).toHaveAttribute('aria-live', 'polite');

    screen.getByRole('button', { name: 'Remove extra.png' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove gallery image 2' })).toHaveFocus();
    expect(status()).toHaveTextContent(PRODUCT_FORM_TEXTS.galleryImageRemoved('extra.png', 1));

    await user.keyboard('{Enter}');
    expect(screen.queryByRole('list', { name: 'Gallery images' })).toBeNull();
    expect(screen.getByLabelText(/Add gallery images/)).toHaveFocus();
    expect(status()).toHaveTextContent(PRODUCT_FORM_TEXTS.galleryImageRemoved('gallery image 2', 0));
  });
});
