import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { productPage as page, testProduct } from '../../test/products';
import { renderWithProviders } from '../../test/render';
import { answer } from '../../test/server';
import WishlistPage from './wishlist-page';

const product = testProduct(1);

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
    expect(screen.getByRole('link', { name: 'Walnut Desk 1' })).toBeVisible();
  });
});
