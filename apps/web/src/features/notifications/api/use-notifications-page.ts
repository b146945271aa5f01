import { useEffect } from 'react';
import { NOTIFICATIONS_PAGE_DEBOUNCE_MS, PAGE_SIZE } from '@shop/contracts';
import { useDebounce } from '../../../lib/use-debounce';
import type { NotificationArea } from './notifications-api';
import { notificationsStore, useNotificationsState } from './notifications-store';

/** The full notifications page's list (10 per page); page changes settle for 200 ms before a fetch. */
export function useNotificationsPage(area: NotificationArea, page: number) {
  const store = notificationsStore(area);
  const state = useNotificationsState(area);
  const settled = useDebounce(page, NOTIFICATIONS_PAGE_DEBOUNCE_MS);
  useEffect(() => {
    void store.fetch('page', settled, PAGE_SIZE.notifications);
  }, [store, settled]);
  const list = state.lists.page;
  return {
    store,
    unread: state.unread,
    list,
    lastPage: Math.max(1, Math.ceil(list.total / PAGE_SIZE.notifications)),
  };
}
