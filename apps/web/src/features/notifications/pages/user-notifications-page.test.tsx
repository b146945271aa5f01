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
        unread_count: list.filter((n) => !n.read_at).length,
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

/** The text of the page's row of notification `id`. */
const row = (id: number) => rows().find((text) => text.startsWith(`note ${id}`)) ?? '';
const READ_AT = '2026-01-02T00:00:00.000Z';

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

  it('a notification that came while marking all read stays unread, with the count the server answered', async () => {
    const user = userEvent.setup();
    let all = [note(2), note(1)];
    const pages = serve(() => all);
    // Reads of the count and the page held from the answer on, to see what the answer itself left.
    let readsHeld: Promise<void> | null = null;
    let letReadsGo = () => {};
    server.use(
      http.get('/api/notifications', async () => {
        if (readsHeld) await readsHeld;
        return undefined; // answered by serve()
      }),
    );
    let release = () => {};
    server.use(
      http.post(
        '/api/notifications/mark-all-read',
        () =>
          new Promise<Response>((resolve) => {
            release = () => {
              // The update marked the two it saw; notification 3 was committed after it.
              all = all.map((n) => (n.id === 3 ? n : { ...n, read_at: READ_AT }));
              readsHeld = new Promise((go) => (letReadsGo = go));
              resolve(HttpResponse.json({ message: 'All notifications marked as read.', unread_count: 1 }));
            };
          }),
      ),
    );
    renderWithProviders(
      <>
        <LazyNotificationBell area="customer" />
        <UserNotificationsPage />
      </>,
      { route: '/user/notifications' },
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    const bell = await screen.findByTestId('notification-bell');
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    // Notification 3 is made meanwhile; its realtime event is ahead of the answer.
    all = [note(3), ...all];
    realtimeHandlers.get('notification')!({ notification: note(3), unread_count: 1 });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const readsBefore = pages.length;
    release();
    await waitFor(() => expect(row(1)).not.toContain('(unread)'));
    expect(row(2)).not.toContain('(unread)');
    expect(row(3)).toContain('(unread)');
    expect(screen.getByRole('button', { name: 'Mark all as read' })).not.toHaveAttribute('aria-disabled');
    expect(bell).toHaveAccessibleName('Notifications, 1 unread notification');
    // Which came first, the event or the update, is not known: the count and the page are read again.
    letReadsGo();
    await waitFor(() => expect(pages.slice(readsBefore)).toEqual(expect.arrayContaining(['1:10', '1:1'])));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Mark as read' })).toHaveLength(1));
    expect(row(3)).toContain('(unread)');
    expect(bell).toHaveAccessibleName('Notifications, 1 unread notification');
  });

  it("gives a row's focus to its notification once its 'Mark as read' is gone", async () => {
    const user = userEvent.setup();
    let all = [note(2), note(1)];
    serve(() => all);
    server.use(
      http.post('/api/notifications/2/read', () => {
        all = all.map((n) => (n.id === 2 ? { ...n, read_at: READ_AT } : n));
        return HttpResponse.json({ message: 'Notification marked as read.', unread_count: 1 });
      }),
    );
    renderWithProviders(<UserNotificationsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first] = screen.getAllByRole('button', { name: 'Mark as read' });
    first!.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(first).not.toBeInTheDocument());
    // The read row has no 'Mark as read' left; the keyboard is on its notification, not on the page's body.
    expect(screen.getAllByRole('button', { name: 'Mark as read' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: /^note 2/ })).toHaveFocus();
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
