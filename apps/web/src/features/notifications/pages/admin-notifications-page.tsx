import { ADMIN_MESSAGES, PAGE_HEADINGS, type AppNotification, type NotificationType } from '@shop/contracts';
import { Badge } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/cx';
import { DataTable, type DataColumn } from '../../../components/ui/lists/data-table';
import { useListParams } from '../../../components/ui/lists/use-list-params';
import { timeAgo } from '../../../lib/dates';
import {
  MarkReadButton,
  NotificationsListPage,
  type NotificationsListView,
} from '../components/notifications-list-page';
import { NotificationOpener } from '../components/notification-opener';

/** Every type has its label: a type added to the contracts without one fails the type check. */
const TYPE_LABELS: Record<NotificationType, string> = {
  design_submission: 'Design submission',
  design_update: 'Design update',
  chat_message: 'Chat message',
  proposal_sent: 'Proposal sent',
  proposal_accepted: 'Proposal accepted',
  proposal_declined: 'Proposal declined',
  quote_request: 'Quote request',
  booking_requested: 'Booking request',
  booking_proposed: 'Booking time proposed',
  booking_confirmed: 'Booking confirmed',
  booking_cancelled: 'Booking cancelled',
  booking_reminder: 'Booking reminder',
  booking_updated: 'Booking changed',
  other: 'Other',
};

function columns(view: NotificationsListView): DataColumn<AppNotification>[] {
  return [
    {
      header: 'Notification',
      cell: (n) => (
        <NotificationOpener
          area={view.area}
          notification={n}
          onOpen={() => view.markRead(n)}
          className={cx(
            'text-left hover:underline',
            !n.read_at ? 'font-semibold text-navy-900' : 'text-slate-700',
          )}
        >
          {n.data.message}
        </NotificationOpener>
      ),
      card: 'title',
    },
    {
      header: 'Type',
      className: 'text-slate-700',
      cell: (n) => TYPE_LABELS[n.data.type] ?? TYPE_LABELS.other,
      card: 'field',
    },
    {
      header: 'Received',
      className: 'whitespace-nowrap text-slate-600',
      cell: (n) => <time dateTime={n.created_at}>{timeAgo(n.created_at)}</time>,
      card: 'detail',
    },
    {
      header: 'Status',
      cell: (n) => <Badge tone={n.read_at ? 'neutral' : 'accent'}>{n.read_at ? 'Read' : 'Unread'}</Badge>,
      card: 'badge',
    },
    {
      header: 'Actions',
      hideHeader: true,
      className: 'text-right',
      cell: (n) => <MarkReadButton notification={n} view={view} />,
      card: 'actions',
    },
  ];
}

export default function AdminNotificationsPage() {
  const { page, setPage } = useListParams();

  return (
    <NotificationsListPage
      area="admin"
      page={page}
      onPageChange={setPage}
      title={PAGE_HEADINGS.adminNotifications}
      description="New design submissions and customer messages."
      empty={{ title: ADMIN_MESSAGES.noNotifications, description: ADMIN_MESSAGES.noNotificationsHint }}
    >
      {(view) => (
        <DataTable
          rows={view.items}
          columns={columns(view)}
          caption={PAGE_HEADINGS.adminNotifications}
          firstRow={view.firstRow}
          rowClassName={(n) => cx(!n.read_at && 'bg-copper-50/60')}
        />
      )}
    </NotificationsListPage>
  );
}
