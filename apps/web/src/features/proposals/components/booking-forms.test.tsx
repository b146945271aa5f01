import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clearToasts, getToasts } from '../../../lib/toast';
import { bookingInput, requestedDateInput, type Booking } from '@shop/contracts';
import { BookingActions } from './booking-actions';
import { BookingSummary } from './booking-summary';
import { InstallationBooking } from './installation-booking';
import { HttpResponse } from 'msw';
import { testBooking } from '../../../test/deals';
import { renderWithProviders } from '../../../test/render';
import { answer } from '../../../test/server';

/** Proposal 7's installation, asked for a date without a window. */
const booking = testBooking(5, {
  status: 'requested',
  proposal_id: 7,
  slot_start: null,
  slot_end: null,
  requested_date: '2030-03-04',
  note: 'Mornings',
  changeable: true,
  confirmed_at: null,
});

const noSlots = () => answer('get', '/api/*/slots', () => HttpResponse.json({ slots: [] }));

describe('Propose another date (admin)', () => {
  it('checks the date and note with the contract before sending, then sends them', async () => {
    const user = userEvent.setup();
    noSlots();
    const proposed = answer('post', '/api/admin/bookings/5/propose', () =>
      HttpResponse.json({ booking: { ...booking, status: 'proposed' } }),
    );
    renderWithProviders(<BookingActions booking={booking} area="admin" />);
    await user.click(screen.getByRole('button', { name: 'Propose another date' }));
    const dialog = screen.getByRole('dialog', { name: 'Propose another date' });
    await user.click(screen.getByRole('button', { name: 'Propose a date' }));
    await user.click(screen.getByRole('button', { name: 'Propose' }));
    expect(await screen.findByText('The requested date field is required.')).toBeInTheDocument();
    expect(screen.queryByText('The requested date must be a date (YYYY-MM-DD).')).toBeNull();
    expect(screen.getByText('The note field is required.')).toBeInTheDocument();
    expect(proposed).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Requested date/), { target: { value: '2030-03-06' } });
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Wednesday works for the crew');
    await user.click(screen.getByRole('button', { name: 'Propose' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(proposed).toHaveLength(1);
    expect(proposed[0]!.body).toEqual({
      requested_date: '2030-03-06',
      note: 'Wednesday works for the crew',
    });
  });
});

describe('Propose another date (admin): the date field', () => {
  it('is named as its refusal names it, in the words the server answers for the same body', async () => {
    const user = userEvent.setup();
    noSlots();
    const proposed = answer('post', '/api/admin/bookings/5/propose', () =>
      HttpResponse.json({ booking: { ...booking, status: 'proposed' } }),
    );
    renderWithProviders(<BookingActions booking={booking} area="admin" />);
    await user.click(screen.getByRole('button', { name: 'Propose another date' }));
    await user.click(screen.getByRole('button', { name: 'Propose a date' }));
    await user.click(screen.getByRole('button', { name: 'Propose' }));
    const required = 'The requested date field is required.';
    const date = screen.getByLabelText(/^(requested )?date/i);
    expect(date).toHaveAccessibleName('Requested date');
    await waitFor(() => expect(date).toHaveAccessibleDescription(required));
    expect(proposed).toHaveLength(0);
    // The route checks the body with bookingInput, which takes its date from the contract the form checks with.
    const refused = bookingInput.safeParse({ requested_date: '', note: 'Wednesday works for the crew' });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([required]);
  });
});

describe('Cancel booking', () => {
  it('says the booking is cancelled even when the section is gone before the answer comes', async () => {
    const user = userEvent.setup();
    let answerCancel: (r: Response) => void = () => {};
    const cancelled = answer(
      'post',
      '/api/admin/bookings/5/cancel',
      () => new Promise<Response>((resolve) => (answerCancel = resolve)),
    );
    const { rerender } = renderWithProviders(<BookingActions booking={booking} area="admin" />);
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(cancelled).toHaveLength(1));
    // A realtime refetch removed the installation section first.
    rerender(<p>No installation</p>);
    answerCancel(HttpResponse.json({ booking: { ...booking, status: 'cancelled' } }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('The booking is cancelled.'));
  });

  it.each([
    ['admin', '/api/admin/bookings/5/cancel', 'The customer sees it with the cancellation.'],
    ['customer', '/api/user/bookings/5/cancel', 'The shop sees it with the cancellation.'],
  ] as const)(
    'asks the %s for an optional reason: none sends no body, as before; one typed is sent, trimmed',
    async (area, url, hint) => {
      const user = userEvent.setup();
      const cancelled = answer('post', url, () =>
        HttpResponse.json({ booking: { ...booking, status: 'cancelled' } }),
      );
      renderWithProviders(<BookingActions booking={booking} area={area} />);
      await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
      let dialog = screen.getByRole('alertdialog', { name: 'Cancel this booking?' });
      // Still opens on Keep it, the reason's field below the question.
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus());
      const reason = within(dialog).getByRole('textbox', { name: 'Reason (optional)' });
      expect(reason).toHaveAttribute('maxlength', '500');
      expect(reason).toHaveAccessibleDescription(hint);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      expect(cancelled).toHaveLength(1);
      expect(cancelled[0]!.body).toBeUndefined();

      await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
      dialog = screen.getByRole('alertdialog', { name: 'Cancel this booking?' });
      // A dialog opened again starts empty.
      expect(within(dialog).getByRole('textbox', { name: 'Reason (optional)' })).toHaveValue('');
      await user.type(
        within(dialog).getByRole('textbox', { name: 'Reason (optional)' }),
        '  Our crew is ill this week.  ',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      expect(cancelled).toHaveLength(2);
      expect(cancelled[1]!.body).toEqual({ reason: 'Our crew is ill this week.' });
    },
  );

  it("puts the server's refusal of the reason under its field, and the booking is not said to be cancelled", async () => {
    const user = userEvent.setup();
    const message = 'The reason may not be greater than 500 characters.';
    const refused = answer('post', '/api/user/bookings/5/cancel', () =>
      HttpResponse.json({ message, errors: { reason: [message] } }, { status: 422 }),
    );
    clearToasts(); // the other tests' toasts
    renderWithProviders(<BookingActions booking={booking} area="customer" />);
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this booking?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (optional)' });
    await user.type(reason, 'We found another dealer.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription(message));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
    expect(refused).toHaveLength(1);
    expect(refused[0]!.body).toEqual({ reason: 'We found another dealer.' });
    // The dialog stays, with what was typed; the refusal is said once, under the field.
    expect(dialog).toBeInTheDocument();
    expect(reason).toHaveValue('We found another dealer.');
    expect(getToasts()).toEqual([]);
  });

  it('within 48 hours the shop may decline a request it has not confirmed, but not cancel a confirmed booking; nor may the customer', () => {
    const late = {
      ...booking,
      slot_start: '2030-03-04T14:00:00Z',
      slot_end: '2030-03-04T17:00:00Z',
      changeable: false,
    };
    const { unmount } = renderWithProviders(<BookingActions booking={late} area="admin" />);
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Propose another date' })).not.toBeInTheDocument();
    unmount();
    const confirmed = renderWithProviders(
      <BookingActions booking={{ ...late, status: 'confirmed' }} area="admin" />,
    );
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    confirmed.unmount();
    renderWithProviders(<BookingActions booking={late} area="customer" />);
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
  });
});

describe('Ask for another date (customer)', () => {
  it('needs a date and a note, sends them, and shows the server field errors on the fields', async () => {
    const user = userEvent.setup();
    noSlots();
    const requested = answer('post', '/api/user/proposals/7/booking', () =>
      HttpResponse.json(
        {
          message: 'The given data was invalid.',
          errors: { requested_date: ['The requested date must be in the next 60 days.'] },
        },
        { status: 422 },
      ),
    );
    renderWithProviders(<InstallationBooking proposalId={7} />);
    await user.click(screen.getByRole('button', { name: 'Ask for another date' }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    // A date left empty is missing, not malformed: the field says it is required, and that alone.
    expect(await screen.findByText('The requested date field is required.')).toBeInTheDocument();
    expect(screen.queryByText('The requested date must be a date (YYYY-MM-DD).')).toBeNull();
    expect(screen.getByText('The note field is required.')).toBeInTheDocument();
    expect(requested).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Preferred date/), { target: { value: '2031-01-01' } });
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'After the holidays');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('The requested date must be in the next 60 days.')).toBeInTheDocument();
    expect(requested).toHaveLength(1);
    expect(requested[0]!.body).toEqual({
      requested_date: '2031-01-01',
      note: 'After the holidays',
      address: null,
    });
  });
});

