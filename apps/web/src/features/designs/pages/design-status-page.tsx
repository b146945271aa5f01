import { Link, useLocation } from 'react-router';
import { COMMENT_TRUNCATE, CUSTOMER_MESSAGES, PAGE_HEADINGS } from '@shop/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ClipboardIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { listStates, PagedList } from '../../../components/ui/lists/paged-list';
import { useListParams } from '../../../components/ui/lists/use-list-params';
import { useIsMobile } from '../../../lib/use-media-query';
import { failureWithReason } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useMyDesigns } from '../api/designs-api';
import { useDesignsLive } from '../api/designs-live';
import { DesignStatusBadge } from '../components/design-status-badge';
import { formatDate } from '../../../lib/dates';
import { truncate, type DesignListState } from '../components/format';

/** /user/design-status: the customer's design submissions and their review status. */
export default function DesignStatusPage() {
  useDesignsLive();
  const { page, setPage } = useListParams();
  // A design opened from here goes back to this page of the list ("Back to Designs").
  const { search } = useLocation();
  const listState: DesignListState = { listSearch: search };
  const isMobile = useIsMobile();
  const query = useMyDesigns(page);
  const { data, isPending, isFetching, refetch } = query;
  const limit = isMobile ? COMMENT_TRUNCATE.mobile : COMMENT_TRUNCATE.desktop;

  return (
    <>
      <PageHeader
        title={PAGE_HEADINGS.designStatus}
        description="Follow the review of every design you submitted."
        actions={
          <Button
            variant="outline"
            onClick={() =>
              // The rows in hand stay when a refresh fails: the failure is said in a message.
              void refetch().then((result) => {
                if (result.isError)
                  toast.error(failureWithReason(result.error, CUSTOMER_MESSAGES.designListFailed));
              })
            }
            loading={isFetching && !isPending}
            loadingText="Refresh"
          >
            Refresh
          </Button>
        }
      />
      <PagedList
        {...listStates(query, CUSTOMER_MESSAGES.designListFailed)}
        empty={
          data?.data.length === 0 && (
            <EmptyState
              icon={<ClipboardIcon className="size-6" />}
              title={CUSTOMER_MESSAGES.noDesigns}
              action={
                <Link to="/user/submit-design" className={buttonClasses('primary')}>
                  Submit New Design
                </Link>
              }
            />
          )
        }
        pagination={data && { current: page, totalPages: data.last_page, total: data.total }}
        onPageChange={setPage}
        pagesLabel="Design submissions pages"
      >
        {data &&
          (isMobile ? (
            // A title or comment of one long word breaks anywhere (wrap-anywhere), and the cards are min-w-0: a grid
            // item is otherwise as wide as its longest word, and such a word widened the page.
            <ul className="grid gap-3 wrap-anywhere" aria-label={PAGE_HEADINGS.designStatus}>
              {data.data.map((design) => (
                <li
                  key={design.id}
                  className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
                >
                  <div className="flex items-start justify-between gap-3">
                    <p className="min-w-0 font-medium text-navy-900">
                      <span title={design.title}>{design.short_title}</span>
                      <span className="block text-xs font-normal text-slate-600">{design.slug}</span>
                    </p>
                    <DesignStatusBadge status={design.status} />
                  </div>
                  <dl className="mt-3 grid gap-2 text-sm">
                    <div>
                      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                        Submitted On
                      </dt>
                      <dd className="text-slate-700">{formatDate(design.created_at)}</dd>
                    </div>
                    <div>
                      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                        Admin Comments
                      </dt>
                      <dd className="text-slate-700">
                        {design.comments ? truncate(design.comments, limit) : '—'}
                      </dd>
                    </div>
                  </dl>
                  <Link
                    to={`/user/design-status/${encodeURIComponent(design.slug)}`}
                    state={listState}
                    className={buttonClasses('outline', 'sm', 'mt-3 w-full whitespace-nowrap')}
                    aria-label={`View details of ${design.title}`}
                  >
                    View Details
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              <table className="w-full min-w-[36rem] text-left text-sm">
                <caption className="sr-only">{PAGE_HEADINGS.designStatus}</caption>
                <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Title
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Status
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Submitted On
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Admin Comments
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.data.map((design) => (
                    <tr key={design.id} className="align-top">
                      <td className="px-4 py-3 font-medium text-navy-900 wrap-anywhere">
                        <span title={design.title}>{design.short_title}</span>
                        <span className="block text-xs font-normal text-slate-600">{design.slug}</span>
                      </td>
                      <td className="px-4 py-3">
                        <DesignStatusBadge status={design.status} />
                      </td>
                      <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                        {formatDate(design.created_at)}
                      </td>
                      {/* A long word wraps in its cell, so the table fits instead of scrolling sideways. */}
                      <td className="px-4 py-3 text-slate-700 wrap-anywhere">
                        {design.comments ? truncate(design.comments, limit) : '—'}
                      </td>
                      <td className="px-4 py-3 text-right">
                        <Link
                          to={`/user/design-status/${encodeURIComponent(design.slug)}`}
                          state={listState}
                          className={buttonClasses('outline', 'sm', 'whitespace-nowrap')}
                          aria-label={`View details of ${design.title}`}
                        >
                          View Details
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
      </PagedList>
    </>
  );
}
