import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROPOSAL_MESSAGES } from '@shop/contracts';
import { ProposalBuilder } from './proposal-builder';
import { HttpResponse } from 'msw';
import { clearToasts, getToasts } from '../../../lib/toast';
import { testAdminProposal } from '../../../test/deals';
import { renderWithProviders } from '../../../test/render';
import { answer } from '../../../test/server';

function renderBuilder(onSaved = vi.fn(), taxRate = '0.00', onCancel?: () => void) {
  answer('get', '/api/admin/proposal-settings', () =>
    HttpResponse.json({ tax_rate: taxRate, currency: 'USD' }),
  );
  renderWithProviders(
    <ProposalBuilder owner={{ kind: 'design', id: 5 }} onSaved={onSaved} onCancel={onCancel} />,
    { dataRouter: true },
  );
  return onSaved;
}

const totals = () => within(screen.getByRole('region', { name: 'Totals (estimate)' }));

/** The failure toasts on screen, by their text. */
const failureToasts = () => getToasts().flatMap((t) => (t.type === 'error' ? [t.message] : []));

/** The server refusing the draft with `errors` (its message is the first of them, as the server's is). */
function refuse(errors: Record<string, string[]>) {
  answer('post', '/api/admin/designs/5/proposals', () =>
    HttpResponse.json({ message: Object.values(errors)[0]![0], errors }, { status: 422 }),
  );
}

afterEach(() => {
  clearToasts();
  vi.restoreAllMocks();
});

