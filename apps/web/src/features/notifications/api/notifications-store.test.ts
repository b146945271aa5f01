import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppNotification, NotificationsResponse } from '@shop/contracts';
import { getUnreadCount } from '../../../lib/unread-counts';
import { notificationsStore } from './notifications-store';
import * as apiModule from './notifications-api';

vi.mock('./notifications-api', () => ({
  fetchNotifications: vi.fn(),
  markNotificationRead: vi.fn(),
  markAllNotificationsRead: vi.fn(),
}));

const api = vi.mocked(apiModule);

const note = (id: number, read = false): AppNotification => ({
  id,
  read_at: read ? '2026-01-01T00:00:00.000Z' : null,
  created_at: '2026-01-01T00:00:00.000Z',
  data: { type: 'chat_message', message: `note ${id}`, design_id: null, slug: null, sender_id: 7 },
});

const page = (items: AppNotification[], unread: number, total = items.length): NotificationsResponse => ({
  notifications: items,
  unread_count: unread,
  total,
});

const store = notificationsStore('customer');

beforeEach(() => {
  vi.useFakeTimers();
  store.reset();
  vi.clearAllMocks();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('notifications store', () => {
  it('loads a page and publishes the unread count for the badges', async () => {
    api.fetchNotifications.mockResolvedValueOnce(page([note(2), note(1, true)], 1));
    await store.fetch('dropdown', 1, 5);
    expect(api.fetchNotifications).toHaveBeenCalledWith('customer', 1, 5);
    expect(store.getState().lists.dropdown.items.map((n) => n.id)).toEqual([2, 1]);
    expect(store.getState().unread).toBe(1);
    expect(getUnreadCount('notifications')).toBe(1);
  });

  it('ignores the same fetch within 2 seconds, and any fetch while one is loading', async () => {
    api.fetchNotifications.mockResolvedValue(page([note(1)], 1));
    await store.fetch('page', 1, 10);
    await store.fetch('page', 1, 10);
    expect(api.fetchNotifications).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2_001);
    await store.fetch('page', 1, 10);
    expect(api.fetchNotifications).toHaveBeenCalledTimes(2);

    let release!: (v: NotificationsResponse) => void;
    api.fetchNotifications.mockReturnValueOnce(new Promise((r) => (release = r)));
    const slow = store.fetch('page', 2, 10);
    await store.fetch('page', 3, 10);
    expect(api.fetchNotifications).toHaveBeenCalledTimes(3);
    release(page([note(9)], 1, 11));
    await slow;
    expect(store.getState().lists.page.page).toBe(2);
  });

  it('a realtime notification raises the count and is prepended only to non-empty lists that lack it', async () => {
    api.fetchNotifications.mockResolvedValueOnce(page([note(1)], 1));
    await store.fetch('dropdown', 1, 5);
    store.receive(note(5));
    store.receive(note(5));
    expect(store.getState().lists.dropdown.items.map((n) => n.id)).toEqual([5, 1]);
    expect(store.getState().lists.page.items).toEqual([]);
    expect(store.getState().unread).toBe(3);
  });

  it('mark read and mark all: the count never goes below 0; failures change nothing', async () => {
    api.fetchNotifications.mockResolvedValueOnce(page([note(2), note(1)], 1));
    await store.fetch('dropdown', 1, 5);
    api.markNotificationRead.mockResolvedValue({ message: 'ok', unread_count: 0 });
    await store.markRead(2);
    await store.markRead(1);
    expect(store.getState().unread).toBe(0);
    expect(store.getState().lists.dropdown.items.every((n) => n.read_at)).toBe(true);

    store.receive(note(3));
    api.markAllNotificationsRead.mockRejectedValueOnce(new Error('offline'));
    await store.markAllRead();
    expect(store.getState().unread).toBe(1);
    expect(store.getState().lists.dropdown.items[0]!.read_at).toBeNull();
    expect(console.warn).toHaveBeenCalled();

    api.markAllNotificationsRead.mockResolvedValueOnce({ message: 'ok', unread_count: 0 });
    await store.markAllRead();
    expect(store.getState().unread).toBe(0);
    expect(getUnreadCount('notifications')).toBe(0);
  });

  it('the count refresh asks for page 1 with one per page and keeps only the count', async () => {
    api.fetchNotifications.mockResolvedValueOnce(page([note(8)], 4, 9));
    await store.refreshCount();
    expect(api.fetchNotifications).toHaveBeenCalledWith('customer', 1, 1);
    expect(store.getState().unread).toBe(4);
    expect(store.getState().lists.dropdown.items).toEqual([]);
  });
});
