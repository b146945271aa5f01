import { useNavigate, useSearchParams } from 'react-router';
import { ADMIN_MESSAGES, PAGE_HEADINGS, PAGE_SIZE, type AppNotification } from '@shop/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { EmptyState } from '../../../components/ui/empty-state';
import { BellIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { timeAgo } from '../../../lib/time-ago';
import { notificationTarget } from '../api/notification-target';
import { useNotificationsPage } from '../api/use-notifications-page';

const TYPE_LABELS: Record<string, string> = {
  design_submission: 'Design submission',
  design_update: 'Design update',
  chat_message: 'Chat message',
  other: 'Other',
};

export default function AdminNotificationsPage() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;
  const { store, unread, list, lastPage } = useNotificationsPage('admin', page);
  const navigate = useNavigate();

  const open = async (n: AppNotification) => {
    if (!n.read_at) await store.markRead(n.id);
    const target = notificationTarget('admin', n);
    if (target) await navigate(target);
  };

  return (
    <>
      <PageHeader
        title={PAGE_HEADINGS.adminNotifications}
        description="New design submissions and customer messages."
        actions={
          <Button variant="outline" onClick={() => void store.markAllRead()} disabled={unread === 0}>
            Mark all as read
          </Button>
        }
      />
      {!list.loaded ? (
        <PageSpinner label="Loading notifications…" />
      ) : list.items.length === 0 ? (
        <EmptyState
          icon={<BellIcon className="size-6" />}
          title={ADMIN_MESSAGES.noNotifications}
          description={ADMIN_MESSAGES.noNotificationsHint}
        />
      ) : (
        <>
          <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    #
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Notification
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Type
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Received
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.items.map((n, index) => (
                  <tr key={n.id} className={cx(!n.read_at && 'bg-copper-50/60')}>
                    <td className="px-4 py-3 text-slate-500 tabular-nums">
                      {(list.page - 1) * PAGE_SIZE.notifications + index + 1}
                    </td>
                    <td
                      className={cx(
                        'px-4 py-3',
                        !n.read_at ? 'font-semibold text-navy-900' : 'text-slate-700',
                      )}
                    >
                      <button
                        type="button"
                        className="text-left hover:underline"
                        onClick={() => void open(n)}
                      >
                        {n.data.message}
                      </button>
                    </td>
                    <td className="px-4 py-3 text-slate-700">
                      {TYPE_LABELS[n.data.type] ?? TYPE_LABELS.other}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                      <time dateTime={n.created_at}>{timeAgo(n.created_at)}</time>
                    </td>
                    <td className="px-4 py-3">
                      <Badge tone={n.read_at ? 'neutral' : 'accent'}>{n.read_at ? 'Read' : 'Unread'}</Badge>
                    </td>
                    <td className="px-4 py-3 text-right">
                      {!n.read_at && (
                        <Button size="sm" variant="ghost" onClick={() => void store.markRead(n.id)}>
                          Mark as read
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            className="mt-6"
            currentPage={page}
            lastPage={lastPage}
            onPageChange={(p) => setParams(p > 1 ? { page: String(p) } : {})}
          />
        </>
      )}
    </>
  );
}