describe('ProposalBuilder', () => {
  it('opens at its first field; Cancel closes it, after asking when something was changed', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    renderBuilder(vi.fn(), '0.00', onCancel);
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Add a product' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Add delivery' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('textbox', { name: 'Unit price' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('shows live totals: each line rounded half up after its discount, the tax rounded half up', async () => {
    const user = userEvent.setup();
    renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Add delivery' }));
    await user.click(screen.getByRole('button', { name: 'Add installation' }));
    const [qty1, qty2] = screen.getAllByRole('spinbutton', { name: 'Quantity' });
    const [price1, price2] = screen.getAllByRole('textbox', { name: 'Unit price' });
    const [discount1] = screen.getAllByRole('textbox', { name: 'Discount %' });
    await user.clear(qty1!);
    await user.type(qty1!, '3');
    await user.type(price1!, '33.35');
    await user.type(discount1!, '10');
    // 3 x 33.35 = 100.05, less 10% = 90.045 -> 90.05 (half up)
    expect(screen.getByTestId('line-total-0')).toHaveTextContent('$90.05');
    await user.clear(qty2!);
    await user.type(qty2!, '1');
    await user.type(price2!, '1200');
    expect(screen.getByTestId('line-total-1')).toHaveTextContent('$1,200.00');
    await user.type(screen.getByRole('textbox', { name: 'Tax rate %' }), '8.25');
    // 1290.05 x 8.25% = 106.429125 -> 106.43
    expect(totals().getByTestId('subtotal')).toHaveTextContent('$1,290.05');
    expect(totals().getByTestId('tax')).toHaveTextContent('$106.43');
    expect(totals().getByTestId('total')).toHaveTextContent('$1,396.48');
    await user.click(screen.getByRole('button', { name: /Remove line 2/ }));
    expect(totals().getByTestId('total')).toHaveTextContent('$97.48');
  });

  it('adds a picked product, closes the results at once and focuses the new line', async () => {
    const user = userEvent.setup();
    const product = { id: 3, name: 'Oak Desk', sku: 'OD-1', price: '410.00', photo_url: null };
    answer('get', '/api/admin/products', () =>
      HttpResponse.json({ data: [product], total: 1, current_page: 1, last_page: 1, per_page: 8 }),
    );
    renderBuilder();
    const field = screen.getByRole('searchbox', { name: 'Add a product' });
    await user.type(field, 'oak');
    await user.click(await screen.findByRole('button', { name: 'Add Oak Desk' }));
    // The line is there and the results are gone in the same render: nothing below them moves later.
    expect(screen.getByText('SKU OD-1')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Products found' })).not.toBeInTheDocument();
    expect(field).toHaveValue('');
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Add installation' }));
    expect(screen.getAllByRole('textbox', { name: 'Unit price' })).toHaveLength(2);
  });

  it('adds the only product found on Enter in the search box, without saving the proposal', async () => {
    const user = userEvent.setup();
    const product = { id: 3, name: 'Oak Desk', sku: 'OD-1', price: '410.00', photo_url: null };
    answer('get', '/api/admin/products', () =>
      HttpResponse.json({ data: [product], total: 1, current_page: 1, last_page: 1, per_page: 8 }),
    );
    const saved = answer('post', '/api/admin/designs/5/proposals', () => HttpResponse.json({}));
    renderBuilder();
    // A proposal the form would save as it is: Enter must not.
    await user.click(screen.getByRole('button', { name: 'Add delivery' }));
    await user.type(screen.getByRole('textbox', { name: 'Unit price' }), '40');
    const field = screen.getByRole('searchbox', { name: 'Add a product' });
    await user.type(field, 'desk');
    await screen.findByRole('button', { name: 'Add Oak Desk' });
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('list', { name: 'Products found' })).not.toBeInTheDocument();
    expect(screen.getByText('SKU OD-1')).toBeInTheDocument();
    expect(field).toHaveValue('');
    const quantities = screen.getAllByRole('spinbutton', { name: 'Quantity' });
    expect(quantities).toHaveLength(2);
    await waitFor(() => expect(quantities[1]).toHaveFocus());
    expect(saved).toHaveLength(0);
  });

  it('does nothing on Enter in the search box when it cannot tell which product is meant', async () => {
    const user = userEvent.setup();
    const desks = [
      { id: 3, name: 'Oak Desk', sku: 'OD-1', price: '410.00', photo_url: null },
      { id: 4, name: 'Pine Desk', sku: 'PD-1', price: '290.00', photo_url: null },
    ];
    answer('get', '/api/admin/products', () =>
      HttpResponse.json({ data: desks, total: 2, current_page: 1, last_page: 1, per_page: 8 }),
    );
    const saved = answer('post', '/api/admin/designs/5/proposals', () => HttpResponse.json({}));
    renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Add delivery' }));
    await user.type(screen.getByRole('textbox', { name: 'Unit price' }), '40');
    const field = screen.getByRole('searchbox', { name: 'Add a product' });
    // Nothing typed yet.
    await user.type(field, '{Enter}');
    // Two products found: the search box keeps them and the term, for a click on one.
    await user.type(field, 'desk');
    await screen.findByRole('button', { name: 'Add Pine Desk' });
    await user.keyboard('{Enter}');
    expect(field).toHaveValue('desk');
    expect(screen.getByRole('list', { name: 'Products found' })).toBeInTheDocument();
    expect(screen.getAllByRole('spinbutton', { name: 'Quantity' })).toHaveLength(1);
    expect(saved).toHaveLength(0);
    expect(failureToasts()).toEqual([]);
  });

  it('picks nothing on Enter from the results of a term still being typed', async () => {
    const user = userEvent.setup();
    const product = { id: 3, name: 'Oak Desk', sku: 'OD-1', price: '410.00', photo_url: null };
    answer('get', '/api/admin/products', () =>
      HttpResponse.json({ data: [product], total: 1, current_page: 1, last_page: 1, per_page: 8 }),
    );
    renderBuilder();
    const field = screen.getByRole('searchbox', { name: 'Add a product' });
    await user.type(field, 'oak');
    await screen.findByRole('button', { name: 'Add Oak Desk' });
    // Enter follows the typing before the search for 'oak table' has even started.
    await user.type(field, ' table{Enter}');
    expect(field).toHaveValue('oak table');
    expect(screen.getByText('No lines yet.')).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: 'Quantity' })).not.toBeInTheDocument();
  });

  it('says the product search failed rather than showing nothing', async () => {
    const user = userEvent.setup();
    answer('get', '/api/admin/products', () =>
      HttpResponse.json({ message: 'Server error' }, { status: 500 }),
    );
    renderBuilder();
    await user.type(screen.getByRole('searchbox', { name: 'Add a product' }), 'oak');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to search products.');
    expect(screen.queryByText('No products found.')).not.toBeInTheDocument();
  });

  it('checks the lines with the contract schema and saves the draft with what was typed', async () => {
    const user = userEvent.setup();
    const saved = answer('post', '/api/admin/designs/5/proposals', () =>
      HttpResponse.json({ proposal: { id: 9, number: 'P-000009' } }, { status: 201 }),
    );
    const onSaved = renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Add delivery' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/unit price/i, { selector: 'p' })).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Unit price' }), '150');
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Ground floor');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saved).toHaveLength(1);
    const body = saved[0]!.body as { notes: string; lines: unknown };
    expect(body.notes).toBe('Ground floor');
    expect(body.lines).toEqual([{ name: 'Delivery', quantity: 1, unit_price: '150' }]);
    // An empty tax rate is the shop's default, said as such (null), not left out.
    expect(body).toMatchObject({ tax_rate: null });
  });

  it('says a draft left without lines needs one, and sends nothing until it has one', async () => {
    const user = userEvent.setup();
    answer('get', '/api/admin/proposal-settings', () =>
      HttpResponse.json({ tax_rate: '0.00', currency: 'USD' }),
    );
    const saved = answer('put', '/api/admin/proposals/7', () =>
      HttpResponse.json({ proposal: testAdminProposal(7, { status: 'draft' }) }),
    );
    const line = { id: 1, product_id: null, name: 'Delivery', sku: null, photo_url: null, quantity: 1 };
    const draft = testAdminProposal(7, {
      status: 'draft',
      lines: [{ ...line, unit_price: '80.00', discount: '0.00', total: '80.00', declined: false }],
    });
    renderWithProviders(<ProposalBuilder draft={draft} onSaved={vi.fn()} />, { dataRouter: true });

    await user.click(screen.getByRole('button', { name: /Remove line 1/ }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const lines = screen.getByRole('group', { name: 'Lines' });
    expect(await within(lines).findByRole('alert')).toHaveTextContent(
      'The proposal needs at least one line.',
    );
    expect(saved).toHaveLength(0);

    // A line added answers it: the message goes.
    await user.click(screen.getByRole('button', { name: 'Add delivery' }));
    await waitFor(() => expect(within(lines).queryByRole('alert')).not.toBeInTheDocument());
    expect(saved).toHaveLength(0);
  });

  it('puts the focus on the first field in error as the page reads: a line before the tax rate', async () => {
    const user = userEvent.setup();
    const saved = answer('post', '/api/admin/designs/5/proposals', () => HttpResponse.json({}));
    renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Add delivery' }));
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '-3');
    await user.type(screen.getByRole('textbox', { name: 'Unit price' }), '50');
    await user.type(screen.getByRole('textbox', { name: /Tax rate/ }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(quantity).toHaveFocus());
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /Tax rate/ })).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toHaveLength(0);
  });

  it('moves the focus only once the errors are on the page, however late their render comes', async () => {
    // A frame drawn before React renders the errors (a busy machine): the focus must not depend on their order.
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(performance.now());
      return 0;
    });
    const user = userEvent.setup();
    renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Add delivery' }));
    await user.type(screen.getByRole('textbox', { name: /Tax rate/ }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const price = screen.getByRole('textbox', { name: 'Unit price' });
    await waitFor(() => expect(price).toHaveFocus());
    expect(price).toHaveAttribute('aria-invalid', 'true');
  });

  it("works out the totals at the shop's default tax rate while the field is empty, and says which", async () => {
    const user = userEvent.setup();
    renderBuilder(vi.fn(), '8.25');
    const rate = screen.getByRole('textbox', { name: 'Tax rate %' });
    await waitFor(() => expect(rate).toHaveAccessibleDescription('Leave empty for the default (8.25%).'));
    expect(rate).toHaveAttribute('placeholder', '8.25');
    await user.click(screen.getByRole('button', { name: 'Add delivery' }));
    await user.type(screen.getByRole('textbox', { name: 'Unit price' }), '100');
    expect(totals().getByTestId('tax')).toHaveTextContent('$8.25');
  });

  it("puts a 422's messages under the fields it names and focuses the first, without saying them again in a toast", async () => {
    const user = userEvent.setup();
    refuse({
      tax_rate: ['The tax rate must be a percent from 0 to 100.'],
      'lines.1.quantity': [PROPOSAL_MESSAGES.amountTooLarge],
      lines: [PROPOSAL_MESSAGES.amountTooLarge],
    });
    renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Add delivery' }));
    await user.click(screen.getByRole('button', { name: 'Add installation' }));
    const [price1, price2] = screen.getAllByRole('textbox', { name: 'Unit price' });
    await user.type(price1!, '100');
    await user.type(price2!, '99999999');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    const quantity = screen.getAllByRole('spinbutton', { name: 'Quantity' })[1]!;
    await waitFor(() => expect(quantity).toHaveFocus());
    expect(quantity).toHaveAccessibleDescription(PROPOSAL_MESSAGES.amountTooLarge);
    expect(screen.getByRole('textbox', { name: /Tax rate/ })).toHaveAccessibleDescription(
      'The tax rate must be a percent from 0 to 100.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(PROPOSAL_MESSAGES.amountTooLarge);
    expect(failureToasts()).toEqual([]);
  });

  it('says in a toast only what the form cannot show on a field: a product gone from the catalogue', async () => {
    const user = userEvent.setup();
    const product = { id: 3, name: 'Oak Desk', sku: 'OD-1', price: '410.00', photo_url: null };
    answer('get', '/api/admin/products', () =>
      HttpResponse.json({ data: [product], total: 1, current_page: 1, last_page: 1, per_page: 8 }),
    );
    refuse({
      'lines.0.product_id': [PROPOSAL_MESSAGES.productMissing],
      'lines.1.unit_price': ['The unit price must be an amount with at most 2 decimals.'],
    });
    renderBuilder();
    await user.type(screen.getByRole('searchbox', { name: 'Add a product' }), 'oak');
    await user.click(await screen.findByRole('button', { name: 'Add Oak Desk' }));
    await user.click(screen.getByRole('button', { name: 'Add delivery' }));
    const price = screen.getAllByRole('textbox', { name: 'Unit price' })[1]!;
    await user.type(price, '150');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(failureToasts()).toEqual([`Oak Desk: ${PROPOSAL_MESSAGES.productMissing}`]));
    expect(price).toHaveAccessibleDescription('The unit price must be an amount with at most 2 decimals.');
    await waitFor(() => expect(price).toHaveFocus());
  });

  it('says a failure other than a refused field in a toast', async () => {
    const user = userEvent.setup();
    answer('post', '/api/admin/designs/5/proposals', () =>
      HttpResponse.json({ message: 'Server error' }, { status: 500 }),
    );
    renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Add delivery' }));
    await user.type(screen.getByRole('textbox', { name: 'Unit price' }), '150');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(failureToasts()).toHaveLength(1));
  });
});
