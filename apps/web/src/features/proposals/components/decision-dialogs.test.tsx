import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Proposal } from '@shop/contracts';
import { AcceptDialog, DeclineDialog } from './decision-dialogs';
import { answer, mockFetch, renderWithQueries } from './test-support';

const line = (id: number, name: string, unit_price: string, total: string) => ({
  id,
  product_id: id,
  name,
  sku: `SKU-${id}`,
  photo_url: null,
  quantity: 2,
  unit_price,
  discount: '0.00',
  total,
  declined: false,
});

const proposal: Proposal = {
  id: 7,
  number: 'P-000007',
  design_id: 3,
  design_slug: 'D-3',
  quote_request_id: null,
  version: 1,
  status: 'sent',
  valid_until: '2030-01-31',
  currency: 'USD',
  lines: [line(11, 'Desk', '100.00', '200.00'), line(12, 'Chair', '50.00', '100.00')],
  subtotal: '300.00',
  tax_rate: '10.00',
  tax: '30.00',
  total: '330.00',
  notes: null,
  customer_comment: null,
  created_at: '2030-01-01T00:00:00Z',
  sent_at: '2030-01-01T00:00:00Z',
  decided_at: null,
  versions: [],
  booking_id: null,
};

const mocked = mockFetch();

describe('AcceptDialog', () => {
  it('accepts without the declined lines, shows the new total and sends the comment', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithQueries(<AcceptDialog proposal={proposal} open onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Accept proposal P-000007' })).toBeInTheDocument();
    expect(screen.getByTestId('accept-total')).toHaveTextContent('$330.00');
    await user.click(screen.getByRole('checkbox', { name: /Decline Chair/ }));
    expect(screen.getByTestId('accept-total')).toHaveTextContent('$220.00');
    await user.type(screen.getByRole('textbox', { name: 'Comment (optional)' }), 'No chairs, thanks');
    mocked.fetch.mockResolvedValue(answer(200, { proposal: { ...proposal, status: 'accepted' } }));
    await user.click(screen.getByRole('button', { name: 'Accept proposal' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = mocked.fetch.mock.calls[0]!;
    expect(url).toBe('/api/user/proposals/7/accept');
    expect(JSON.parse((init as RequestInit).body as string)).toEqual({
      comment: 'No chairs, thanks',
      declined_line_ids: [12],
    });
  });

  it('shows a refusal (409) and stays open', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithQueries(<AcceptDialog proposal={proposal} open onClose={onClose} />);
    mocked.fetch.mockResolvedValue(answer(409, { message: 'This proposal has already been decided.' }));
    await user.click(screen.getByRole('button', { name: 'Accept proposal' }));
    await waitFor(() => expect(mocked.fetch).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('DeclineDialog', () => {
  it('needs a comment before declining', async () => {
    const user = userEvent.setup();
    renderWithQueries(<DeclineDialog proposal={proposal} open onClose={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Decline proposal' }));
    expect(await screen.findByText('The comment field is required.')).toBeInTheDocument();
    expect(mocked.fetch).not.toHaveBeenCalled();
  });
});
