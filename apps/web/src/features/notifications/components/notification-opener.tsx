import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AppNotification } from '@shop/contracts';
import { notificationTarget } from '../api/notification-target';
import type { NotificationArea } from '../api/notifications-api';

/**
 * A notification's text as a link to what it is about (it can be opened in a new tab or copied, and is read out as
 * a link), marked read on the way; a notification about nothing to open is a button that marks it read. Marked
 * `data-notification-opener`: the row's 'Mark as read' hands it the focus when it goes (MarkReadButton).
 */
export function NotificationOpener({
  area,
  notification,
  onOpen,
  className,
  children,
}: {
  area: NotificationArea;
  notification: AppNotification;
  /** Marks it read (and closes what shows it). */
  onOpen: () => void;
  className?: string;
  children: ReactNode;
}) {
  const target = notificationTarget(area, notification);
  return target ? (
    <Link to={target} className={className} onClick={onOpen} data-notification-opener="">
      {children}
    </Link>
  ) : (
    <button type="button" className={className} onClick={onOpen} data-notification-opener="">
      {children}
    </button>
  );
}
