import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppNotification, NotificationsResponse } from '@shop/contracts';
import { renderWithProviders } from '../../../test/render';
import type { RealtimeHandler } from '../../../test/realtime';
import { server } from '../../../test/server';
import { LazyNotificationBell } from './lazy-notification-bell';

// The realtime client is replaced by a hand the test holds: it delivers the events the server would push.
const realtimeHandlers = vi.hoisted(() => new Map<string, RealtimeHandler>());
vi.mock('../../../lib/realtime-client', async () =>
  (await import('../../../test/realtime')).handHeldRealtime(realtimeHandlers),
);

const note = (id: number, read = false): AppNotification => ({
  id,
  read_at: read ? '2026-01-01T00:00:00.000Z' : null,
  created_at: '2026-01-01T00:00:00.000Z',
  data: { type: 'other', message: `note ${id}`, design_id: null, slug: null, sender_id: null },
});

/** The customer notifications API; returns the GETs it answered (page and per_page). */
function api(
  list: () => NotificationsResponse,
  paged?: (page: number, perPage: number) => NotificationsResponse,
) {
  const gets: string[] = [];
  server.use(
    http.get('/api/notifications', ({ request }) => {
      const url = new URL(request.url);
      const page = url.searchParams.get('page');
      const perPage = url.searchParams.get('per_page');
      gets.push(`${page}:${perPage}`);
      return HttpResponse.json(paged ? paged(Number(page), Number(perPage)) : list());
    }),
    http.post('/api/notifications/mark-all-read', () =>
      HttpResponse.json({ message: 'All notifications marked as read.', unread_count: 0 }),
    ),
  );
  return gets;
}

const badge = () => screen.getByTestId('notification-bell');

/** The bell as the layouts mount it, once its popover's code has loaded. */
async function renderBell() {
  const rendered = renderWithProviders(<LazyNotificationBell area="customer" />);
  await screen.findByTestId('notification-bell');
  return rendered;
}

beforeEach(() => realtimeHandlers.clear());
afterEach(() => vi.useRealTimers());

/**
 * The server's notifications, newest first, answered a page at a time as asked; returns the GETs (page:per_page).
 * `notes` may grow during the test (a notification made meanwhile).
 */
function pagedApi(notes: AppNotification[]) {
  return api(
    () => ({ notifications: [], unread_count: 0, total: 0 }),
    (page, perPage) => ({
      notifications: notes.slice((page - 1) * perPage, page * perPage),
      unread_count: notes.filter((n) => !n.read_at).length,
      total: notes.length,
    }),
  );
}

/** Twelve unread notifications, 12 the newest. */
const twelve = () => Array.from({ length: 12 }, (_, i) => note(12 - i));

/** The dropdown's notifications as shown, top to bottom. */
const shown = (panel: HTMLElement) =>
  within(panel)
    .getAllByRole('listitem')
    .map((li) => /note \d+/.exec(li.textContent ?? '')?.[0]);

/** The 2 seconds after a read, during which another is ignored (specs), go by. */
const twoSecondsLater = () => act(() => vi.advanceTimersByTime(2_000));