describe('The requested date (contract)', () => {
  it('is required when empty, and a date (YYYY-MM-DD) when malformed', () => {
    const messages = (requested_date: string) =>
      requestedDateInput
        .safeParse({ requested_date, note: 'Mornings' })
        .error?.issues.map((issue) => issue.message);
    expect(messages('')).toEqual(['The requested date field is required.']);
    expect(messages('2030-3-4')).toContain('The requested date must be a date (YYYY-MM-DD).');
    expect(messages('2030-03-04')).toBeUndefined();
  });
});

describe('Reschedule (customer)', () => {
  it.each([
    ['customer', 'Reschedule', 'Reschedule the installation', '/api/user/proposals/7/slots'],
    ['admin', 'Propose another date', 'Propose another date', '/api/site-visits/slots'],
  ] as const)(
    'does not offer the %s the window the booking is already in',
    async (area, action, title, windowsUrl) => {
      const user = userEvent.setup();
      const slot = (start: string, end: string) => ({ start, end, available: true });
      const current = slot('2030-12-04T18:00:00.000Z', '2030-12-04T22:00:00.000Z');
      const other = slot('2030-12-05T14:00:00.000Z', '2030-12-05T17:00:00.000Z');
      answer('get', windowsUrl, () => HttpResponse.json({ slots: [current, other] }));
      const confirmed: Booking = {
        ...booking,
        status: 'confirmed',
        slot_start: current.start,
        slot_end: current.end,
        requested_date: null,
        note: null,
        confirmed_at: '2030-01-02T00:00:00Z',
      };
      renderWithProviders(<BookingActions booking={confirmed} area={area} />);
      await user.click(screen.getByRole('button', { name: action }));
      const dialog = screen.getByRole('dialog', { name: title });
      await waitFor(() => expect(within(dialog).getAllByRole('radio')).toHaveLength(1));
      expect(within(dialog).getByRole('radio')).toHaveAttribute('value', other.start);
    },
  );
});

