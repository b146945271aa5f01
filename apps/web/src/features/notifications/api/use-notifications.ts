import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  NOTIFICATIONS_PAGE_DEBOUNCE_MS,
  PAGE_SIZE,
  type AppNotification,
  type NotificationsResponse,
} from '@shop/contracts';
import { useRealtimeConnection, useRealtimeEvent, useRealtimeReconnect } from '../../../lib/realtime-client';
import { failureWithReason } from '../../../lib/api-error';
import { readAgain, readAgainWhileFetching } from '../../../lib/query-client';
import { useDebounce } from '../../../lib/use-debounce';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
  notificationsListQuery,
  unreadNotificationsQuery,
  warn,
  type NotificationArea,
} from './notifications-api';

/** The server's unread count of an area (never below 0), read again every 60 s while a badge shows it. */
export function useUnreadNotificationCount(area: NotificationArea): number {
  // A failed read is logged by the query, once (notifications-api.ts).
  const { data } = useQuery(unreadNotificationsQuery(area));
  return Math.max(0, data ?? 0);
}

/**
 * Said in place of the list (the page's and the bell's) when it could not be loaded and the failure is not the
 * connection's; the failure itself is also logged, as the specs ask.
 */
export const NOTIFICATIONS_FAILED = 'Failed to load notifications.';

/** One page of the notifications page's list (the bell's dropdown reads its own, use-notification-dropdown.ts). */
export function useNotificationsList(area: NotificationArea, page: number, perPage: number) {
  const query = useQuery({
    ...notificationsListQuery(area, page, perPage),
    placeholderData: keepPreviousData,
  });
  return {
    items: query.data?.notifications ?? [],
    total: query.data?.total ?? 0,
    loaded: query.data !== undefined,
    loading: query.isFetching,
    /** Why the list could not be loaded, when nothing was loaded before (null otherwise). */
    failure:
      query.isError && query.data === undefined ? failureWithReason(query.error, NOTIFICATIONS_FAILED) : null,
    retry: () => void query.refetch(),
  };
}

/** A cached list: a page of the full page's, or the dropdown's pages read so far (an infinite query). */
type CachedList = NotificationsResponse | InfiniteData<NotificationsResponse, number>;

const isPages = (list: CachedList): list is InfiniteData<NotificationsResponse, number> => 'pages' in list;

/**
 * Writes the server's unread count, and a change of the notifications, into every cached list of the area; the
 * change is told each list's page (each of the dropdown's pages is told its own).
 */
function writeCache(
  client: QueryClient,
  area: NotificationArea,
  unread: number,
  change: (list: NotificationsResponse, page: number) => NotificationsResponse,
) {
  client.setQueryData(notificationKeys.unread(area), unread);
  const write = (list: NotificationsResponse, page: number) => ({
    ...change(list, page),
    unread_count: unread,
  });
  for (const [key, old] of client.getQueriesData<CachedList>({ queryKey: notificationKeys.lists(area) })) {
    if (!old) continue;
    const next: CachedList = isPages(old)
      ? { ...old, pages: old.pages.map((list, i) => write(list, old.pageParams[i] ?? i + 1)) }
      : write(old, notificationKeys.pageOf(key));
    client.setQueryData(key, next);
  }
}

const markEach = (list: NotificationsResponse, mark: (n: AppNotification) => AppNotification) => ({
  ...list,
  notifications: list.notifications.map(mark),
});

/**
 * What the cache holds when 'Mark all as read' is pressed: the ids of the loaded notifications (the ones the server
 * is asked to mark), and how often the count had been written (a realtime notification, or a read of the count or
 * of a list, writes it).
 */
function markAllStart(client: QueryClient, area: NotificationArea) {
  const ids = new Set<number>();
  for (const [, list] of client.getQueriesData<CachedList>({ queryKey: notificationKeys.lists(area) }))
    for (const page of !list ? [] : isPages(list) ? list.pages : [list])
      for (const n of page.notifications) ids.add(n.id);
  const countWrites = () =>
    client.getQueryCache().find({ queryKey: notificationKeys.unread(area), exact: true })?.state
      .dataUpdateCount ?? 0;
  const writes = countWrites();
  return { ids, countWrittenSince: () => countWrites() !== writes };
}