describe('NotificationBell', () => {
  it('says the latest could not be loaded rather than that there are none, and Try again reads them', async () => {
    const user = userEvent.setup();
    let up = false;
    server.use(
      http.get('/api/notifications', ({ request }) => {
        // The count's read (per_page 1) answers; the dropdown's fails until the shop is back.
        if (new URL(request.url).searchParams.get('per_page') === '1' || up)
          return HttpResponse.json({ notifications: [note(4)], unread_count: 1, total: 1 });
        return HttpResponse.json({ message: 'Server error' }, { status: 500 });
      }),
    );
    await renderBell();
    await user.click(badge());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Failed to load notifications.');
    expect(within(panel).queryByText('No notifications yet')).not.toBeInTheDocument();
    up = true;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('note 4')).toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers a notification about something as a link to it, marked read on the way; one about nothing as a button', async () => {
    const user = userEvent.setup();
    const chat: AppNotification = {
      ...note(5),
      data: { ...note(5).data, type: 'chat_message', message: 'New reply' },
    };
    api(() => ({ notifications: [chat, note(6)], unread_count: 2, total: 2 }));
    const reads: string[] = [];
    server.use(
      http.post('/api/notifications/:id/read', ({ params }) => {
        reads.push(String(params.id));
        return HttpResponse.json({ message: 'Notification marked as read.', unread_count: 1 });
      }),
    );
    await renderBell();
    await user.click(badge());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const link = await within(panel).findByRole('link', { name: /New reply/ });
    expect(link).toHaveAttribute('href', '/user/chat');
    expect(within(panel).getByRole('button', { name: /note 6/ })).toBeInTheDocument();
    await user.click(link);
    await waitFor(() => expect(reads).toEqual(['5']));
  });

  it("shows the server's unread count, and the latest five when opened", async () => {
    const user = userEvent.setup();
    const gets = api(() => ({ notifications: [note(2), note(1, true)], unread_count: 3, total: 2 }));
    await renderBell();
    await waitFor(() => expect(badge()).toHaveTextContent('3 unread notifications'));
    // The count is part of the button's name (its label would otherwise hide the badge's words).
    expect(badge()).toHaveAccessibleName('Notifications, 3 unread notifications');
    expect(gets).toEqual(['1:1']);

    await user.click(badge());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('note 2')).toBeInTheDocument();
    expect(gets).toEqual(['1:1', '1:5']);
  });

  it('does not fetch the dropdown again within 2 seconds', async () => {
    const user = userEvent.setup();
    const gets = api(() => ({ notifications: [note(1)], unread_count: 1, total: 1 }));
    await renderBell();
    await user.click(badge());
    await screen.findByText('note 1');
    await user.click(badge());
    await user.click(badge());
    await screen.findByText('note 1');
    expect(gets.filter((g) => g === '1:5')).toHaveLength(1);
  });

  it("takes a realtime notification's unread_count and prepends it to the open list", async () => {
    const user = userEvent.setup();
    api(() => ({ notifications: [note(1)], unread_count: 1, total: 1 }));
    await renderBell();
    await user.click(badge());
    await screen.findByText('note 1');

    realtimeHandlers.get('notification')!({ notification: note(9), unread_count: 7 });
    expect(await screen.findByText('note 9')).toBeInTheDocument();
    // The server's count, not the old one plus one.
    expect(badge()).toHaveTextContent('7 unread notifications');
    const items = within(screen.getByRole('dialog', { name: 'Notifications' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('note 9'),
      expect.stringContaining('note 1'),
    ]);
  });

  it('reads the count and the open list again when the realtime connection comes back after a drop', async () => {
    const user = userEvent.setup();
    let answer: NotificationsResponse = { notifications: [note(1)], unread_count: 1, total: 1 };
    api(() => answer);
    await renderBell();
    await user.click(badge());
    await screen.findByText('note 1');

    // Two notifications were made while the connection was down: no event brought them.
    answer = { notifications: [note(3), note(2), note(1)], unread_count: 3, total: 3 };
    realtimeHandlers.get('reconnect')!();
    expect(await screen.findByText('note 3')).toBeInTheDocument();
    await waitFor(() => expect(badge()).toHaveTextContent('3 unread notifications'));
  });

  it('in the back-office, reads the count again when a customer is deleted (their notifications went with them)', async () => {
    let unread = 4;
    server.use(
      http.get('/api/admin/notifications', () =>
        HttpResponse.json({ notifications: [note(1)], unread_count: unread, total: unread }),
      ),
    );
    renderWithProviders(<LazyNotificationBell area="admin" />);
    const bell = await screen.findByTestId('notification-bell');
    await waitFor(() => expect(bell).toHaveTextContent('4 unread notifications'));
    unread = 1;
    realtimeHandlers.get('customer:deleted')!({ userId: 7 });
    await waitFor(() => expect(bell).toHaveTextContent('1 unread notification'));
  });

  it('keeps the count of a notification that came while the count was being read', async () => {
    let answer: (() => void) | undefined;
    const asked = new Promise<void>((resolve) => {
      server.use(
        http.get('/api/notifications', async () => {
          resolve();
          // The server read the count before the notification was made, and answers after its event.
          await new Promise<void>((done) => (answer = done));
          return HttpResponse.json({ notifications: [], unread_count: 0, total: 0 });
        }),
      );
    });
    const { queryClient } = await renderBell();
    await asked;
    realtimeHandlers.get('notification')!({ notification: note(9), unread_count: 1 });
    await waitFor(() => expect(badge()).toHaveTextContent('1 unread notification'));
    answer!();
    // The older read is over (taken into the cache, or dropped) before the count is looked at again.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(badge()).toHaveTextContent('1 unread notification');
  });

  it('shows a notification that came while the open list was first being read', async () => {
    const user = userEvent.setup();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let listReads = 0;
    server.use(
      http.get('/api/notifications', async ({ request }) => {
        if (new URL(request.url).searchParams.get('per_page') === '1')
          return HttpResponse.json({ notifications: [note(1)], unread_count: 1, total: 1 });
        listReads += 1;
        // The first read of the list was answered from before the notification was made.
        if (listReads === 1) {
          await held;
          return HttpResponse.json({ notifications: [note(1)], unread_count: 1, total: 1 });
        }
        return HttpResponse.json({ notifications: [note(9), note(1)], unread_count: 2, total: 2 });
      }),
    );
    await renderBell();
    await waitFor(() => expect(badge()).toHaveTextContent('1 unread notification'));
    await user.click(badge());
    await waitFor(() => expect(listReads).toBe(1));
    realtimeHandlers.get('notification')!({ notification: note(9), unread_count: 2 });
    release();
    expect(await screen.findByText('note 9')).toBeInTheDocument();
    expect(screen.getByText('note 1')).toBeInTheDocument();
    expect(listReads).toBe(2);
  });

  it('reads the list again when a read of it was under way as all were marked read', async () => {
    const user = userEvent.setup();
    let marked = false;
    let hold: Promise<void> | null = null;
    let release = () => {};
    let held = () => {};
    const heldRead = new Promise<void>((resolve) => (held = resolve));
    server.use(
      http.get('/api/notifications', async ({ request }) => {
        // What the server reads when the request comes: unread until marked.
        const answer = { notifications: [note(1, marked)], unread_count: marked ? 0 : 1, total: 1 };
        if (hold && new URL(request.url).searchParams.get('per_page') !== '1') {
          const wait = hold;
          hold = null;
          held();
          await wait;
        }
        return HttpResponse.json(answer);
      }),
      http.post('/api/notifications/mark-all-read', () => {
        marked = true;
        return HttpResponse.json({ message: 'All notifications marked as read.', unread_count: 0 });
      }),
    );
    const { queryClient } = await renderBell();
    await user.click(badge());
    expect(await screen.findByText('(unread)', { exact: false })).toBeInTheDocument();
    // A read of the open list starts (a realtime event's, say) and is answered only after the marking.
    hold = new Promise<void>((resolve) => (release = resolve));
    void queryClient.invalidateQueries({ queryKey: ['notifications', 'customer', 'list'] });
    await heldRead;
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(badge()).not.toHaveTextContent('unread notification'));
    release();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getByText('note 1')).toBeInTheDocument();
    expect(screen.queryByText('(unread)', { exact: false })).not.toBeInTheDocument();
  });

  it("marks all read with the answer's count", async () => {
    const user = userEvent.setup();
    api(() => ({ notifications: [note(1)], unread_count: 1, total: 1 }));
    await renderBell();
    await user.click(badge());
    await screen.findByText('note 1');
    const markAll = screen.getByRole('button', { name: 'Mark all as read' });
    markAll.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(badge()).not.toHaveTextContent('unread notifications'));
    // Nothing left to mark: it says so, and keeps the keyboard focus it had (a browser drops the focus of a button
    // that becomes disabled to <body>; jsdom keeps it, so it must not be disabled).
    expect(markAll).toHaveAttribute('aria-disabled', 'true');
    expect(markAll).not.toBeDisabled();
    expect(markAll).toHaveFocus();
    const marked: string[] = [];
    server.use(
      http.post('/api/notifications/mark-all-read', ({ request }) => {
        marked.push(request.url);
        return HttpResponse.json({ message: 'All notifications marked as read.', unread_count: 0 });
      }),
    );
    await user.keyboard('{Enter}');
    expect(marked).toHaveLength(0);
  });

  it('loads the next five when scrolled to its end, and the ones after with Load more, from the keyboard', async () => {
    // Only the clock is the test's: 2 seconds pass when it says so, the rest runs as it would.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const gets = pagedApi(twelve());
    await renderBell();
    await user.click(badge());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findByText('note 12');
    expect(shown(panel)).toEqual(['note 12', 'note 11', 'note 10', 'note 9', 'note 8']);
    const list = within(panel).getByRole('list').parentElement!;

    // Reaching the end reads the next page at once; reached again while it is being read, nothing more.
    const more = within(panel).getByRole('button', { name: 'Load more notifications' });
    expect(more).not.toHaveAttribute('aria-disabled');
    fireEvent.scroll(list);
    fireEvent.scroll(list);
    await within(panel).findByText('note 3');
    expect(shown(panel)).toHaveLength(10);
    expect(gets.filter((g) => g.endsWith(':5'))).toEqual(['1:5', '2:5']);

    // The keyboard's way: Tab reaches the button past the notifications; the last page takes it away, and focus goes
    // to the first notification it brought, not to the page's body.
    await twoSecondsLater();
    within(panel)
      .getByRole('button', { name: /note 3/ })
      .focus();
    await user.tab();
    expect(more).toHaveFocus();
    await user.keyboard('{Enter}');
    await within(panel).findByText('note 1');
    expect(shown(panel)).toEqual(twelve().map((n) => n.data.message));
    expect(within(panel).queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /note 2/ })).toHaveFocus();
    expect(gets.filter((g) => g.endsWith(':5'))).toEqual(['1:5', '2:5', '3:5']);
  });

  it('keeps the pages read when a notification comes, shows each once, and marks them all read', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const notes = twelve();
    const gets = pagedApi(notes);
    await renderBell();
    await user.click(badge());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findByText('note 12');
    await twoSecondsLater();
    await user.click(within(panel).getByRole('button', { name: 'Load more notifications' }));
    await within(panel).findByText('note 3');

    // Made meanwhile: on top, and the server's pages have moved down by one.
    notes.unshift(note(13));
    realtimeHandlers.get('notification')!({ notification: note(13), unread_count: 13 });
    await within(panel).findByText('note 13');
    expect(shown(panel)).toHaveLength(11);
    await twoSecondsLater();
    await user.click(within(panel).getByRole('button', { name: 'Load more notifications' }));
    await within(panel).findByText('note 1');
    // note 3 came again at the top of page 3: shown once.
    expect(shown(panel)).toEqual(notes.map((n) => n.data.message));
    expect(gets.filter((g) => g.endsWith(':5'))).toEqual(['1:5', '2:5', '3:5']);

    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(badge()).not.toHaveTextContent('unread notification'));
    expect(within(panel).queryByText('(unread)', { exact: false })).not.toBeInTheDocument();
  });

  it('reads only the latest five again when reopened, not every page it had', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const gets = pagedApi(twelve());
    await renderBell();
    await user.click(badge());
    let panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findByText('note 12');
    await twoSecondsLater();
    await user.click(within(panel).getByRole('button', { name: 'Load more notifications' }));
    await within(panel).findByText('note 3');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await twoSecondsLater();
    await user.click(badge());
    panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(gets.filter((g) => g.endsWith(':5'))).toEqual(['1:5', '2:5', '1:5']));
    expect(shown(panel)).toHaveLength(5);
  });
});
