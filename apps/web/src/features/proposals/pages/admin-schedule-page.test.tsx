import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SCHEDULING_MESSAGES, blackoutDateRange, type Schedule } from '@shop/contracts';
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
