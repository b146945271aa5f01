import * as Popover from '@radix-ui/react-popover';
import { useEffect, useRef, useState, type UIEvent } from 'react';
import { Link } from 'react-router';
import { CUSTOMER_MESSAGES, type AppNotification } from '@shop/contracts';
import { CountBadge, countedName } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/cx';
import { BellIcon } from '../../../components/ui/icons';
import { LoadError } from '../../../components/ui/lists/paged-list';
import { Spinner } from '../../../components/ui/spinner';
import type { NotificationArea } from '../api/notifications-api';
import { useNotificationDropdown } from '../api/use-notification-dropdown';
import { useNotificationActions, useUnreadNotificationCount } from '../api/use-notifications';
import { NotificationText } from './notification-item';
import { NotificationOpener } from './notification-opener';

/** How near its end (px) the scrolled dropdown reads its next page. */
const END_SLACK = 48;

/**
 * The notification bell of a layout's top bar: the unread count, and a dropdown with the latest five, five more
 * each time it is scrolled to its end (or its 'Load more' is pressed, the keyboard's way), 'Mark all as read' and
 * 'View all notifications' (a Radix popover: Escape and a click outside close it, focus returns to the bell). Its
 * count and lists are kept live by LazyNotificationBell, which the layouts mount.
 */
export function NotificationBell({ area, className }: { area: NotificationArea; className?: string }) {
  const unread = useUnreadNotificationCount(area);
  const actions = useNotificationActions(area);
  const [open, setOpen] = useState(false);
  const list = useNotificationDropdown(area, open);

  // After 'Load more' (or a scroll while it has the focus), focus moves to the first notification it brought: the
  // button is gone after the last page, and a screen reader's user hears what came. A read that failed (only
  // logged) leaves the focus on the button; one who scrolled with the focus elsewhere keeps it there.
  const itemsList = useRef<HTMLUListElement>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
  const focusFrom = useRef<number | null>(null);
  const loadMore = () => {
    const from = list.items.length;
    if (list.loadMore() && document.activeElement === moreButton.current) focusFrom.current = from;
  };
  const readNearEnd = (event: UIEvent<HTMLElement>) => {
    const box = event.currentTarget;
    if (box.scrollHeight - box.scrollTop - box.clientHeight <= END_SLACK) loadMore();
  };
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || list.loadingMore) return;
    focusFrom.current = null;
    itemsList.current?.children[from]?.querySelector<HTMLElement>('a, button')?.focus();
  }, [list.items, list.loadingMore]);

  const choose = (n: AppNotification) => {
    setOpen(false);
    if (!n.read_at) void actions.markRead(n.id);
  };

  const allPath = area === 'admin' ? '/admin/notifications' : '/user/notifications';

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          className={cx('relative rounded-full p-2 text-navy-800 hover:bg-navy-50', className)}
          aria-label={countedName('Notifications', unread, 'unread notifications')}
          data-testid="notification-bell"
        >
          <BellIcon className="size-6" />
          <CountBadge count={unread} label="unread notifications" placement="icon" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        {/* Aligned to the bell's end, shifted to stay 8 px inside the viewport (a 320 px phone included). */}
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-[110] w-[min(22rem,calc(100vw-1rem))] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <h2 className="text-sm font-semibold text-navy-900">Notifications</h2>
            {/* aria-disabled, not disabled: marking all read would drop the focus it has to the page's body. */}
            <button
              type="button"
              className="text-xs font-semibold text-copper-700 hover:underline aria-disabled:cursor-not-allowed aria-disabled:no-underline aria-disabled:opacity-50"
              onClick={unread > 0 ? actions.markAllRead : undefined}
              aria-disabled={unread === 0 || undefined}
            >
              Mark all as read
            </button>
          </div>
          <div className="max-h-96 overflow-y-auto" onScroll={readNearEnd}>
            {list.loading && !list.loaded ? (
              <div className="flex justify-center p-6 text-navy-600">
                <Spinner label="Loading notifications…" />
              </div>
            ) : list.failure ? (
              <LoadError message={list.failure} onRetry={list.retry} className="m-3" />
            ) : list.items.length === 0 ? (
              <p className="p-6 text-center text-sm text-slate-600">{CUSTOMER_MESSAGES.noNotifications}</p>
            ) : (
              <ul ref={itemsList} className="divide-y divide-slate-100">
                {list.items.map((n) => (
                  <li key={n.id}>
                    <NotificationOpener
                      area={area}
                      notification={n}
                      onOpen={() => choose(n)}
                      className={cx(
                        'block w-full px-4 py-3 text-left hover:bg-slate-50',
                        !n.read_at && 'bg-copper-50/60',
                      )}
                    >
                      <NotificationText notification={n} />
                    </NotificationOpener>
                  </li>
                ))}
              </ul>
            )}
            {list.hasMore && list.items.length > 0 && (
              // aria-disabled, not disabled, while a read is under way: a browser drops the focus of a button that
              // becomes disabled to the page's body.
              <button
                ref={moreButton}
                type="button"
                className="flex w-full items-center justify-center gap-2 border-t border-slate-100 px-4 py-2.5 text-sm font-semibold text-copper-700 hover:bg-slate-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-transparent"
                onClick={loadMore}
                aria-disabled={!list.canLoadMore || undefined}
              >
                {list.loadingMore ? (
                  <>
                    <Spinner label={null} className="size-4" />
                    Loading more notifications…
                  </>
                ) : (
                  'Load more notifications'
                )}
              </button>
            )}
          </div>
          <Link
            to={allPath}
            onClick={() => setOpen(false)}
            className="block border-t border-slate-200 px-4 py-3 text-center text-sm font-semibold text-navy-800 hover:bg-slate-50"
          >
            View all notifications
          </Link>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
