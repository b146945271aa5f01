import { Link } from 'react-router';
import { CUSTOMER_MESSAGES, PAGE_HEADINGS, type AppNotification } from '@shop/contracts';
import { cx } from '../../../components/ui/cx';
import { useListParams } from '../../../components/ui/lists/use-list-params';
import { NotificationOpener } from '../components/notification-opener';
import { NotificationText } from '../components/notification-item';
import { MarkReadButton, NotificationsListPage } from '../components/notifications-list-page';

function designLink(n: AppNotification): string | null {
  if (n.data.slug) return `/user/design-status/${encodeURIComponent(n.data.slug)}`;
  return n.data.type === 'design_submission' || n.data.type === 'design_update'
    ? '/user/design-status'
    : null;
}

export default function UserNotificationsPage() {
  // The page is in the URL: a reload and Back come back to it.
  const { page, setPage } = useListParams();

  return (
    <NotificationsListPage
      area="customer"
      page={page}
      onPageChange={setPage}
      title={PAGE_HEADINGS.notifications}
      description="Updates about your designs and messages."
      empty={{ title: CUSTOMER_MESSAGES.noNotifications }}
    >
      {(view) => (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          {view.items.map((n) => {
            const design = designLink(n);
            return (
              <li
                key={n.id}
                className={cx(
                  'flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between',
                  !n.read_at && 'bg-copper-50/60',
                )}
              >
                <NotificationOpener
                  area={view.area}
                  notification={n}
                  onOpen={() => view.markRead(n)}
                  className="min-w-0 text-left"
                >
                  <NotificationText notification={n} />
                </NotificationOpener>
                <div className="flex shrink-0 items-center gap-3 pl-4 sm:pl-0">
                  {design && (
                    <Link to={design} className="text-sm font-semibold text-copper-700 hover:underline">
                      View Design
                    </Link>
                  )}
                  <MarkReadButton notification={n} view={view} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </NotificationsListPage>
  );
}
