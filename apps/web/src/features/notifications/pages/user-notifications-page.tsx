import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CUSTOMER_MESSAGES, PAGE_HEADINGS, type AppNotification } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { EmptyState } from '../../../components/ui/empty-state';
import { BellIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { notificationTarget } from '../api/notification-target';
import { useNotificationsPage } from '../api/use-notifications-page';
import { NotificationText } from '../components/notification-item';

function designLink(n: AppNotification): string | null {
  if (n.data.slug) return `/user/design-status/${encodeURIComponent(n.data.slug)}`;
  return n.data.type === 'design_submission' || n.data.type === 'design_update'
    ? '/user/design-status'
    : null;
}

export default function UserNotificationsPage() {
  const [page, setPage] = useState(1);
  const { store, unread, list, lastPage } = useNotificationsPage('customer', page);
  const navigate = useNavigate();

  const open = async (n: AppNotification) => {
    if (!n.read_at) await store.markRead(n.id);
    const target = notificationTarget('customer', n);
    if (target) await navigate(target);
  };

  return (
    <>
      <PageHeader
        title={PAGE_HEADINGS.notifications}
        description="Updates about your designs and messages."
        actions={
          <Button variant="outline" onClick={() => void store.markAllRead()} disabled={unread === 0}>
            Mark all as read
          </Button>
        }
      />
      {!list.loaded ? (
        <PageSpinner label="Loading notifications…" />
      ) : list.items.length === 0 ? (
        <EmptyState icon={<BellIcon className="size-6" />} title={CUSTOMER_MESSAGES.noNotifications} />
      ) : (
        <>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            {list.items.map((n) => {
              const design = designLink(n);
              return (
                <li
                  key={n.id}
                  className={cx(
                    'flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between',
                    !n.read_at && 'bg-copper-50/60',
                  )}
                >
                  <button type="button" className="min-w-0 text-left" onClick={() => void open(n)}>
                    <NotificationText notification={n} />
                  </button>
                  <div className="flex shrink-0 items-center gap-3 pl-4 sm:pl-0">
                    {design && (
                      <Link to={design} className="text-sm font-semibold text-copper-700 hover:underline">
                        View Design
                      </Link>
                    )}
                    {!n.read_at && (
                      <Button size="sm" variant="ghost" onClick={() => void store.markRead(n.id)}>
                        Mark as read
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
          <Pagination className="mt-6" currentPage={page} lastPage={lastPage} onPageChange={setPage} />
        </>
      )}
    </>
  );
}
