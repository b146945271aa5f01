import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES } from '@shop/contracts';
import { clearToasts, getToasts } from '../../../lib/toast';
import { productPage as page, testProduct } from '../../../test/products';
import { renderWithProviders } from '../../../test/render';
import { answer } from '../../../test/server';
import DesignsLikedPage from './designs-liked-page';

const product = (id: number) => testProduct(id);

/** The wishlist on the server: the list's answer, and the toggle as the server makes it (flips, or sets `favorite`). */
function serveWishlist(initial: number[]) {
  const liked = { ids: [...initial] };
  answer('get', '/api/user/favorites', () => HttpResponse.json(page(liked.ids.map(product))));
  const toggles = answer('post', '/api/favorites/toggle', () => {
    const { id, favorite } = toggles.at(-1)!.body as { id: number; favorite?: boolean };
    const on = favorite ?? !liked.ids.includes(id);
    liked.ids = [...liked.ids.filter((x) => x !== id), ...(on ? [id] : [])];
    return HttpResponse.json({ status: 'success', is_favorited: on });
  });
  return { liked, toggles };
}

const removeButton = (id: number) =>
  screen.getByRole('button', { name: `Remove Walnut Desk ${id} from favourites` });
const toastsSaid = () => getToasts().map((t) => `${t.type}: ${t.message}`);

beforeEach(() => clearToasts());

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

  it('Remove of a product already taken off in another tab leaves it off the wishlist', async () => {
    const user = userEvent.setup();
    const { liked, toggles } = serveWishlist([1, 2]);
    renderWithProviders(<DesignsLikedPage />, { route: '/user/designs-liked' });
    await screen.findByText('Walnut Desk 1');
    liked.ids = [2]; // un-hearted in another tab

    await user.click(removeButton(1));
    await waitFor(() => expect(screen.queryByText('Walnut Desk 1')).toBeNull());
    // One call, asking for it to be off: a flip would have put it back.
    expect(toggles.map((t) => t.body)).toEqual([{ type: 'product', id: 1, favorite: false }]);
    expect(liked.ids).toEqual([2]);
    expect(toastsSaid()).toEqual([`success: ${CUSTOMER_MESSAGES.wishlistRemoved}`]);
  });

  it('Remove of a product the shop no longer has says so and drops its card', async () => {
    const user = userEvent.setup();
    let liked = [product(1), product(2)];
    answer('get', '/api/user/favorites', () => HttpResponse.json(page(liked)));
    answer('post', '/api/favorites/toggle', () =>
      HttpResponse.json({ message: 'Product not found.' }, { status: 404 }),
    );
    renderWithProviders(<DesignsLikedPage />, { route: '/user/designs-liked' });
    await screen.findByText('Walnut Desk 1');
    liked = [product(2)]; // deleted meanwhile: no longer listed

    await user.click(removeButton(1));
    await waitFor(() => expect(screen.queryByText('Walnut Desk 1')).toBeNull());
    expect(screen.getByText('Walnut Desk 2')).toBeInTheDocument();
    expect(toastsSaid()).toEqual([`error: ${CUSTOMER_MESSAGES.wishlistError}`]);
  });

  it("passes a removed card's focus to the next card's Remove, the previous one's, then the heading", async () => {
    const user = userEvent.setup();
    serveWishlist([1, 2, 3]);
    renderWithProviders(<DesignsLikedPage />, { route: '/user/designs-liked' });
    await screen.findByText('Walnut Desk 2');

    removeButton(2).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('Walnut Desk 2')).toBeNull());
    await waitFor(() => expect(removeButton(3)).toHaveFocus());

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('Walnut Desk 3')).toBeNull());
    await waitFor(() => expect(removeButton(1)).toHaveFocus());

    await user.keyboard('{Enter}');
    await screen.findByText('You have not liked any products yet.');
    const heading = screen.getByRole('heading', { level: 1, name: 'My Favorites' });
    await waitFor(() => expect(heading).toContainElement(document.activeElement as HTMLElement));
    // The heading takes the focus from a script only: it is no stop of the tab order.
    expect(document.activeElement).toHaveAttribute('tabindex', '-1');
  });
});
