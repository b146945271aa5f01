import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  NOTIFICATION_FETCH_THROTTLE_MS,
  UNREAD_COUNT_REFRESH_MS,
  type NotificationReadResponse,
  type NotificationsResponse,
} from '@shop/contracts';
import { api, OWN_ERRORS } from '../../../lib/api-client';
import type { SessionKind } from '../../../lib/storage-keys';

export type NotificationArea = SessionKind;

/** Fetch, mark-read and mark-all failures are only logged (specs, section 8) and leave the cache as it was. */
export const warn = (what: string) => (error: unknown) =>
  console.warn(`notifications: ${what} failed`, error);

/**
 * A read's answer; its failure is logged here, once per failed request, and handed on to the query. Not in the
 * hooks: every badge and list showing the data runs them (the customer area shows the count on a dozen links), and
 * each would log the same failure again.
 */
async function loggedRead<T>(what: string, read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    warn(what)(error);
    throw error;
  }
}

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
  /**
   * The bell's dropdown: one list read 5 at a time as it is scrolled (an infinite query, its data the pages read),
   * among the area's lists so what is written into them (a realtime notification, marking read) reaches it too.
   */
  dropdown: (area: NotificationArea) => ['notifications', area, 'list', 'dropdown'] as const,
  /** The page of a list's key; the dropdown's first page is its top, like a first page's. */
  pageOf: (key: QueryKey) => (typeof key[3] === 'number' ? key[3] : 1),
  unread: (area: NotificationArea) => ['notifications', area, 'unread'] as const,
};

/**
 * A page of an area's notifications, read for a list (the page's, or the bell's dropdown): its unread_count, the
 * server's count, replaces the cached one; a failure is logged.
 */
export async function readNotificationsPage(
  client: QueryClient,
  area: NotificationArea,
  page: number,
  perPage: number,
): Promise<NotificationsResponse> {
  const answer = await loggedRead('fetch', fetchNotifications(area, page, perPage));
  client.setQueryData(notificationKeys.unread(area), answer.unread_count);
  return answer;
}

/**
 * A page of an area's notifications. TanStack Query gives the spec's guards: a fetch while the same one is in
 * flight joins it, and a page fetched less than 2 seconds ago is not fetched again (staleTime). Every answer's
 * unread_count is the server's count and replaces the cached one (readNotificationsPage).
 */
export const notificationsListQuery = (area: NotificationArea, page: number, perPage: number) =>
  queryOptions({
    queryKey: notificationKeys.list(area, page, perPage),
    queryFn: ({ client }) => readNotificationsPage(client, area, page, perPage),
    staleTime: NOTIFICATION_FETCH_THROTTLE_MS,
  });

/** The unread count: page 1 with one per page (specs), read again every 60 seconds while a badge shows it. */
export const unreadNotificationsQuery = (area: NotificationArea) =>
  queryOptions({
    queryKey: notificationKeys.unread(area),
    queryFn: async () => (await loggedRead('count refresh', fetchNotifications(area, 1, 1))).unread_count,
    staleTime: NOTIFICATION_FETCH_THROTTLE_MS,
    refetchInterval: UNREAD_COUNT_REFRESH_MS,
  });
