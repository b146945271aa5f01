import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { testAdminProposal, testBooking } from '../../../test/deals';
import { renderWithProviders } from '../../../test/render';
import { answer } from '../../../test/server';
import { PROPOSAL_FAILURES } from '../messages';
import AdminProposalDetailPage from './admin-proposal-detail-page';
import UserProposalDetailPage from './user-proposal-detail-page';

describe.each([
  ['AdminProposalDetailPage', AdminProposalDetailPage, '/admin/proposals', '/api/admin/proposals'],
  ['UserProposalDetailPage', UserProposalDetailPage, '/user/proposals', '/api/user/proposals'],
] as [string, ComponentType, string, string][])('%s', (_name, Page, pages, api) => {
  /** The page at {pages}/{id}, its id read from the address as the app's route reads it. */
  const renderAt = (id: string) =>
    renderWithProviders(<Page />, { route: `${pages}/${id}`, path: `${pages}/:id`, dataRouter: true });

  it.each(['abc', '0', '-3', '1e3', '12abc', '99999999999'])(
    'says proposal %s does not exist without asking the server',
    async (id) => {
      const asked = answer('get', `${api}/:id`, () =>
        HttpResponse.json({ message: 'Not found' }, { status: 404 }),
      );
      renderAt(id);
      expect(await screen.findByText(PROPOSAL_FAILURES.proposalNotFound)).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Proposal' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Proposals' })).toHaveAttribute('href', pages);
      // Nothing to try again: the address names no proposal.
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(asked).toHaveLength(0);
    },
  );

  it('asks the server for a well-formed id, and says so when it has no such proposal', async () => {
    const asked = answer('get', `${api}/:id`, () =>
      HttpResponse.json({ message: 'Not found' }, { status: 404 }),
    );
    renderAt('42');
    expect(await screen.findByText(PROPOSAL_FAILURES.proposalNotFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(asked.map((r) => r.url.pathname)).toEqual([`${api}/42`]);
  });
});

describe.each([
  ['the dealer', AdminProposalDetailPage, '/admin/proposals', 'admin', 'Installation'],
  ['the customer', UserProposalDetailPage, '/user/proposals', 'user', 'Installation date'],
] as [string, ComponentType, string, 'admin' | 'user', string][])(
  'an installation booking %s cancels on the proposal page',
  (_who, Page, pages, side, section) => {
    const booking = testBooking(5, { status: 'confirmed', proposal_id: 7, changeable: true });
    const proposal = testAdminProposal(7, {
      status: 'accepted',
      decided_at: '2030-01-02T00:00:00Z',
      booking_id: 5,
    });

    /** The page's answers: the booking, cancelled (with `reason`) by its cancel call, which is answered. */
    const serveCancel = (reason: string | null = null) => {
      let current = booking;
      answer('get', `/api/${side}/proposals/7`, () =>
        HttpResponse.json({
          proposal: { ...proposal, booking_id: current.status === 'cancelled' ? null : current.id },
        }),
      );
      answer('get', `/api/${side}/bookings`, () =>
        HttpResponse.json(side === 'admin' ? { bookings: [current], total: 1 } : { bookings: [current] }),
      );
      answer('get', '/api/user/proposals/7/slots', () => HttpResponse.json({ slots: [] }));
      return answer('post', `/api/${side}/bookings/5/cancel`, () => {
        current = {
          ...booking,
          status: 'cancelled',
          changeable: false,
          cancelled_at: '2030-02-20T15:30:00.000Z',
          cancelled_by: side === 'admin' ? 'shop' : 'customer',
          cancel_reason: reason,
        };
        return HttpResponse.json({ booking: current });
      });
    };

    it('keeps the cancelled booking in sight, with when it was cancelled, instead of the section going', async () => {
      const user = userEvent.setup();
      const cancel = serveCancel();
      renderWithProviders(<Page />, { route: `${pages}/7`, path: `${pages}/:id`, dataRouter: true });

      const region = await screen.findByRole('region', { name: section });
      await user.click(await within(region).findByRole('button', { name: 'Cancel booking' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Cancel this booking?' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

      expect(await within(region).findByText('Cancelled', { exact: true })).toBeInTheDocument();
      expect(cancel).toHaveLength(1);
      expect(
        within(region).getByText(side === 'admin' ? /^Cancelled by the shop on / : /^Cancelled by you on /),
      ).toBeInTheDocument();
      expect(within(region).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
      if (side === 'admin') {
        expect(region).toHaveTextContent('The customer can book a new date from their proposal.');
        expect(within(region).getByRole('link', { name: 'Message the customer' })).toBeInTheDocument();
      } else {
        expect(region).toHaveTextContent('Book a new date: pick a window or ask for another date.');
        expect(within(region).getByRole('button', { name: 'Book this window' })).toBeInTheDocument();
      }
    });

    it('sends the reason typed in the dialog, and shows it quoted with the cancelled booking', async () => {
      const user = userEvent.setup();
      const cancel = serveCancel('The building is closed that week.');
      renderWithProviders(<Page />, { route: `${pages}/7`, path: `${pages}/:id`, dataRouter: true });

      const region = await screen.findByRole('region', { name: section });
      await user.click(await within(region).findByRole('button', { name: 'Cancel booking' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Cancel this booking?' });
      await user.type(
        within(dialog).getByRole('textbox', { name: 'Reason (optional)' }),
        'The building is closed that week.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

      expect(await within(region).findByText('Cancelled', { exact: true })).toBeInTheDocument();
      expect(cancel.map((r) => r.body)).toEqual([{ reason: 'The building is closed that week.' }]);
      expect(within(region).getByText('Reason: “The building is closed that week.”')).toBeInTheDocument();
    });
  },
);

describe('AdminProposalDetailPage, a draft', () => {
  /** Version 2 of proposal P-000007, a draft (id 8), with version 1 (id 7) in `status`. */
  const serveDraft = (status: 'sent' | 'accepted') => {
    const versions = [
      { id: 8, version: 2, status: 'draft' as const, total: '0.00', sent_at: null },
      { id: 7, version: 1, status, total: '0.00', sent_at: '2030-01-01T00:00:00Z' },
    ];
    answer('get', '/api/admin/proposals/8', () =>
      HttpResponse.json({
        proposal: testAdminProposal(8, {
          number: 'P-000007',
          version: 2,
          status: 'draft',
          sent_at: null,
          versions,
        }),
      }),
    );
  };
  const renderDraft = () =>
    renderWithProviders(<AdminProposalDetailPage />, {
      route: '/admin/proposals/8',
      path: '/admin/proposals/:id',
      dataRouter: true,
    });

  it('offers to edit and send it while no other version is accepted', async () => {
    serveDraft('sent');
    renderDraft();
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(within(status).getByRole('button', { name: 'Edit draft' })).toBeInTheDocument();
    expect(within(status).getByRole('button', { name: 'Send to customer' })).toBeInTheDocument();
    expect(status).not.toHaveTextContent(/can no longer be sent/);
  });

  it('offers neither once another version is accepted, and says why', async () => {
    serveDraft('accepted');
    renderDraft();
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(status).toHaveTextContent(
      'Version 1 of this proposal was accepted, so this draft can no longer be sent or edited.',
    );
    expect(within(status).queryByRole('button', { name: 'Edit draft' })).not.toBeInTheDocument();
    expect(within(status).queryByRole('button', { name: 'Send to customer' })).not.toBeInTheDocument();
    // The draft's PDF is still there to read.
    expect(within(status).getByRole('button', { name: /PDF/ })).toBeInTheDocument();
  });
});
