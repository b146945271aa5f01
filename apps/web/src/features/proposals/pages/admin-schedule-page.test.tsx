import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SCHEDULING_MESSAGES, blackoutDateRange, type Schedule } from '@shop/contracts';
import { clearToasts, getToasts } from '../../../lib/toast';
import { renderWithProviders } from '../../../test/render';
import { answer } from '../../../test/server';
import AdminSchedulePage from './admin-schedule-page';

const schedule: Schedule = {
  weekly: [{ weekday: 1, start: '09:00', end: '12:00', capacity: 2 }],
  blackout_dates: [],
};

// Christmas Eve of next year: always inside the blackout dates a schedule takes (one year back, five ahead).
const CHRISTMAS_EVE = `${new Date().getUTCFullYear() + 1}-12-24`;

describe('AdminSchedulePage', () => {
  it('says when there are no blackout dates, and saves one added', async () => {
    const user = userEvent.setup();
    answer('get', '/api/admin/schedule', () => HttpResponse.json(schedule));
    const saved = answer('put', '/api/admin/schedule', () =>
      HttpResponse.json({ ...schedule, blackout_dates: [CHRISTMAS_EVE] }),
    );
    const { from, to } = blackoutDateRange();
    expect(CHRISTMAS_EVE > from && CHRISTMAS_EVE < to).toBe(true);
    renderWithProviders(<AdminSchedulePage />);
    const none = await screen.findByText('No blackout dates: every weekly window can be booked.');
    await user.click(screen.getByRole('button', { name: 'Add a blackout date' }));
    expect(none).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Blackout date 1'), { target: { value: CHRISTMAS_EVE } });
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body).toEqual({ ...schedule, blackout_dates: [CHRISTMAS_EVE] });

    await user.click(screen.getByRole('button', { name: 'Remove blackout date 1' }));
    expect(screen.getByText('No blackout dates: every weekly window can be booked.')).toBeInTheDocument();
  });

  it('checks a window with the contract and sends nothing while it is wrong', async () => {
    const user = userEvent.setup();
    answer('get', '/api/admin/schedule', () => HttpResponse.json(schedule));
    const saved = answer('put', '/api/admin/schedule', () => HttpResponse.json(schedule));
    renderWithProviders(<AdminSchedulePage />);
    fireEvent.change(await screen.findByLabelText('End'), { target: { value: '08:00' } });
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText(SCHEDULING_MESSAGES.windowEndBeforeStart)).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('says under its own row that a blackout date is out of range, an empty row before it not counted, and sends nothing', async () => {
    const user = userEvent.setup();
    answer('get', '/api/admin/schedule', () => HttpResponse.json(schedule));
    const saved = answer('put', '/api/admin/schedule', () => HttpResponse.json(schedule));
    renderWithProviders(<AdminSchedulePage />);
    await user.click(await screen.findByRole('button', { name: 'Add a blackout date' }));
    await user.click(screen.getByRole('button', { name: 'Add a blackout date' }));
    // The first row is left empty: it is not sent, so the date refused is the first of blackout_dates.
    const [empty, old] = [screen.getByLabelText('Blackout date 1'), screen.getByLabelText('Blackout date 2')];
    fireEvent.change(old, { target: { value: '2020-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    await waitFor(() => expect(old).toHaveAccessibleDescription(SCHEDULING_MESSAGES.blackoutOutOfRange));
    expect(old).toHaveAttribute('aria-invalid', 'true');
    expect(old).toHaveFocus();
    expect(empty).not.toHaveAccessibleDescription();
    expect(saved).toHaveLength(0);
  });

  it('says an emptied Start is required, not of the wrong form, and sends nothing', async () => {
    const user = userEvent.setup();
    answer('get', '/api/admin/schedule', () => HttpResponse.json(schedule));
    const saved = answer('put', '/api/admin/schedule', () => HttpResponse.json(schedule));
    renderWithProviders(<AdminSchedulePage />);
    const start = (await screen.findAllByLabelText('Start'))[0]!;
    fireEvent.change(start, { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    await waitFor(() => expect(start).toHaveAccessibleDescription('The start field is required.'));
    expect(saved).toHaveLength(0);
  });

  it('says a capacity left empty is required and a fraction is not a whole number, in the shop’s words', async () => {
    const user = userEvent.setup();
    answer('get', '/api/admin/schedule', () => HttpResponse.json(schedule));
    const saved = answer('put', '/api/admin/schedule', () => HttpResponse.json(schedule));
    renderWithProviders(<AdminSchedulePage />);
    const capacity = await screen.findByLabelText('Capacity');
    await user.clear(capacity);
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    await waitFor(() => expect(capacity).toHaveAccessibleDescription('The capacity field is required.'));
    await user.type(capacity, '1.5');
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    await waitFor(() => expect(capacity).toHaveAccessibleDescription('The capacity must be a whole number.'));
    expect(saved).toHaveLength(0);
  });

  it('puts the server’s refusal of a window under that window’s Start, the rows kept in place until it comes', async () => {
    const user = userEvent.setup();
    const twoWindows: Schedule = {
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00', capacity: 2 },
        { weekday: 2, start: '09:00', end: '12:00', capacity: 2 },
      ],
      blackout_dates: [],
    };
    const sameStart = 'Two windows start at the same time on this weekday.';
    answer('get', '/api/admin/schedule', () => HttpResponse.json(twoWindows));
    clearToasts(); // the other tests' toasts
    let refuse: (r: Response) => void = () => {};
    const saved = answer('put', '/api/admin/schedule', () => new Promise<Response>((r) => (refuse = r)));
    renderWithProviders(<AdminSchedulePage />);
    // A second Monday window at 09:00: the third row, weekly.2 of the body.
    await user.click(await screen.findByRole('button', { name: 'Add a window' }));
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((saved[0]!.body as Schedule).weekly[2]).toEqual({
      weekday: 1,
      start: '09:00',
      end: '12:00',
      capacity: 1,
    });
    // No row can be removed before the answer comes, which would move the third one up.
    for (const remove of screen.getAllByRole('button', { name: /^Remove window/ }))
      expect(remove).toBeDisabled();
    refuse(
      HttpResponse.json({ message: sameStart, errors: { 'weekly.2.start': [sameStart] } }, { status: 422 }),
    );
    const starts = screen.getAllByLabelText('Start');
    await waitFor(() => expect(starts[2]).toHaveAccessibleDescription(sameStart));
    expect(starts[2]).toHaveAttribute('aria-invalid', 'true');
    expect(starts[2]).toHaveFocus();
    expect(starts[0]).not.toHaveAccessibleDescription();
    expect(starts[1]).not.toHaveAccessibleDescription();
    expect(screen.getByRole('button', { name: 'Remove window 3' })).toBeEnabled();
    // Said once, under the field, not again in a toast.
    expect(getToasts()).toEqual([]);
  });

  it('puts the server’s refusal of a blackout date under the row it was sent from', async () => {
    const user = userEvent.setup();
    answer('get', '/api/admin/schedule', () => HttpResponse.json(schedule));
    clearToasts(); // the other tests' toasts
    const saved = answer('put', '/api/admin/schedule', () =>
      HttpResponse.json(
        {
          message: 'The given data was invalid.',
          errors: { 'blackout_dates.0': [SCHEDULING_MESSAGES.blackoutOutOfRange] },
        },
        { status: 422 },
      ),
    );
    renderWithProviders(<AdminSchedulePage />);
    await user.click(await screen.findByRole('button', { name: 'Add a blackout date' }));
    await user.click(screen.getByRole('button', { name: 'Add a blackout date' }));
    const date = screen.getByLabelText('Blackout date 2');
    fireEvent.change(date, { target: { value: CHRISTMAS_EVE } });
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    await waitFor(() => expect(date).toHaveAccessibleDescription(SCHEDULING_MESSAGES.blackoutOutOfRange));
    expect(saved[0]!.body).toEqual({ ...schedule, blackout_dates: [CHRISTMAS_EVE] });
    expect(screen.getByLabelText('Blackout date 1')).not.toHaveAccessibleDescription();
    expect(getToasts()).toEqual([]);
  });

  it('links a day refused for its open bookings to that day’s bookings; another refusal has no link', async () => {
    const user = userEvent.setup();
    answer('get', '/api/admin/schedule', () => HttpResponse.json(schedule));
    answer('put', '/api/admin/schedule', () =>
      HttpResponse.json(
        {
          message: 'The given data was invalid.',
          errors: {
            'blackout_dates.0': [SCHEDULING_MESSAGES.blackoutOutOfRange],
            'blackout_dates.1': [SCHEDULING_MESSAGES.blackoutBooked],
          },
        },
        { status: 422 },
      ),
    );
    renderWithProviders(<AdminSchedulePage />);
    await user.click(await screen.findByRole('button', { name: 'Add a blackout date' }));
    await user.click(screen.getByRole('button', { name: 'Add a blackout date' }));
    fireEvent.change(screen.getByLabelText('Blackout date 1'), {
      target: { value: CHRISTMAS_EVE.replace(/24$/, '23') },
    });
    fireEvent.change(screen.getByLabelText('Blackout date 2'), { target: { value: CHRISTMAS_EVE } });
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    const link = await screen.findByRole('link', { name: /^See the bookings of Dec 24, / });
    expect(link).toHaveAttribute('href', `/admin/bookings?date=${CHRISTMAS_EVE}`);
    expect(screen.getAllByRole('link', { name: /^See the bookings of/ })).toHaveLength(1);
  });

  it('says the schedule failed to load and loads it again on Try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const loads = answer('get', '/api/admin/schedule', () =>
      fail ? HttpResponse.json({ message: 'Server error.' }, { status: 500 }) : HttpResponse.json(schedule),
    );
    renderWithProviders(<AdminSchedulePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the schedule.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Availability' })).toBeInTheDocument();
    expect(loads).toHaveLength(2);
  });
});
