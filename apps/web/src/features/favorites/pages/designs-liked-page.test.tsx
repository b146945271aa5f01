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
});
