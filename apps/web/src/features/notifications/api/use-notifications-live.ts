import { useCallback, useEffect } from 'react';
import { UNREAD_COUNT_REFRESH_MS, type AppNotification } from '@shop/contracts';
import { useRealtimeConnection, useRealtimeEvent } from '../../../lib/realtime-client';
import type { NotificationArea } from './notifications-api';
import { notificationsStore } from './notifications-store';

/** While mounted (the bell in a layout): the count now and every 60 s, and new notifications as they come. */
export function useNotificationsLive(area: NotificationArea): void {
  useRealtimeConnection(area);
  const store = notificationsStore(area);
  const onNotification = useCallback(
    ({ notification }: { notification: AppNotification; unread_count: number }) =>
      store.receive(notification),
    [store],
  );
  useRealtimeEvent('notification', onNotification);
  useEffect(() => {
    void store.refreshCount();
    const timer = setInterval(() => void store.refreshCount(), UNREAD_COUNT_REFRESH_MS);
    return () => {
      clearInterval(timer);
      store.reset();
    };
  }, [store]);
}
