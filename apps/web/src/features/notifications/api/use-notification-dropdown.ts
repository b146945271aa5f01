import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import {
  NOTIFICATION_FETCH_THROTTLE_MS,
  PAGE_SIZE,
  type AppNotification,
  type NotificationsResponse,
} from '@shop/contracts';
import { failureWithReason } from '../../../lib/api-error';
import { notificationKeys, readNotificationsPage, type NotificationArea } from './notifications-api';
import { NOTIFICATIONS_FAILED } from './use-notifications';

// The bell's own module (its popover's lazily loaded chunk): the infinite query's observer stays out of the
// signed-in areas' first load, as it does for the chat.

const PER_PAGE = PAGE_SIZE.notificationDropdown;

type Pages = InfiniteData<NotificationsResponse, number>;

/** The pages' notifications in order, each once: a notification pushed since shifts the later pages down by one. */
function flatten(data: { pages: NotificationsResponse[] } | undefined): AppNotification[] {
  const seen = new Set<number>();
  return (data?.pages ?? [])
    .flatMap((page) => page.notifications)
    .filter((n) => !seen.has(n.id) && Boolean(seen.add(n.id)));
}

/**
 * The bell's dropdown: the latest 5 when it opens, and 5 more each time it is scrolled to its end or its 'Load
 * more' is pressed (the specs' 5 per page). A next page asked while a read is under way is ignored (`canLoadMore`
 * says when it would be); reopening within 2 seconds reads nothing (staleTime: the specs' throttle of repeated
 * fetches). A next page the visitor asks for is not held back by those 2 seconds: the button would answer nothing.
 * Closed, it keeps only its first page, so the next opening reads 5 again rather than every page it had. Every
 * answer's unread_count becomes the count; a failed read is logged (notifications-api).
 */
export function useNotificationDropdown(area: NotificationArea, open: boolean) {
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: notificationKeys.dropdown(area),
    queryFn: ({ client: cache, pageParam }) => readNotificationsPage(cache, area, pageParam, PER_PAGE),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, page) => (page * PER_PAGE < last.total ? page + 1 : undefined),
    staleTime: NOTIFICATION_FETCH_THROTTLE_MS,
    enabled: open,
  });

  useEffect(() => {
    if (open) return;
    const key = notificationKeys.dropdown(area);
    if ((client.getQueryData<Pages>(key)?.pages.length ?? 0) < 2) return;
    // A later page still being read would put the pages back: it is cancelled first. The first page keeps its
    // time, so the 2 seconds of reopening count from when it was read.
    void client.cancelQueries({ queryKey: key, exact: true }).then(() => {
      const updatedAt = client.getQueryState(key)?.dataUpdatedAt;
      client.setQueryData<Pages>(
        key,
        (data) => data && { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
        { updatedAt },
      );
    });
  }, [open, area, client]);

  const items = useMemo(() => flatten(query.data), [query.data]);
  const canLoadMore = !query.isFetching;
  return {
    items,
    loaded: query.data !== undefined,
    loading: query.isFetching,
    /** Why the list could not be loaded, when nothing was loaded before (null otherwise). */
    failure:
      query.isError && query.data === undefined ? failureWithReason(query.error, NOTIFICATIONS_FAILED) : null,
    retry: () => void query.refetch(),
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    /** Whether a read asked now would be made (not ignored by the guards). */
    canLoadMore,
    /** Reads the next 5, unless a read is under way; true when it does read. */
    loadMore: () => {
      if (!query.hasNextPage || !canLoadMore) return false;
      void query.fetchNextPage({ cancelRefetch: false });
      return true;
    },
  };
}
