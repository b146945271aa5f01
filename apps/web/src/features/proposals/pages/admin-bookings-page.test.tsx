import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { testBooking } from '../../../test/deals';
import { renderWithProviders } from '../../../test/render';
import { answer } from '../../../test/server';
import AdminBookingsPage from './admin-bookings-page';

describe('AdminBookingsPage', () => {
  it('shows who cancelled a booking and the reason they gave, quoted; a booking without one has none', async () => {
    const bookings = [
      testBooking(5, {
        status: 'cancelled',
        changeable: false,
        cancelled_at: '2030-02-20T15:30:00.000Z',
        cancelled_by: 'customer',
        cancel_reason: 'We moved offices.',
      }),
      testBooking(6, {
        status: 'cancelled',
        changeable: false,
        cancelled_at: '2030-02-21T15:30:00.000Z',
        cancelled_by: 'shop',
      }),
    ];
    answer('get', '/api/admin/bookings', () => HttpResponse.json({ bookings, total: 2 }));
    renderWithProviders(<AdminBookingsPage />, { route: '/admin/bookings' });

    const list = await screen.findByRole('list', { name: 'Bookings' });
    const [withReason, without] = [...list.children] as HTMLElement[];
    expect(within(withReason!).getByText(/^Cancelled by the customer on /)).toBeInTheDocument();
    expect(within(withReason!).getByText('Reason: “We moved offices.”')).toBeInTheDocument();
    expect(within(without!).getByText(/^Cancelled by the shop on /)).toBeInTheDocument();
    expect(within(without!).queryByText(/^Reason:/)).toBeNull();
  });
});
