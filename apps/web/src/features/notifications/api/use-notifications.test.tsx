import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { notificationKeys } from './notifications-api';
import { useNotificationsList, useUnreadNotificationCount } from './use-notifications';

afterEach(() => vi.restoreAllMocks());

/** One of the customer layout's badges (the sidebar's and the bottom bar's links, the bell): each reads the count. */
function Badge() {
  return <span>{useUnreadNotificationCount('customer')} unread</span>;
}

function List() {
  const list = useNotificationsList('customer', 1, 5);
  return <span>{list.loading ? 'loading' : 'settled'}</span>;
}

/** The notifications API down: every read fails as a network failure does. Returns how many were made. */
function networkDown() {
  const reads: string[] = [];
  server.use(
    http.get('/api/notifications', ({ request }) => {
      reads.push(new URL(request.url).search);
      return HttpResponse.error();
    }),
  );
  return reads;
}

const countWarnings = (warn: { mock: { calls: unknown[][] } }, what: string) =>
  warn.mock.calls.filter(([text]) => text === `notifications: ${what} failed`).length;

describe('notification failures', () => {
  it('logs a failed count refresh once per request, however many screens show the count', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reads = networkDown();
    let commits = 0;
    const { queryClient } = renderWithProviders(
      <Profiler id="badges" onRender={() => (commits += 1)}>
        {Array.from({ length: 8 }, (_, i) => (
          <Badge key={i} />
        ))}
      </Profiler>,
      // As the app runs in development, where the reviewer saw it: effects run twice.
      { strict: true },
    );
    await waitFor(() => expect(countWarnings(warn, 'count refresh')).toBe(1));
    expect(reads).toHaveLength(1);

    // The next refresh (every 60 seconds) fails too.
    await act(() => queryClient.refetchQueries({ queryKey: notificationKeys.unread('customer') }));
    await waitFor(() => expect(reads).toHaveLength(2));
    await waitFor(() => expect(countWarnings(warn, 'count refresh')).toBe(2));

    expect(screen.getAllByText('0 unread')).toHaveLength(8);

    // And nothing kept rendering or reading meanwhile. The next refresh, which succeeds, is the barrier: by the time
    // its count shows, a loop of renders or reads would have added more than that one update's commits and read.
    const settled = commits;
    server.use(
      http.get('/api/notifications', ({ request }) => {
        reads.push(new URL(request.url).search);
        return HttpResponse.json({ notifications: [], unread_count: 3, total: 3 });
      }),
    );
    await act(() => queryClient.refetchQueries({ queryKey: notificationKeys.unread('customer') }));
    expect(await screen.findAllByText('3 unread')).toHaveLength(8);
    expect(reads).toHaveLength(3);
    expect(commits - settled).toBe(1);
  });

  it('logs a failed list read once per request, however many screens show the list', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reads = networkDown();
    renderWithProviders(
      <>
        <List />
        <List />
        <List />
      </>,
      { strict: true },
    );
    await waitFor(() => expect(screen.getAllByText('settled')).toHaveLength(3));
    expect(reads).toHaveLength(1);
    expect(countWarnings(warn, 'fetch')).toBe(1);
  });
});
