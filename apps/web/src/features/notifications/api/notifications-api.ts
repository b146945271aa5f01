import { queryOptions, type QueryKey } from '@tanstack/react-query';
import {
  NOTIFICATION_FETCH_THROTTLE_MS,
  UNREAD_COUNT_REFRESH_MS,
  type NotificationReadResponse,
  type NotificationsResponse,
} from '@shop/contracts';
import { api, OWN_ERRORS } from '../../../lib/api-client';
import type { SessionKind } from '../../../lib/storage-keys';

export type NotificationArea = SessionKind;

// Failures are only logged (specs, section 8): OWN_ERRORS, so a 401 still ends the session.
const base = (area: NotificationArea) =>
  area === 'admin' ? '/api/admin/notifications' : '/api/notifications';

export function fetchNotifications(area: NotificationArea, page: number, perPage: number) {
  return api.get<NotificationsResponse>(base(area), {
    token: area,
    query: { page, per_page: perPage },
    ...OWN_ERRORS,
  });
}

export function markNotificationRead(area: NotificationArea, id: number) {
  return api.post<NotificationReadResponse>(`${base(area)}/${id}/read`, undefined, {
    token: area,
    ...OWN_ERRORS,
  });
}

export function markAllNotificationsRead(area: NotificationArea) {
  return api.post<NotificationReadResponse>(`${base(area)}/mark-all-read`, undefined, {
    token: area,
    ...OWN_ERRORS,
  });
}

export const notificationKeys = {
  all: (area: NotificationArea) => ['notifications', area] as const,
  lists: (area: NotificationArea) => ['notifications', area, 'list'] as const,
  list: (area: NotificationArea, page: number, perPage: number) =>
    ['notifications', area, 'list', page, perPage] as const,
  /** The page of a list's key. */
  pageOf: (key: QueryKey) => key[3] as number,
  unread: (area: NotificationArea) => ['notifications', area, 'unread'] as const,
};

/**
 * A page of an area's notifications. TanStack Query gives the spec's guards: a fetch while the same one is in
 * flight joins it, and a page fetched less than 2 seconds ago is not fetched again (staleTime). Every answer's
 * unread_count is the server's count and replaces the cached one.
 */
export const notificationsListQuery = (area: NotificationArea, page: number, perPage: number) =>
  queryOptions({
    queryKey: notificationKeys.list(area, page, perPage),
    queryFn: async ({ client }) => {
      const answer = await fetchNotifications(area, page, perPage);
      client.setQueryData(notificationKeys.unread(area), answer.unread_count);
      return answer;
    },
    staleTime: NOTIFICATION_FETCH_THROTTLE_MS,
  });

/** The unread count: page 1 with one per page (specs), read again every 60 seconds while a badge shows it. */
export const unreadNotificationsQuery = (area: NotificationArea) =>
  queryOptions({
    queryKey: notificationKeys.unread(area),
    queryFn: async () => (await fetchNotifications(area, 1, 1)).unread_count,
    staleTime: NOTIFICATION_FETCH_THROTTLE_MS,
    refetchInterval: UNREAD_COUNT_REFRESH_MS,
  });
