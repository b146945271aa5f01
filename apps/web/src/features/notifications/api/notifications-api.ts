import type { NotificationReadResponse, NotificationsResponse } from '@shop/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import type { SessionKind } from '../../../lib/storage-keys';

export type NotificationArea = SessionKind;

// Failures are only logged (specs, section 8); a 401 still ends the session through the client.
const quiet = { callerHandles: (e: ApiError) => e.status !== 401 };
const base = (area: NotificationArea) =>
  area === 'admin' ? '/api/admin/notifications' : '/api/notifications';

export function fetchNotifications(area: NotificationArea, page: number, perPage: number) {
  return api.get<NotificationsResponse>(base(area), {
    token: area,
    query: { page, per_page: perPage },
    ...quiet,
  });
}

export function markNotificationRead(area: NotificationArea, id: number) {
  return api.post<NotificationReadResponse>(`${base(area)}/${id}/read`, undefined, { token: area, ...quiet });
}

export function markAllNotificationsRead(area: NotificationArea) {
  return api.post<NotificationReadResponse>(`${base(area)}/mark-all-read`, undefined, {
    token: area,
    ...quiet,
  });
}
