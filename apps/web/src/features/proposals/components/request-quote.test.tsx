import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  PAGE_SIZE,
  PROPOSAL_LIMITS,
  PROPOSAL_MESSAGES,
  QUOTE_REQUEST_MESSAGES,
  quoteRequestInput,
  type Product,
  type ProductPage,
  type QuoteRequestInput,
} from '@shop/contracts';
import { getToasts } from '../../../lib/toast';
import { renderWithProviders } from '../../../test/render';
import { answer } from '../../../test/server';
import { RequestQuoteAction } from './request-quote';

const product = (id: number): Product => ({
  id,
  name: `Chair ${id}`,
  slug: `chair-${id}`,
  description: '',
  photo_url: null,
  gallery_urls: [],
  set_price: '100.00',
  stock_quantity: 5,
  is_favorited: true,
});

/** The liked products, answered `perPage` at a time; returns the favourites reads. */
function likes(ids: number[], perPage: number = PAGE_SIZE.max) {
  const lastPage = Math.max(1, Math.ceil(ids.length / perPage));
  let page = 0;
  return answer('get', '/api/user/favorites', () => {
    page += 1;
    const body: ProductPage = {
      data: ids.slice((page - 1) * perPage, page * perPage).map(product),
      current_page: page,
      last_page: lastPage,
      next_page_url: null,
      prev_page_url: null,
      total: ids.length,
      per_page: perPage,
    };
    return HttpResponse.json(body);
  });
}

async function openForm() {
  const user = userEvent.setup();
  renderWithProviders(<RequestQuoteAction />);
  await user.click(screen.getByRole('button', { name: 'Request a quote' }));
  const dialog = screen.getByRole('dialog', { name: 'Request a quote' });
  await within(dialog).findByRole('spinbutton', { name: 'Quantity of Chair 1' });
  return { user, dialog };
}

/** What the contract says of a request: the route's 422 message for it (undefined when it takes the request). */
const contractSays = (request: QuoteRequestInput) =>
  quoteRequestInput.safeParse(request).error?.issues[0]?.message;

const quantity = (name: string) => screen.getByRole('spinbutton', { name: `Quantity of ${name}` });
const send = () => screen.getByRole('button', { name: 'Send request' });

