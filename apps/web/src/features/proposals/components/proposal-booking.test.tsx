import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SHOP_TIMEZONE_META } from '@shop/contracts';
import { testAdminProposal, testBooking } from '../../../test/deals';
import { renderWithProviders } from '../../../test/render';
import { answer } from '../../../test/server';
import { ProposalBooking } from './proposal-booking';

const proposal = testAdminProposal(7, {
  status: 'accepted',
  decided_at: '2030-01-02T00:00:00Z',
  // A cancelled booking is no longer the proposal's booking: the proposal stays accepted without one.
  booking_id: null,
  customer: { user_id: 2, name: 'Robin Buyer', email: 'robin@example.com', company_name: null },
});

const cancelled = testBooking(5, {
  status: 'cancelled',
  proposal_id: 7,
  slot_start: '2030-03-04T14:00:00.000Z',
  slot_end: '2030-03-04T17:00:00.000Z',
  changeable: false,
  cancelled_at: '2030-02-20T15:30:00.000Z',
  cancelled_by: 'customer',
});

// ICU writes a narrow no-break space before AM and PM.
const plain = (text: string | null) => (text ?? '').replace(/\u202f/g, ' ');

beforeEach(() => {
  const meta = document.createElement('meta');
  meta.name = SHOP_TIMEZONE_META;
  meta.content = 'America/New_York';
  document.head.append(meta);
});
afterEach(() => document.head.querySelector(`meta[name="${SHOP_TIMEZONE_META}"]`)?.remove());

const noSlots = () => answer('get', '/api/user/proposals/7/slots', () => HttpResponse.json({ slots: [] }));

describe('the installation of an accepted proposal after its booking is cancelled', () => {
  it('shows the shop the cancelled window, when it was cancelled, and what comes next, without buttons', async () => {
    const asked = answer('get', '/api/admin/bookings', () =>
      HttpResponse.json({ bookings: [cancelled], total: 1 }),
    );
    renderWithProviders(<ProposalBooking proposal={proposal} area="admin" />);
    const section = screen.getByRole('region', { name: 'Installation' });
    expect(await within(section).findByText('Cancelled', { exact: true })).toBeInTheDocument();
    expect(plain(within(section).getByTestId('booking-date').textContent)).toBe(
      'Mon, Mar 4, 9:00 AM – 12:00 PM EST',
    );
    expect(plain(section.textContent)).toContain('Cancelled by the customer on Feb 20, 2030, 10:30 AM EST.');
    expect(section).toHaveTextContent('The customer can book a new date from their proposal.');
    expect(within(section).getByRole('link', { name: 'Message the customer' })).toHaveAttribute(
      'href',
      '/admin/chat?userId=2',
    );
    // Neither side answers a cancelled booking: the server refuses a window proposed for it (409).
    expect(within(section).queryByRole('button')).toBeNull();
    expect(asked.map((r) => r.url.searchParams.get('proposal_id'))).toEqual(['7']);
  });

  it('tells the shop an accepted proposal waits for the customer to book', async () => {
    answer('get', '/api/admin/bookings', () => HttpResponse.json({ bookings: [], total: 0 }));
    renderWithProviders(<ProposalBooking proposal={proposal} area="admin" />);
    const section = screen.getByRole('region', { name: 'Installation' });
    expect(
      await within(section).findByText('The customer has not booked the installation yet.'),
    ).toBeInTheDocument();
    expect(within(section).queryByText('Cancelled', { exact: true })).toBeNull();
  });

  it('says the booking could not be read rather than that there is none', async () => {
    answer('get', '/api/admin/bookings', () =>
      HttpResponse.json({ message: 'Server error' }, { status: 500 }),
    );
    renderWithProviders(<ProposalBooking proposal={proposal} area="admin" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the booking.');
    expect(screen.queryByText('The customer has not booked the installation yet.')).toBeNull();
  });

  it('shows the customer the cancelled window above the form that books a new date', async () => {
    noSlots();
    // Another proposal's cancelled booking is not this one's.
    const elsewhere = { ...cancelled, id: 9, proposal_id: 8, cancelled_at: '2030-02-25T15:30:00.000Z' };
    const byShop = { ...cancelled, cancelled_by: 'shop' as const };
    answer('get', '/api/user/bookings', () => HttpResponse.json({ bookings: [byShop, elsewhere] }));
    const { customer: _c, ...mine } = proposal;
    renderWithProviders(<ProposalBooking proposal={mine} area="customer" />);
    const section = screen.getByRole('region', { name: 'Installation date' });
    expect(await within(section).findByText('Cancelled', { exact: true })).toBeInTheDocument();
    expect(plain(within(section).getByTestId('booking-date').textContent)).toBe(
      'Mon, Mar 4, 9:00 AM – 12:00 PM EST',
    );
    expect(plain(section.textContent)).toContain('Cancelled by the shop on Feb 20, 2030, 10:30 AM EST.');
    expect(section).toHaveTextContent('Book a new date: pick a window or ask for another date.');
    expect(within(section).getByRole('button', { name: 'Book this window' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });

  it('offers a customer who never booked the form alone', async () => {
    noSlots();
    const read = answer('get', '/api/user/bookings', () => HttpResponse.json({ bookings: [] }));
    const { customer: _c, ...mine } = proposal;
    renderWithProviders(<ProposalBooking proposal={mine} area="customer" />);
    const section = screen.getByRole('region', { name: 'Installation date' });
    await waitFor(() => expect(read).toHaveLength(1));
    expect(within(section).getByRole('button', { name: 'Book this window' })).toBeInTheDocument();
    expect(within(section).queryByText('Cancelled', { exact: true })).toBeNull();
    expect(within(section).queryByText(/Book a new date/)).toBeNull();
  });
});
