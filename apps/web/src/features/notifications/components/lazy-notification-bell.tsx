import { lazy, Suspense } from 'react';
import { CountBadge } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/cx';
import { BellIcon } from '../../../components/ui/icons';
import type { NotificationArea } from '../api/notifications-api';
import { useNotificationsLive, useUnreadNotificationCount } from '../api/use-notifications';

// The bell's popover (Radix) is a chunk of its own, fetched right after the layout's first render: it stays out
// of the signed-in areas' first-load JavaScript, and the count shows meanwhile. The count is live from that first
// render on, not from when the chunk arrives: a notification pushed in between would otherwise be lost.
const NotificationBell = lazy(() =>
  import('./notification-bell').then((m) => ({ default: m.NotificationBell })),
);

function BellPlaceholder({ area, className }: { area: NotificationArea; className?: string }) {
  const unread = useUnreadNotificationCount(area);
  return (
    <button
      type="button"
      disabled
      className={cx('relative rounded-full p-2 text-navy-800', className)}
      aria-label="Notifications"
    >
      <BellIcon className="size-6" />
      <CountBadge count={unread} label="unread notifications" placement="icon" />
    </button>
  );
}

/**
 * The layouts' notification bell (features/notifications/components/notification-bell.tsx), loaded lazily.
 * Mounting it keeps the area's count and lists live.
 */
export function LazyNotificationBell(props: { area: NotificationArea; className?: string }) {
  useNotificationsLive(props.area);
  return (
    <Suspense fallback={<BellPlaceholder {...props} />}>
      <NotificationBell {...props} />
    </Suspense>
  );
}