describe('Request a quote', () => {
  it.each([
    ['2.5', 'a part of one'],
    ['200000', 'more than the limit'],
    ['-3', 'a negative number'],
  ])('refuses a quantity of %s (%s) under its field, focused, and sends nothing', async (typed) => {
    // The words the server's 422 has for the same request: the shop's, not zod's.
    const said = contractSays({ items: [{ product_id: 2, quantity: Number(typed) }] });
    expect(said).toBe(QUOTE_REQUEST_MESSAGES.quantity);
    likes([1, 2]);
    const sent = answer('post', '/api/user/quote-requests', () => HttpResponse.json({}, { status: 201 }));
    const { user } = await openForm();
    await user.type(quantity('Chair 2'), typed);
    await user.click(send());
    await waitFor(() => expect(quantity('Chair 2')).toHaveAccessibleDescription(said!));
    expect(quantity('Chair 2')).toHaveAttribute('aria-invalid', 'true');
    expect(quantity('Chair 2')).toHaveFocus();
    expect(quantity('Chair 1')).not.toHaveAttribute('aria-invalid');
    expect(sent).toHaveLength(0);
  });

  it('says so when the wishlist is empty, instead of an empty list', async () => {
    likes([]);
    const user = userEvent.setup();
    renderWithProviders(<RequestQuoteAction />);
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));
    const dialog = screen.getByRole('dialog', { name: 'Request a quote' });
    expect(await within(dialog).findByText(QUOTE_REQUEST_MESSAGES.noLikedProducts)).toBeVisible();
    expect(within(dialog).queryByRole('spinbutton')).toBeNull();
  });

  it('offers whole numbers up to the limit', async () => {
    likes([1]);
    await openForm();
    expect(quantity('Chair 1')).toHaveAttribute('step', '1');
    expect(quantity('Chair 1')).toHaveAttribute('max', String(PROPOSAL_LIMITS.quantity));
  });

  it('says a note is too long under the note, focused, and caps what can be typed', async () => {
    likes([1]);
    const sent = answer('post', '/api/user/quote-requests', () => HttpResponse.json({}, { status: 201 }));
    const { user } = await openForm();
    const note = screen.getByRole('textbox', { name: 'Note (optional)' });
    expect(note).toHaveAttribute('maxlength', String(PROPOSAL_LIMITS.comment));
    await user.type(quantity('Chair 1'), '2');
    // Pasted past the cap by a script or an old browser: still said, not silently refused.
    fireEvent.change(note, { target: { value: 'x'.repeat(PROPOSAL_LIMITS.comment + 1) } });
    await user.click(send());
    const said = contractSays({
      items: [{ product_id: 1, quantity: 2 }],
      note: 'x'.repeat(PROPOSAL_LIMITS.comment + 1),
    });
    expect(said).toBe(QUOTE_REQUEST_MESSAGES.noteTooLong);
    await waitFor(() => expect(note).toHaveAccessibleDescription(said!));
    expect(note).toHaveFocus();
    expect(sent).toHaveLength(0);
  });

  it('refuses more products than a request may list, in the words of the server', async () => {
    const ids = Array.from({ length: PROPOSAL_LIMITS.quoteItems + 1 }, (_, i) => i + 1);
    likes(ids);
    const sent = answer('post', '/api/user/quote-requests', () => HttpResponse.json({}, { status: 201 }));
    await openForm();
    // Found once: a query by role and name over a hundred fields is slow in jsdom.
    const rows = screen.getAllByRole('spinbutton');
    expect(rows).toHaveLength(ids.length);
    for (const row of rows) fireEvent.change(row, { target: { value: '1' } });
    fireEvent.click(send());
    const said = contractSays({ items: ids.map((id) => ({ product_id: id, quantity: 1 })) });
    expect(said).toBe(QUOTE_REQUEST_MESSAGES.tooManyItems);
    await waitFor(() => expect(rows[0]).toHaveFocus());
    expect(screen.getByText(said!)).toHaveAttribute('role', 'alert');
    expect(sent).toHaveLength(0);
  }, 30_000); // a hundred and one rows, on a loaded machine

  it('asks for a product when none is chosen, from the first quantity', async () => {
    likes([1, 2]);
    const { user } = await openForm();
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(contractSays({ items: [] })!);
    expect(quantity('Chair 1')).toHaveFocus();
  });

  it.each([
    ['items.1.product_id', PROPOSAL_MESSAGES.productMissing],
    ['items.1.quantity', QUOTE_REQUEST_MESSAGES.quantity],
  ])(
    "sends the chosen products and puts the server's 422 on %s under that product",
    async (field, message) => {
      likes([1, 2, 3]);
      const sent = answer('post', '/api/user/quote-requests', () =>
        HttpResponse.json({ message, errors: { [field]: [message] } }, { status: 422 }),
      );
      const { user } = await openForm();
      await user.type(quantity('Chair 1'), '2');
      await user.type(quantity('Chair 3'), '4');
      await user.type(screen.getByRole('textbox', { name: 'Note (optional)' }), ' Oak please ');
      await user.click(send());
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]!.body).toEqual({
        items: [
          { product_id: 1, quantity: 2 },
          { product_id: 3, quantity: 4 },
        ],
        note: 'Oak please',
      });
      // The request's second item is the form's third row.
      await waitFor(() => expect(quantity('Chair 3')).toHaveAccessibleDescription(message));
      expect(quantity('Chair 3')).toHaveFocus();
      expect(quantity('Chair 1')).not.toHaveAttribute('aria-invalid');
    },
  );

  it('lists every liked product, reading page after page to the last', async () => {
    // Two at a time stands for the API's largest page (PAGE_SIZE.max) here.
    const reads = likes([1, 2, 3], 2);
    const sent = answer('post', '/api/user/quote-requests', () => HttpResponse.json({}, { status: 201 }));
    const { user } = await openForm();
    const last = await screen.findByRole('spinbutton', { name: 'Quantity of Chair 3' });
    expect(screen.getAllByRole('spinbutton')).toHaveLength(3);
    expect(reads.map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(reads[0]!.url.searchParams.get('per_page')).toBe(String(PAGE_SIZE.max));
    await user.type(last, '1');
    await user.click(send());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ items: [{ product_id: 3, quantity: 1 }] });
    await waitFor(() =>
      expect(getToasts().map((t) => t.message)).toContain(
        'Your quote request is sent. We will answer with a proposal.',
      ),
    );
  });
});