/**
 * Mark one, or all, read: the answer's unread_count becomes the count; the lists show them read. Mark all shows
 * read only the notifications loaded before it was pressed: one that came meanwhile (its realtime event may be
 * ahead of the answer) may have been made after the server's update, and stays unread. When the count was written
 * during the call, nothing tells which of the two came first: the count and the lists are read again; otherwise the
 * reads still under way when the answer comes are.
 */
export function useNotificationActions(area: NotificationArea) {
  const client = useQueryClient();
  const markOne = useMutation({
    mutationFn: (id: number) => markNotificationRead(area, id),
    onSuccess: (answer, id) => {
      const now = new Date().toISOString();
      writeCache(client, area, answer.unread_count, (list) =>
        markEach(list, (n) => (n.id === id && !n.read_at ? { ...n, read_at: now } : n)),
      );
    },
    onError: warn('mark read'),
  });
  const markAll = useMutation({
    mutationFn: async () => {
      const start = markAllStart(client, area);
      return { answer: await markAllNotificationsRead(area), start };
    },
    onSuccess: ({ answer, start }) => {
      const now = new Date().toISOString();
      const raced = start.countWrittenSince();
      writeCache(client, area, answer.unread_count, (list) =>
        markEach(list, (n) => (n.read_at || !start.ids.has(n.id) ? n : { ...n, read_at: now })),
      );
      if (raced) void readAgain(client, notificationKeys.all(area));
      // A read still under way may have been answered before the server marked them, and would show them unread.
      else readAgainWhileFetching(client, notificationKeys.all(area));
    },
    onError: warn('mark all read'),
  });
  return {
    /** Settles once the call is over, failed or not (a failure is logged). */
    markRead: (id: number) =>
      markOne.mutateAsync(id).then(
        () => undefined,
        () => undefined,
      ),
    markAllRead: () => markAll.mutate(),
  };
}

/**
 * While mounted (the bell in a layout): the area's realtime connection, and new notifications as they come. The
 * event's unread_count becomes the count; the notification is prepended to each cached, non-empty first page of
 * the area that does not hold it yet, and later pages are read again. A read of the count or of a list that was
 * under way when the event came was answered before it: the count's read is cancelled (the event's count stays), a
 * list's is made again (readAgain).
 */
export function useNotificationsLive(area: NotificationArea): void {
  useRealtimeConnection(area);
  const client = useQueryClient();
  const onNotification = useCallback(
    ({ notification, unread_count }: { notification: AppNotification; unread_count: number }) => {
      writeCache(client, area, unread_count, (list, page) =>
        page !== 1 ||
        list.notifications.length === 0 ||
        list.notifications.some((n) => n.id === notification.id)
          ? list
          : { ...list, notifications: [notification, ...list.notifications], total: list.total + 1 },
      );
      // Cancelling keeps the data written since the read began (TanStack restores the latest set data).
      void client.cancelQueries({ queryKey: notificationKeys.unread(area) });
      // A list read under way (its first one too, which an invalidation alone would let run on) was answered before
      // the event, and a later page's rows have each moved down by one: those are read again (a page not on screen
      // when it is next shown). A first page at rest keeps what was written, and so does the dropdown at rest: its
      // later pages hold the same rows below the new one (the next page it reads may bring one of them again, which
      // it shows once).
      for (const query of client.getQueryCache().findAll({ queryKey: notificationKeys.lists(area) })) {
        if (query.state.fetchStatus === 'fetching' || notificationKeys.pageOf(query.queryKey) !== 1)
          void readAgain(client, query.queryKey);
      }
    },
    [area, client],
  );
  useRealtimeEvent('notification', onNotification);
  // Notifications made while the connection was down brought no event: the count and the lists are read again.
  // So are they when a customer's account is deleted: the server deleted the notifications about them.
  const onReconnect = useCallback(() => {
    void readAgain(client, notificationKeys.all(area));
  }, [area, client]);
  useRealtimeReconnect(onReconnect);
  useRealtimeEvent('customer:deleted', onReconnect);
}

/** The full notifications page's list (10 per page); page changes settle for 200 ms before a fetch. */
export function useNotificationsPage(area: NotificationArea, page: number) {
  const settled = useDebounce(page, NOTIFICATIONS_PAGE_DEBOUNCE_MS);
  const list = useNotificationsList(area, settled, PAGE_SIZE.notifications);
  return {
    list,
    page: settled,
    unread: useUnreadNotificationCount(area),
    lastPage: Math.max(1, Math.ceil(list.total / PAGE_SIZE.notifications)),
  };
}