describe('Book this window (customer)', () => {
  it('keeps the windows and the one picked in sight when the booking and the reload fail offline', async () => {
    const user = userEvent.setup();
    const start = '2030-03-04T14:00:00.000Z';
    let loads = 0;
    answer('get', '/api/user/proposals/7/slots', () =>
      loads++ === 0
        ? HttpResponse.json({ slots: [{ start, end: '2030-03-04T17:00:00.000Z', available: true }] })
        : HttpResponse.error(),
    );
    const booked = answer('post', '/api/user/proposals/7/booking', () => HttpResponse.error());
    renderWithProviders(<InstallationBooking proposalId={7} />);
    await user.click(await screen.findByRole('radio'));
    await user.click(screen.getByRole('button', { name: 'Book this window' }));
    expect(await screen.findByText('Failed to load the available times.')).toBeInTheDocument();
    expect(booked).toHaveLength(1);
    expect(loads).toBe(2);
    expect(screen.getByRole('radio')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Book this window' })).toBeEnabled();
  });
});

describe('Installation address (customer)', () => {
  it('goes with the window picked, trimmed; the server refusals land under the address and under the windows', async () => {
    const user = userEvent.setup();
    const start = '2030-03-04T14:00:00.000Z';
    answer('get', '/api/user/proposals/7/slots', () =>
      HttpResponse.json({ slots: [{ start, end: '2030-03-04T17:00:00.000Z', available: true }] }),
    );
    const booked = answer('post', '/api/user/proposals/7/booking', () =>
      HttpResponse.json(
        {
          message: 'The given data was invalid.',
          errors: {
            address: ['The address may not be greater than 300 characters.'],
            slot_start: ['This window is not open.'],
          },
        },
        { status: 422 },
      ),
    );
    renderWithProviders(<InstallationBooking proposalId={7} />);
    expect(screen.getByText('Choose a time above to book it.')).toBeInTheDocument();
    await user.click(await screen.findByRole('radio'));
    expect(screen.queryByText('Choose a time above to book it.')).toBeNull();
    const address = screen.getByRole('textbox', { name: /Installation address/ });
    expect(address).toHaveAttribute('maxlength', '300');
    await user.type(address, '  12 Harbor Road, Springfield  ');
    await user.click(screen.getByRole('button', { name: 'Book this window' }));
    expect(
      await screen.findByText('The address may not be greater than 300 characters.'),
    ).toBeInTheDocument();
    expect(screen.getByText('This window is not open.')).toBeInTheDocument();
    expect(address).toHaveAccessibleDescription(/The address may not be greater than 300 characters\./);
    expect(booked).toHaveLength(1);
    expect(booked[0]!.body).toEqual({ slot_start: start, address: '12 Harbor Road, Springfield' });
  });

  it('is not asked by the shop’s counter-proposal, which sends none', async () => {
    const user = userEvent.setup();
    const start = '2030-03-05T14:00:00.000Z';
    answer('get', '/api/site-visits/slots', () =>
      HttpResponse.json({ slots: [{ start, end: '2030-03-05T17:00:00.000Z', available: true }] }),
    );
    const proposed = answer('post', '/api/admin/bookings/5/propose', () =>
      HttpResponse.json({ booking: { ...booking, status: 'proposed' } }),
    );
    renderWithProviders(<BookingActions booking={booking} area="admin" />);
    await user.click(screen.getByRole('button', { name: 'Propose another date' }));
    const dialog = screen.getByRole('dialog', { name: 'Propose another date' });
    expect(within(dialog).queryByRole('textbox', { name: /address/i })).toBeNull();
    await user.click(await within(dialog).findByRole('radio'));
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    await waitFor(() => expect(proposed).toHaveLength(1));
    expect(proposed[0]!.body).toEqual({ slot_start: start });
  });
});

describe('Booking actions', () => {
  const soon: Booking = {
    ...booking,
    status: 'requested',
    slot_start: new Date(Date.now() + 24 * 3600_000).toISOString(),
    slot_end: new Date(Date.now() + 27 * 3600_000).toISOString(),
    changeable: false,
  };

  it('says why a booking within 48 hours of its start has no Reschedule, address change or Cancel for the customer', () => {
    renderWithProviders(<BookingActions booking={{ ...soon, address: 'Dock 1' }} area="customer" />);
    expect(
      screen.getByText(/can be moved, cancelled or given another address up to 48 hours before its start/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact');
    expect(screen.queryByRole('button', { name: 'Reschedule' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change address' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });

  it('opens the cancellation on Keep it, so an Enter out of habit cancels nothing', async () => {
    const user = userEvent.setup();
    const cancelled = answer('post', '/api/user/bookings/5/cancel', () => HttpResponse.json({ booking }));
    renderWithProviders(<BookingActions booking={{ ...soon, changeable: true }} area="customer" />);
    expect(screen.queryByText(/up to 48 hours before its start/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this booking?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(cancelled).toHaveLength(0);
  });
});

describe('Change the address (customer)', () => {
  const confirmed: Booking = {
    ...booking,
    status: 'confirmed',
    slot_start: '2030-03-04T14:00:00.000Z',
    slot_end: '2030-03-04T17:00:00.000Z',
    requested_date: null,
    note: null,
    address: 'Dock 1, Harbor Road',
  };

  it('opens on the address the booking has; the server refusal lands under it; the new one is sent trimmed', async () => {
    const user = userEvent.setup();
    clearToasts();
    let refuse = true;
    const sent = answer('post', '/api/user/bookings/5/address', () =>
      refuse
        ? HttpResponse.json(
            {
              message: 'The given data was invalid.',
              errors: { address: ['The booking already has this address.'] },
            },
            { status: 422 },
          )
        : HttpResponse.json({ booking: { ...confirmed, address: 'Pier 9, Dock Street' } }),
    );
    renderWithProviders(<BookingActions booking={confirmed} area="customer" />);
    await user.click(screen.getByRole('button', { name: 'Change address' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the address' });
    expect(dialog).toHaveAccessibleDescription(/calendar entry is sent again with the new address/);
    const field = within(dialog).getByRole('textbox', { name: /Installation address/ });
    expect(field).toHaveValue('Dock 1, Harbor Road');
    expect(field).toHaveAttribute('maxlength', '300');
    await user.clear(field);
    await user.type(field, '  Pier 9, Dock Street ');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/The booking already has this address\./));
    expect(getToasts()).toEqual([]);
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent.map((r) => r.body)).toEqual([
      { address: 'Pier 9, Dock Street' },
      { address: 'Pier 9, Dock Street' },
    ]);
    expect(getToasts().map((t) => t.message)).toContain('The address is saved. The shop is told.');
  });

  it('sends nothing when the address is saved unchanged, and an emptied one as none', async () => {
    const user = userEvent.setup();
    const sent = answer('post', '/api/user/bookings/5/address', () =>
      HttpResponse.json({ booking: { ...confirmed, address: null } }),
    );
    renderWithProviders(<BookingActions booking={confirmed} area="customer" />);
    await user.click(screen.getByRole('button', { name: 'Change address' }));
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Change address' }));
    await user.clear(screen.getByRole('textbox', { name: /Installation address/ }));
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ address: null });
  });

  it('is offered as Add address to a booking without one', () => {
    renderWithProviders(<BookingActions booking={booking} area="customer" />);
    expect(screen.getByRole('button', { name: 'Add address' })).toBeInTheDocument();
  });

  it('lets the shop change it until the window starts, inside the 48 hours too, telling the customer', async () => {
    const user = userEvent.setup();
    clearToasts();
    const sent = answer('post', '/api/admin/bookings/5/address', () =>
      HttpResponse.json({ booking: { ...confirmed, address: 'Pier 9' } }),
    );
    const soon = {
      ...confirmed,
      slot_start: new Date(Date.now() + 20 * 3600_000).toISOString(),
      slot_end: new Date(Date.now() + 23 * 3600_000).toISOString(),
      changeable: false,
    };
    const { unmount } = renderWithProviders(<BookingActions booking={soon} area="admin" />);
    await user.click(screen.getByRole('button', { name: 'Change address' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the address' });
    expect(dialog).toHaveAccessibleDescription(
      'The customer is told, and their calendar entry is sent again with the new address.',
    );
    const field = within(dialog).getByRole('textbox', { name: /Installation address/ });
    await user.clear(field);
    await user.type(field, 'Pier 9');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent.map((r) => r.body)).toEqual([{ address: 'Pier 9' }]);
    expect(getToasts().map((t) => t.message)).toContain('The address is saved. The customer is told.');
    unmount();

    const begun = new Date(Date.now() - 3600_000).toISOString();
    renderWithProviders(<BookingActions booking={{ ...soon, slot_start: begun }} area="admin" />);
    expect(screen.queryByRole('button', { name: /address/ })).toBeNull();
  });
});

describe('Booking summary', () => {
  it.each([
    ['admin', 'Cancelled by the customer on'],
    ['customer', 'Cancelled by you on'],
  ] as const)('quotes the reason a cancelled booking was given, for the %s', (area, cancelled) => {
    const withReason = testBooking(5, {
      status: 'cancelled',
      changeable: false,
      cancelled_at: '2030-02-20T15:30:00.000Z',
      cancelled_by: 'customer',
      cancel_reason: 'We moved offices.',
    });
    const { rerender } = renderWithProviders(<BookingSummary booking={withReason} area={area} />);
    expect(screen.getByText(new RegExp(`^${cancelled} `))).toBeInTheDocument();
    expect(screen.getByText('Reason: “We moved offices.”')).toBeInTheDocument();
    rerender(<BookingSummary booking={{ ...withReason, cancel_reason: null }} area={area} />);
    expect(screen.queryByText(/^Reason:/)).toBeNull();
  });

  it.each([
    ['admin', /^Reminder sent on /],
    ['customer', /^Reminder sent to you on /],
  ] as const)('says when the reminder of a confirmed window was sent, for the %s', (area, sent) => {
    const confirmed = testBooking(5, {
      status: 'confirmed',
      slot_start: '2030-03-04T14:00:00.000Z',
      slot_end: '2030-03-04T17:00:00.000Z',
      confirmed_at: '2030-02-20T15:30:00.000Z',
      reminded_at: '2030-03-03T14:05:00.000Z',
    });
    const { rerender } = renderWithProviders(<BookingSummary booking={confirmed} area={area} />);
    expect(screen.getByText(sent)).toBeInTheDocument();
    rerender(<BookingSummary booking={{ ...confirmed, reminded_at: null }} area={area} />);
    expect(screen.queryByText(/^Reminder sent/)).toBeNull();
  });

  it("names a date without a window as the customer's request, or as the shop's proposal", () => {
    const { rerender } = renderWithProviders(<BookingSummary booking={booking} area="customer" />);
    expect(screen.getByTestId('booking-date')).toHaveTextContent(/^Asked for Mar 4, 2030$/);
    rerender(<BookingSummary booking={{ ...booking, status: 'proposed' }} area="customer" />);
    expect(screen.getByTestId('booking-date')).toHaveTextContent(/^Proposed for Mar 4, 2030$/);
  });
});
