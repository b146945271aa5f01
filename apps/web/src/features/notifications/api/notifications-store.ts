import { useSyncExternalStore } from 'react';
import { NOTIFICATION_FETCH_THROTTLE_MS, type AppNotification } from '@shop/contracts';
import { setUnreadCount } from '../../../lib/unread-counts';
import {
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationArea,
} from './notifications-api';

/** The bell's dropdown (5 per page) and the full page (10 per page) keep separate lists; the count is shared. */
export type ListName = 'dropdown' | 'page';

export interface ListState {
  items: AppNotification[];
  total: number;
  page: number;
  perPage: number;
  loading: boolean;
  loaded: boolean;
}

export interface NotificationsState {
  unread: number;
  lists: Record<ListName, ListState>;
}

const emptyList = (perPage: number): ListState => ({
  items: [],
  total: 0,
  page: 1,
  perPage,
  loading: false,
  loaded: false,
});
const log = (what: string) => (error: unknown) => console.warn(`notifications: ${what} failed`, error);

/**
 * The notifications of one area, outside React so the bell, the badges and the page share them.
 * Fetch, mark-read and mark-all failures are only logged and leave the state as it was.
 */
class NotificationsStore {
  private state: NotificationsState = { unread: 0, lists: { dropdown: emptyList(5), page: emptyList(10) } };
  private readonly listeners = new Set<() => void>();
  private readonly lastFetch: Record<ListName, { at: number; key: string }> = {
    dropdown: { at: 0, key: '' },
    page: { at: 0, key: '' },
  };

  constructor(private readonly area: NotificationArea) {}

  getState = () => this.state;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private set(next: NotificationsState) {
    // The count never goes below 0.
    this.state = { ...next, unread: Math.max(0, next.unread) };
    setUnreadCount('notifications', this.state.unread);
    this.listeners.forEach((l) => l());
  }

  private setList(name: ListName, change: Partial<ListState>) {
    this.set({
      ...this.state,
      lists: { ...this.state.lists, [name]: { ...this.state.lists[name], ...change } },
    });
  }

  /**
   * Loads a page of a list. Ignored while that list is loading, and when the same page was fetched less than
   * 2 seconds ago (specs: notification fetches within 2 s of the previous one are ignored).
   */
  async fetch(
    name: ListName,
    page: number,
    perPage: number,
    options: { force?: boolean } = {},
  ): Promise<void> {
    const list = this.state.lists[name];
    const key = `${page}:${perPage}`;
    const last = this.lastFetch[name];
    if (list.loading) return;
    if (!options.force && last.key === key && Date.now() - last.at < NOTIFICATION_FETCH_THROTTLE_MS) return;
    this.lastFetch[name] = { at: Date.now(), key };
    this.setList(name, { loading: true });
    try {
      const answer = await fetchNotifications(this.area, page, perPage);
      this.set({
        unread: answer.unread_count,
        lists: {
          ...this.state.lists,
          [name]: {
            items: answer.notifications,
            total: answer.total,
            page,
            perPage,
            loading: false,
            loaded: true,
          },
        },
      });
    } catch (error) {
      log('fetch')(error);
      this.setList(name, { loading: false });
    }
  }

  /** The 60-second count refresh: page 1, one per page, only the count is kept. */
  async refreshCount(): Promise<void> {
    try {
      const answer = await fetchNotifications(this.area, 1, 1);
      this.set({ ...this.state, unread: answer.unread_count });
    } catch (error) {
      log('count refresh')(error);
    }
  }

  async markRead(id: number): Promise<void> {
    const wasUnread = this.find(id)?.read_at === null;
    try {
      await markNotificationRead(this.area, id);
    } catch (error) {
      log('mark read')(error);
      return;
    }
    const now = new Date().toISOString();
    const mark = (l: ListState): ListState => ({
      ...l,
      items: l.items.map((n) => (n.id === id && !n.read_at ? { ...n, read_at: now } : n)),
    });
    this.set({
      unread: this.state.unread - (wasUnread ? 1 : 0),
      lists: { dropdown: mark(this.state.lists.dropdown), page: mark(this.state.lists.page) },
    });
  }

  async markAllRead(): Promise<void> {
    try {
      await markAllNotificationsRead(this.area);
    } catch (error) {
      log('mark all read')(error);
      return;
    }
    const now = new Date().toISOString();
    const mark = (l: ListState): ListState => ({
      ...l,
      items: l.items.map((n) => (n.read_at ? n : { ...n, read_at: now })),
    });
    this.set({
      unread: 0,
      lists: { dropdown: mark(this.state.lists.dropdown), page: mark(this.state.lists.page) },
    });
  }

  /** A realtime notification: the count goes up; it joins each loaded, non-empty list it is not already in. */
  receive(notification: AppNotification): void {
    const add = (l: ListState): ListState =>
      l.items.length === 0 || l.items.some((n) => n.id === notification.id)
        ? l
        : { ...l, items: [notification, ...l.items], total: l.total + 1 };
    this.set({
      unread: this.state.unread + 1,
      lists: { dropdown: add(this.state.lists.dropdown), page: add(this.state.lists.page) },
    });
  }

  /** Forgets everything (sign-out). */
  reset(): void {
    this.lastFetch.dropdown = { at: 0, key: '' };
    this.lastFetch.page = { at: 0, key: '' };
    this.set({ unread: 0, lists: { dropdown: emptyList(5), page: emptyList(10) } });
  }

  private find(id: number) {
    return (
      this.state.lists.dropdown.items.find((n) => n.id === id) ??
      this.state.lists.page.items.find((n) => n.id === id)
    );
  }
}

const stores: Record<NotificationArea, NotificationsStore> = {
  customer: new NotificationsStore('customer'),
  admin: new NotificationsStore('admin'),
};

export function notificationsStore(area: NotificationArea): NotificationsStore {
  return stores[area];
}

export function useNotificationsState(area: NotificationArea): NotificationsState {
  const store = stores[area];
  return useSyncExternalStore(store.subscribe, store.getState);
}
