import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { customerSession } from '../../../lib/sessions';
import { testCustomer } from '../../../test/accounts';
import { testBooking } from '../../../test/deals';
import { renderWithProviders } from '../../../test/render';
import { answer } from '../../../test/server';
import SiteVisitPage from './site-visit-page';

const slot = { start: '2030-03-04T09:00:00.000Z', end: '2030-03-04T12:00:00.000Z', available: true };

/** A guest's site visit, asked for in the window offered. */
const booking = testBooking(9, {
  kind: 'site_visit',
  status: 'requested',
  proposal_id: null,
  proposal_number: null,
  design_id: null,
  user_id: null,
  name: 'Robin Guest',
  phone: '555 0100',
  slot_start: slot.start,
  slot_end: slot.end,
  confirmed_at: null,
});

afterEach(() => customerSession.clear());

async function pickTheWindow(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio'));
}

describe('SiteVisitPage', () => {
  it('asks a guest for name, e-mail and phone with the server’s messages, and sends nothing until given', async () => {
    const user = userEvent.setup();
    answer('get', '/api/site-visits/slots', () => HttpResponse.json({ slots: [slot] }));
    const sent = answer('post', '/api/site-visits', () => HttpResponse.json({ booking }, { status: 201 }));
    renderWithProviders(<SiteVisitPage />);
    // Until a time is chosen, the page says what the greyed-out button waits for.
    expect(await screen.findByText('Choose a time above to book it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book the visit' })).toBeDisabled();
    await pickTheWindow(user);
    expect(screen.queryByText('Choose a time above to book it.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Book the visit' }));
    // The messages of the server's 422 for a guest (scheduling.test.ts checks them there).
    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();
    expect(screen.getByText('The email field is required.')).toBeInTheDocument();
    expect(screen.getByText('The phone field is required.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Robin Guest');
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'robin@example.com');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '555 0100');
    await user.click(screen.getByRole('button', { name: 'Book the visit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      slot_start: slot.start,
      name: 'Robin Guest',
      email: 'robin@example.com',
      phone: '555 0100',
    });
    expect(await screen.findByText('Thank you, your visit is requested.')).toBeInTheDocument();
  });

  it('lets a signed-in customer book without a phone: the account gives the contact details', async () => {
    const user = userEvent.setup();
    customerSession.signIn('t', { ...testCustomer, phone: null });
    answer('get', '/api/site-visits/slots', () => HttpResponse.json({ slots: [slot] }));
    const sent = answer('post', '/api/site-visits', () =>
      HttpResponse.json({ booking: { ...booking, user_id: testCustomer.id } }, { status: 201 }),
    );
    renderWithProviders(<SiteVisitPage />);
    expect(screen.getByRole('textbox', { name: /Phone/ })).not.toBeRequired();
    await pickTheWindow(user);
    await user.click(screen.getByRole('button', { name: 'Book the visit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      slot_start: slot.start,
      name: testCustomer.name,
      email: testCustomer.email,
    });
    expect(screen.queryByText('The phone field is required.')).not.toBeInTheDocument();
  });

  it('asking for another date: an empty date is named under its field and nothing is sent; a date is sent alone', async () => {
    const user = userEvent.setup();
    customerSession.signIn('t', testCustomer);
    answer('get', '/api/site-visits/slots', () => HttpResponse.json({ slots: [slot] }));
    const sent = answer('post', '/api/site-visits', () =>
      HttpResponse.json(
        { booking: { ...booking, slot_start: null, slot_end: null, requested_date: '2030-03-05' } },
        { status: 201 },
      ),
    );
    renderWithProviders(<SiteVisitPage />);
    // A window picked first, then the other choice: the window is not what is sent.
    await pickTheWindow(user);
    await user.click(screen.getByRole('button', { name: 'Ask for another date' }));
    await user.click(screen.getByRole('button', { name: 'Book the visit' }));
    const date = screen.getByLabelText(/Preferred date/);
    await waitFor(() => expect(date).toHaveAccessibleDescription('The requested date field is required.'));
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);

    await user.type(date, '2030-03-05');
    await user.click(screen.getByRole('button', { name: 'Book the visit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      requested_date: '2030-03-05',
      name: testCustomer.name,
      email: testCustomer.email,
      ...(testCustomer.phone ? { phone: testCustomer.phone } : {}),
    });
    expect(await screen.findByText('Thank you, your visit is requested.')).toBeInTheDocument();
  });
});
