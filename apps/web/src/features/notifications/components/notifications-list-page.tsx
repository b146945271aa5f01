import { useEffect, useRef, type ReactNode } from 'react';
import { PAGE_SIZE, type AppNotification } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { BellIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { PagedList } from '../../../components/ui/lists/paged-list';
import type { NotificationArea } from '../api/notifications-api';
import { useNotificationActions, useNotificationsPage } from '../api/use-notifications';

export interface NotificationsListView {
  items: AppNotification[];
  /** The number of the page's first notification. */
  firstRow: number;
  area: NotificationArea;
  markRead: (notification: AppNotification) => void;
}

interface NotificationsListPageProps {
  area: NotificationArea;
  page: number;
  onPageChange: (page: number) => void;
  title: string;
  description: string;
  empty: { title: string; description?: string };
  /** The page's notifications, laid out by the area. */
  children: (view: NotificationsListView) => ReactNode;
}

/** The full notifications page of either area: 'Mark all as read', the page's notifications, page numbers. */
export function NotificationsListPage({
  area,
  page,
  onPageChange,
  title,
  description,
  empty,
  children,
}: NotificationsListPageProps) {
  const { list, page: shownPage, unread, lastPage } = useNotificationsPage(area, page);
  const actions = useNotificationActions(area);

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          // aria-disabled, not disabled: marking all read would drop the focus it has to the page's body.
          <Button
            variant="outline"
            onClick={unread > 0 ? actions.markAllRead : undefined}
            aria-disabled={unread === 0 || undefined}
          >
            Mark all as read
          </Button>
        }
      />
      <PagedList
        loading={!list.loaded && !list.failure}
        error={list.failure}
        onRetry={list.retry}
        retrying={list.loading}
        empty={
          list.items.length === 0 && (
            <EmptyState
              icon={<BellIcon className="size-6" />}
              title={empty.title}
              description={empty.description}
            />
          )
        }
        pagination={{ current: page, totalPages: lastPage, total: list.total }}
        onPageChange={onPageChange}
      >
        {children({
          items: list.items,
          firstRow: (shownPage - 1) * PAGE_SIZE.notifications + 1,
          area,
          markRead: (n) => void (n.read_at || actions.markRead(n.id)),
        })}
      </PagedList>
    </>
  );
}

/**
 * 'Mark as read' for an unread notification; nothing for a read one (no button left in the tab order). The press
 * removes the button: when it had the focus, the focus goes to the notification's own link (or button) in the same
 * row, not to the page's body.
 */
export function MarkReadButton({
  notification,
  view,
}: {
  notification: AppNotification;
  view: NotificationsListView;
}) {
  // The row (a list item, a table row or a card) of the button pressed while it had the focus.
  const refocusIn = useRef<Element | null>(null);
  const read = notification.read_at !== null;
  useEffect(() => {
    const row = refocusIn.current;
    if (!read || !row) return;
    refocusIn.current = null;
    // Only when the focus went with the button: not when it was moved elsewhere meanwhile.
    const active = document.activeElement;
    if (active && active !== document.body) return;
    row.querySelector<HTMLElement>('[data-notification-opener]')?.focus();
  }, [read]);
  if (read) return null;
  return (
    <Button
      size="sm"
      variant="ghost"
      onClick={(event) => {
        const button = event.currentTarget;
        refocusIn.current = document.activeElement === button ? button.closest('tr, li') : null;
        view.markRead(notification);
      }}
    >
      Mark as read
    </Button>
  );
}
