import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AppNotification } from '@shop/contracts';
import { renderWithProviders } from '../../../test/render';
import type { RealtimeHandler } from '../../../test/realtime';
import { server } from '../../../test/server';
import { LazyNotificationBell } from './lazy-notification-bell';

// The realtime client is replaced by a hand the test holds: it delivers the events the server would push.
const realtimeHandlers = vi.hoisted(() => new Map<string, RealtimeHandler>());
vi.mock('../../../lib/realtime-client', async () =>
  (await import('../../../test/realtime')).handHeldRealtime(realtimeHandlers),
);

// The bell's own chunk arrives when the test says so, as it would over a slow network.
const chunk = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrive, arrived };
});
vi.mock('./notification-bell', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

const note: AppNotification = {
  id: 9,
  read_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  data: { type: 'other', message: 'note 9', design_id: null, slug: null, sender_id: null },
};

describe('LazyNotificationBell', () => {
  it("counts a notification pushed before the bell's own code has arrived", async () => {
    server.use(
      http.get('/api/notifications', () =>
        HttpResponse.json({ notifications: [], unread_count: 2, total: 2 }),
      ),
    );
    const { queryClient } = renderWithProviders(<LazyNotificationBell area="customer" />);
    const placeholder = screen.getByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(placeholder).toHaveTextContent('2 unread notifications'));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByTestId('notification-bell')).toBeNull();

    // The count was read; a notification comes before the chunk does.
    realtimeHandlers.get('notification')!({ notification: note, unread_count: 3 });
    await waitFor(() => expect(placeholder).toHaveTextContent('3 unread notifications'));

    chunk.arrive();
    // The server still answers 2 to a read: the 3 is the event's, kept when the bell takes over.
    expect(await screen.findByTestId('notification-bell')).toHaveTextContent('3 unread notifications');
  });
});
