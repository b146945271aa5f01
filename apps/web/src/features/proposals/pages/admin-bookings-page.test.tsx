import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
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

  it('lists the bookings of the day picked, says when that day has none, and Every day clears it', async () => {
    const user = userEvent.setup();
    const onDay = answer('get', '/api/admin/bookings', () => HttpResponse.json({ bookings: [], total: 0 }));
    renderWithProviders(<AdminBookingsPage />, { route: '/admin/bookings?date=2030-03-04' });
    expect(await screen.findByText('No bookings on Mar 4, 2030.')).toBeInTheDocument();
    const day = screen.getByLabelText('Day');
    expect(day).toHaveValue('2030-03-04');
    expect(onDay.map((r) => r.url.searchParams.get('date'))).toEqual(['2030-03-04']);
    const every = answer('get', '/api/admin/bookings', () =>
      HttpResponse.json({ bookings: [testBooking(5, {})], total: 1 }),
    );
    await user.click(screen.getByRole('button', { name: 'Every day' }));
    expect(await screen.findByRole('list', { name: 'Bookings' })).toBeInTheDocument();
    expect(day).toHaveValue('');
    expect(day).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Every day' })).toBeNull();
    expect(every.map((r) => r.url.searchParams.has('date'))).toEqual([false]);
  });

  it('takes a status, kind or day in the address bar that is none of the choices for no filter', async () => {
    const sent = answer('get', '/api/admin/bookings', () =>
      HttpResponse.json({ bookings: [testBooking(5, {})], total: 1 }),
    );
    renderWithProviders(<AdminBookingsPage />, {
      route: '/admin/bookings?date=tomorrow&kind=delivery&status=lost',
    });
    expect(await screen.findByRole('list', { name: 'Bookings' })).toBeInTheDocument();
    expect(sent.map((r) => [...r.url.searchParams.keys()].sort())).toEqual([['page', 'perPage']]);
    expect(screen.getByLabelText('Day')).toHaveValue('');
    expect(screen.getByLabelText('Kind')).toHaveValue('');
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it('lists one kind of booking, and says the filters may hide others when none is left', async () => {
    const user = userEvent.setup();
    const all = answer('get', '/api/admin/bookings', () =>
      HttpResponse.json({ bookings: [testBooking(5, {})], total: 1 }),
    );
    renderWithProviders(<AdminBookingsPage />, { route: '/admin/bookings' });
    await screen.findByRole('list', { name: 'Bookings' });
    expect(all).toHaveLength(1);
    const visits = answer('get', '/api/admin/bookings', () => HttpResponse.json({ bookings: [], total: 0 }));
    await user.selectOptions(screen.getByLabelText('Kind'), 'Site visits');
    expect(await screen.findByText('No bookings.')).toBeInTheDocument();
    expect(screen.getByText('Other bookings may be hidden by the filters.')).toBeInTheDocument();
    expect(visits.map((r) => r.url.searchParams.get('kind'))).toEqual(['site_visit']);
  });
});
