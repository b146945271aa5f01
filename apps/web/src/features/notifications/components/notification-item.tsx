import type { AppNotification } from '@shop/contracts';
import { cx } from '../../../components/ui/cx';
import { timeAgo } from '../../../lib/dates';

/** One notification's text and time; unread ones are highlighted and carry a dot. */
export function NotificationText({ notification }: { notification: AppNotification }) {
  const unread = notification.read_at === null;
  return (
    <span className="flex min-w-0 items-start gap-2">
      <span
        className={cx('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-copper-600' : 'bg-transparent')}
        aria-hidden="true"
      />
      <span className="min-w-0">
        <span
          className={cx(
            'block text-sm break-words',
            unread ? 'font-semibold text-navy-900' : 'text-slate-700',
          )}
        >
          {notification.data.message}
          {unread && <span className="sr-only"> (unread)</span>}
        </span>
        <time dateTime={notification.created_at} className="block text-xs text-slate-500">
          {timeAgo(notification.created_at)}
        </time>
      </span>
    </span>
  );
}
