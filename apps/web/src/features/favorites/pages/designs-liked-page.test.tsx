import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Product, ProductPage } from '@shop/contracts';
import { renderWithProviders } from '../../../test/render';
import { answer } from '../../../test/server';
import DesignsLikedPage from './designs-liked-page';

const product = (id: number): Product => ({
  id,
  name: `Walnut Desk ${id}`,
  slug: `walnut-desk-${id}`,
  description: 'A desk.',
  photo_url: null,
  gallery_urls: [],
  set_price: '1250.50',
  stock_quantity: 1,
  is_favorited: true,
});

const page = (items: Product[]): ProductPage => ({
  data: items,
  current_page: 1,
  last_page: 1,
  next_page_url: null,
  prev_page_url: null,
  total: items.length,
  per_page: 9,
});

describe('My Favorites', () => {
  it('a product removed here is read again wherever the shop shows it (its heart, the quote request)', async () => {
    const user = userEvent.setup();
    let liked = [product(1), product(2)];
    answer('get', '/api/user/favorites', () => HttpResponse.json(page(liked)));
    answer('post', '/api/favorites/toggle', () => {
      liked = liked.filter((p) => p.id !== 1);
      return HttpResponse.json({ status: 'success', is_favorited: false });
    });
    const { queryClient } = renderWithProviders(<DesignsLikedPage />, { route: '/user/designs-liked' });
    // What other screens cached before: the product's page, and the quote request's products.
    queryClient.setQueryData(['catalog', 'product', 'walnut-desk-1'], {
      product: product(1),
      relatedProducts: [],
    });
    queryClient.setQueryData(['proposals', 'quote-products'], [product(1), product(2)]);

    await user.click(await screen.findByRole('button', { name: 'Remove Walnut Desk 1 from favourites' }));
    await waitFor(() => expect(screen.queryByText('Walnut Desk 1')).toBeNull());
    expect(queryClient.getQueryState(['catalog', 'product', 'walnut-desk-1'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['proposals', 'quote-products'])?.isInvalidated).toBe(true);
  });

  it('keeps the keyboard on a Remove button while its call runs, ignores presses meanwhile, and frees it after', async () => {
    const user = userEvent.setup();
    let release = () => {};
    answer('get', '/api/user/favorites', () => HttpResponse.json(page([product(1), product(2)])));
    const sent = answer(
      'post',
      '/api/favorites/toggle',
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(HttpResponse.json({ message: 'Server error.' }, { status: 500 }));
        }),
    );
    renderWithProviders(<DesignsLikedPage />, { route: '/user/designs-liked' });
    const remove = await screen.findByRole('button', { name: 'Remove Walnut Desk 1 from favourites' });
    remove.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    // A browser drops the focus of a button that becomes disabled to <body> (jsdom keeps it): it must not be.
    expect(remove).not.toBeDisabled();
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAttribute('aria-busy', 'true');
    expect(remove).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(remove);
    // Another product's button is not held up.
    expect(screen.getByRole('button', { name: 'Remove Walnut Desk 2 from favourites' })).not.toHaveAttribute(
      'aria-disabled',
    );

    release();
    await waitFor(() => expect(remove).not.toHaveAttribute('aria-disabled'));
    expect(remove).not.toHaveAttribute('aria-busy');
    expect(remove).toHaveFocus();
    expect(sent).toHaveLength(1);
  });
});
