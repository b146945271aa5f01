import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Product, ProductPage } from '@shop/contracts';
import { renderWithProviders } from '../../test/render';
import { answer } from '../../test/server';
import WishlistPage from './wishlist-page';

const product: Product = {
  id: 1,
  name: 'Walnut Desk',
  slug: 'walnut-desk',
  description: 'A desk.',
  photo_url: null,
  gallery_urls: [],
  set_price: '1250.50',
  stock_quantity: 1,
  is_favorited: true,
};

const page = (items: Product[]): ProductPage => ({
  data: items,
  current_page: 1,
  last_page: 1,
  next_page_url: null,
  prev_page_url: null,
  total: items.length,
  per_page: 9,
});

describe('WishlistPage', () => {
  it('offers no quote of an empty wishlist', async () => {
    answer('get', '/api/user/favorites', () => HttpResponse.json(page([])));
    renderWithProviders(<WishlistPage />, { route: '/user/designs-liked' });
    expect(await screen.findByText('You have not liked any products yet.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Request a quote' })).toBeNull();
    expect(screen.queryByText(/Need several of these\?/)).toBeNull();
  });

  it('offers the quote of the liked products under the page’s heading', async () => {
    answer('get', '/api/user/favorites', () => HttpResponse.json(page([product])));
    renderWithProviders(<WishlistPage />, { route: '/user/designs-liked' });
    const request = await screen.findByRole('button', { name: 'Request a quote' });
    const heading = screen.getByRole('heading', { level: 1, name: 'My Favorites' });
    expect(heading.compareDocumentPosition(request) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Walnut Desk' })).toBeVisible();
  });
});
