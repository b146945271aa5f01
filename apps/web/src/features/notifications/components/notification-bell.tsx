import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CUSTOMER_MESSAGES, PAGE_SIZE, type AppNotification } from '@shop/contracts';
import { CountBadge } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/cx';
import { BellIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import type { NotificationArea } from '../api/notifications-api';
import { notificationsStore, useNotificationsState } from '../api/notifications-store';
import { notificationTarget } from '../api/notification-target';
import { useNotificationsLive } from '../api/use-notifications-live';
import { NotificationText } from './notification-item';

/**
 * The notification bell of a layout's top bar: the unread count, and a dropdown with the latest five,
 * 'Mark all as read' and 'View all notifications'. Mounting it keeps the area's count live.
 */
export function NotificationBell({ area, className }: { area: NotificationArea; className?: string }) {
  useNotificationsLive(area);
  const state = useNotificationsState(area);
  const store = notificationsStore(area);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const list = state.lists.dropdown;

  useEffect(() => {
    if (!open) return;
    void store.fetch('dropdown', 1, PAGE_SIZE.notificationDropdown);
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, store]);

  const choose = async (n: AppNotification) => {
    setOpen(false);
    if (!n.read_at) await store.markRead(n.id);
    const target = notificationTarget(area, n);
    if (target) await navigate(target);
  };

  const allPath = area === 'admin' ? '/admin/notifications' : '/user/notifications';

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className={cx('relative rounded-full p-2 text-navy-800 hover:bg-navy-50', className)}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Notifications"
        onClick={() => setOpen((o) => !o)}
        data-testid="notification-bell"
      >
        <BellIcon className="size-6" />
        <CountBadge
          count={state.unread}
          label="unread notifications"
          className="absolute -top-0.5 -right-1"
        />
      </button>
      {open && (
        <div
          id={panelId}
          role="dialog"
          aria-label="Notifications"
          className="absolute right-0 z-50 mt-2 w-[min(22rem,calc(100vw-1.5rem))] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <h2 className="text-sm font-semibold text-navy-900">Notifications</h2>
            <button
              type="button"
              className="text-xs font-semibold text-copper-700 hover:underline disabled:opacity-50"
              onClick={() => void store.markAllRead()}
              disabled={state.unread === 0}
            >
              Mark all as read
            </button>
          </div>
          <div className="max-h-96 overflow-y-auto">
            {list.loading && !list.loaded ? (
              <div className="flex justify-center p-6 text-navy-600">
                <Spinner label="Loading notifications…" />
              </div>
            ) : list.items.length === 0 ? (
              <p className="p-6 text-center text-sm text-slate-600">{CUSTOMER_MESSAGES.noNotifications}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {list.items.map((n) => (
                  <li key={n.id}>
                    <button
                      type="button"
                      onClick={() => void choose(n)}
                      className={cx(
                        'w-full px-4 py-3 text-left hover:bg-slate-50',
                        !n.read_at && 'bg-copper-50/60',
                      )}
                    >
                      <NotificationText notification={n} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <Link
            to={allPath}
            onClick={() => setOpen(false)}
            className="block border-t border-slate-200 px-4 py-3 text-center text-sm font-semibold text-navy-800 hover:bg-slate-50"
          >
            View all notifications
          </Link>
        </div>
      )}
    </div>
  );
}
