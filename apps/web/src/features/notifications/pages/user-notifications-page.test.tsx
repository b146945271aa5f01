import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppNotification } from '@shop/contracts';
import { renderWithProviders } from '../../../test/render';
import type { RealtimeHandler } from '../../../test/realtime';
import { server } from '../../../test/server';
import { LazyNotificationBell } from '../components/lazy-notification-bell';
import UserNotificationsPage from './user-notifications-page';

// The realtime client is replaced by a hand the test holds: it delivers the events the server would push.
const realtimeHandlers = vi.hoisted(() => new Map<string, RealtimeHandler>());
vi.mock('../../../lib/realtime-client', async () =>
  (await import('../../../test/realtime')).handHeldRealtime(realtimeHandlers),
);

const note = (id: number): AppNotification => ({
  id,
  read_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  data: { type: 'other', message: `note ${id}`, design_id: null, slug: null, sender_id: null },
});

/** The server's notifications, newest first; answers any page of them. Returns the pages it was asked for. */
function serve(all: () => AppNotification[]) {
  const pages: string[] = [];
  server.use(
    http.get('/api/notifications', ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page'));
      const perPage = Number(url.searchParams.get('per_page'));
      pages.push(`${page}:${perPage}`);
      const list = all();
      return HttpResponse.json({
        notifications: list.slice((page - 1) * perPage, page * perPage),
        unread_count: list.length,
        total: list.length,
      });
    }),
  );
  return pages;
}

/** The page's notifications (the pager is a list too). */
const rows = () =>
  screen
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '')
    .filter((text) => text.includes('note '));

beforeEach(() => realtimeHandlers.clear());

describe('the notifications page and a live notification', () => {
  it('on page 2, reads the page again instead of putting the new notification on top of it', async () => {
    let all = Array.from({ length: 15 }, (_, i) => note(15 - i)); // 15 .. 1
    const pages = serve(() => all);
    renderWithProviders(
      <>
        <LazyNotificationBell area="customer" />
        <UserNotificationsPage />
      </>,
      { route: '/user/notifications?page=2' },
    );
    await screen.findByText('note 5');
    expect(rows()).toHaveLength(5);
    expect(rows()[0]).toContain('note 5');

    // Notification 16 is made: on the server, page 2 now starts one further on.
    all = [note(16), ...all];
    const readsBefore = pages.filter((p) => p === '2:10').length;
    realtimeHandlers.get('notification')!({ notification: note(16), unread_count: 16 });
    await waitFor(() => expect(pages.filter((p) => p === '2:10').length).toBe(readsBefore + 1));
    await waitFor(() => expect(rows()[0]).toContain('note 6'));
    expect(rows()).toHaveLength(6);
    expect(screen.queryByText('note 16')).not.toBeInTheDocument();
  });

  it('on page 1, puts the new notification on top without reading the page again', async () => {
    const all = Array.from({ length: 3 }, (_, i) => note(3 - i));
    const pages = serve(() => all);
    renderWithProviders(
      <>
        <LazyNotificationBell area="customer" />
        <UserNotificationsPage />
      </>,
      { route: '/user/notifications' },
    );
    await screen.findByText('note 3');
    const pageReads = () => pages.filter((p) => p === '1:10').length;
    const reads = pageReads();
    realtimeHandlers.get('notification')!({ notification: note(4), unread_count: 4 });
    await waitFor(() => expect(rows()[0]).toContain('note 4'));
    expect(rows()).toHaveLength(4);
    expect(pageReads()).toBe(reads);
  });

  it("keeps the focus on 'Mark all as read' once nothing is left to mark", async () => {
    const user = userEvent.setup();
    let all = [note(2), note(1)];
    serve(() => all);
    const marked: string[] = [];
    server.use(
      http.post('/api/notifications/mark-all-read', ({ request }) => {
        marked.push(request.url);
        all = all.map((n) => ({ ...n, read_at: '2026-01-02T00:00:00.000Z' }));
        return HttpResponse.json({ message: 'All notifications marked as read.', unread_count: 0 });
      }),
    );
    renderWithProviders(<UserNotificationsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const markAll = screen.getByRole('button', { name: 'Mark all as read' });
    markAll.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(markAll).toHaveAttribute('aria-disabled', 'true'));
    // A browser drops the focus of a button that becomes disabled to <body> (jsdom keeps it): it must not be.
    expect(markAll).not.toBeDisabled();
    expect(markAll).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(marked).toHaveLength(1);
  });
});
