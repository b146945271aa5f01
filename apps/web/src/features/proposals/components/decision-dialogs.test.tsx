import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PROPOSAL_LIMITS, PROPOSAL_MESSAGES } from '@shop/contracts';
import { clearToasts, getToasts } from '../../../lib/toast';
import { AcceptDialog, DeclineDialog } from './decision-dialogs';
import { HttpResponse } from 'msw';
import { testProposal } from '../../../test/deals';
import { renderWithProviders } from '../../../test/render';
import { answer } from '../../../test/server';

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

const proposal = testProposal(7, {
  number: 'P-000007',
  status: 'sent',
  lines: [line(11, 'Desk', '100.00', '200.00'), line(12, 'Chair', '50.00', '100.00')],
  subtotal: '300.00',
  tax_rate: '10.00',
  tax: '30.00',
  total: '330.00',
});

/** Puts a text in a box at once, as a paste past the box's maxLength would be (typing stops at it). */
const paste = (box: HTMLElement, text: string) => fireEvent.input(box, { target: { value: text } });

describe('AcceptDialog', () => {
  it('stops the comment at its limit, and refuses a longer one in the shop’s words without sending it', async () => {
    const user = userEvent.setup();
    const accepted = answer('post', '/api/user/proposals/7/accept', () => HttpResponse.json({ proposal }));
    renderWithProviders(<AcceptDialog proposal={proposal} open onClose={vi.fn()} />);
    const comment = screen.getByRole('textbox', { name: 'Comment (optional)' });
    expect(comment).toHaveAttribute('maxLength', String(PROPOSAL_LIMITS.comment));
    paste(comment, 'x'.repeat(6000));
    await user.click(screen.getByRole('button', { name: 'Accept proposal' }));
    await waitFor(() =>
      expect(comment).toHaveAccessibleDescription('The comment may not be greater than 2000 characters.'),
    );
    expect(screen.queryByText(/Too big/)).toBeNull();
    expect(accepted).toHaveLength(0);
  });

  it('takes away the refusal’s toast once the proposal is accepted', async () => {
    clearToasts();
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<AcceptDialog proposal={proposal} open onClose={onClose} />);
    let refuse = true;
    answer('post', '/api/user/proposals/7/accept', () =>
      refuse
        ? HttpResponse.json(
            {
              message: PROPOSAL_MESSAGES.allLinesDeclined,
              errors: { declined_line_ids: [PROPOSAL_MESSAGES.allLinesDeclined] },
            },
            { status: 422 },
          )
        : HttpResponse.json({ proposal: { ...proposal, status: 'accepted' } }),
    );
    await user.click(screen.getByRole('checkbox', { name: /Decline Desk/ }));
    await user.click(screen.getByRole('checkbox', { name: /Decline Chair/ }));
    await user.click(screen.getByRole('button', { name: 'Accept proposal' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.message)).toEqual([PROPOSAL_MESSAGES.allLinesDeclined]),
    );

    refuse = false;
    await user.click(screen.getByRole('checkbox', { name: /Decline Desk/ }));
    await user.click(screen.getByRole('button', { name: 'Accept proposal' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(getToasts().map((t) => `${t.type}: ${t.message}`)).toEqual([
      'success: Thank you: the proposal is accepted.',
    ]);
  });

  it('writes the amounts in the proposal’s own currency', () => {
    renderWithProviders(<AcceptDialog proposal={{ ...proposal, currency: 'EUR' }} open onClose={vi.fn()} />);
    expect(screen.getByTestId('accept-total')).toHaveTextContent('€330.00');
    expect(screen.getByRole('checkbox', { name: 'Decline Chair (2 × €50.00)' })).toBeInTheDocument();
  });

  it('accepts without the declined lines, shows the new total and sends the comment', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<AcceptDialog proposal={proposal} open onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Accept proposal P-000007' })).toBeInTheDocument();
    expect(screen.getByTestId('accept-total')).toHaveTextContent('$330.00');
    await user.click(screen.getByRole('checkbox', { name: /Decline Chair/ }));
    expect(screen.getByTestId('accept-total')).toHaveTextContent('$220.00');
    await user.type(screen.getByRole('textbox', { name: 'Comment (optional)' }), 'No chairs, thanks');
    const accepted = answer('post', '/api/user/proposals/7/accept', () =>
      HttpResponse.json({ proposal: { ...proposal, status: 'accepted' } }),
    );
    await user.click(screen.getByRole('button', { name: 'Accept proposal' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.body).toEqual({
      comment: 'No chairs, thanks',
      declined_line_ids: [12],
    });
  });

  it('shows a refusal (409) and stays open', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<AcceptDialog proposal={proposal} open onClose={onClose} />);
    const accepted = answer('post', '/api/user/proposals/7/accept', () =>
      HttpResponse.json({ message: 'This proposal has already been decided.' }, { status: 409 }),
    );
    await user.click(screen.getByRole('button', { name: 'Accept proposal' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.message)).toContain('This proposal has already been decided.'),
    );
    expect(accepted).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('marks the proposal queries stale after a 409, so the page shows what the deal became', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<AcceptDialog proposal={proposal} open onClose={vi.fn()} />);
    queryClient.setQueryData(['proposals', 'mine', 'one', 7], proposal);
    answer('post', '/api/user/proposals/7/accept', () =>
      HttpResponse.json({ message: 'This proposal has expired.' }, { status: 409 }),
    );
    expect(queryClient.getQueryState(['proposals', 'mine', 'one', 7])?.isInvalidated).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Accept proposal' }));
    await waitFor(() =>
      expect(queryClient.getQueryState(['proposals', 'mine', 'one', 7])?.isInvalidated).toBe(true),
    );
  });
});

describe('DeclineDialog', () => {
  it('stops the comment at its limit, and refuses a longer one in the shop’s words', async () => {
    const user = userEvent.setup();
    const declined = answer('post', '/api/user/proposals/7/decline', () => HttpResponse.json({}));
    renderWithProviders(<DeclineDialog proposal={proposal} open onClose={vi.fn()} />);
    const comment = screen.getByRole('textbox', { name: /^Comment/ });
    expect(comment).toHaveAttribute('maxLength', String(PROPOSAL_LIMITS.comment));
    paste(comment, 'x'.repeat(6000));
    await user.click(screen.getByRole('button', { name: 'Decline proposal' }));
    expect(
      await screen.findByText('The comment may not be greater than 2000 characters.'),
    ).toBeInTheDocument();
    expect(declined).toHaveLength(0);
  });

  it('needs a comment before declining', async () => {
    const user = userEvent.setup();
    const declined = answer('post', '/api/user/proposals/7/decline', () => HttpResponse.json({}));
    renderWithProviders(<DeclineDialog proposal={proposal} open onClose={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Decline proposal' }));
    expect(await screen.findByText('The comment field is required.')).toBeInTheDocument();
    expect(declined).toHaveLength(0);
  });
});
