import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ADMIN_MESSAGES, PAGE_HEADINGS, PAGE_SIZE, type AdminDesign } from '@shop/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/form-field';
import { ClipboardIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { useDebounce } from '../../../lib/use-debounce';
import { useAdminDesigns } from '../api/design-calls';
import { AddCommentDialog, ChangeStatusDialog } from '../components/admin-design-actions';
import { DesignStatusBadge } from '../components/design-status-badge';
import { formatDate } from '../components/format';

function positiveInt(value: string | null | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** /admin/designs (optionally /admin/designs/{userId} or ?userId=): every submission, searchable. */
export default function AdminDesignsPage() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const userId = positiveInt(params.userId) ?? positiveInt(searchParams.get('userId'));
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebounce(search.trim());
  const perPage = PAGE_SIZE.adminList;
  const [action, setAction] = useState<{ kind: 'status' | 'comment'; design: AdminDesign } | null>(null);

  // A new search or another customer's filter starts again at page 1.
  const filterKey = `${debouncedSearch}|${userId ?? ''}`;
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: filterKey, page: next });

  const { data, isPending, isError, isFetching } = useAdminDesigns({
    page,
    perPage,
    search: debouncedSearch,
    userId,
  });

  return (
    <>
      <PageHeader
        title={PAGE_HEADINGS.adminDesigns}
        description={
          userId ? 'Designs submitted by one customer.' : 'Review the designs customers have submitted.'
        }
        actions={
          userId ? (
            <Link to="/admin/designs" className={buttonClasses('outline')}>
              Show all designs
            </Link>
          ) : undefined
        }
      />
      <div className="mb-4 max-w-md">
        <TextField
          label="Search designs"
          hideLabel
          type="search"
          placeholder="Search by title, number, name, e-mail or company"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8" />
        </div>
      ) : isError ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {ADMIN_MESSAGES.designsFailed}
        </p>
      ) : data.designs.length === 0 ? (
        <EmptyState icon={<ClipboardIcon className="size-6" />} title="No designs found" />
      ) : (
        <>
          <div
            className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 [contain:inline-size]"
            aria-busy={isFetching || undefined}
          >
            <table className="w-full min-w-[48rem] text-left text-sm">
              <caption className="sr-only">{PAGE_HEADINGS.adminDesigns}</caption>
              <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    #
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Title
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Customer
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Submitted
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.designs.map((design, index) => (
                  <tr key={design.id} className="align-top">
                    <td className="px-4 py-3 text-slate-600 tabular-nums">
                      {(data.pagination.current - 1) * data.pagination.perPage + index + 1}
                    </td>
                    <td className="px-4 py-3 font-medium text-navy-900">{design.admin_title}</td>
                    <td className="px-4 py-3 text-slate-700">
                      {design.user?.name ?? design.name}
                      <span className="block text-xs text-slate-600">
                        {design.user ? design.email : `Guest · ${design.email}`}
                      </span>
                    </td>
                    <td className="px-4 py-3">
                      <DesignStatusBadge status={design.status} area="admin" />
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                      {formatDate(design.created_at)}
                    </td>
                    <td className="px-4 py-3">
                      <div className="flex gap-2">
                        <Link
                          to={`/admin/design/view/${design.id}`}
                          className={buttonClasses('outline', 'sm')}
                          aria-label={`View ${design.admin_title}`}
                        >
                          View
                        </Link>
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => setAction({ kind: 'status', design })}
                          aria-label={`Change status of ${design.admin_title}`}
                        >
                          Status
                        </Button>
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => setAction({ kind: 'comment', design })}
                          aria-label={`Comment on ${design.admin_title}`}
                        >
                          Comment
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-3 text-sm text-slate-600">
            Showing {data.pagination.start} to {data.pagination.end} of {data.total}
          </p>
          <Pagination
            className="mt-4"
            currentPage={data.pagination.current}
            lastPage={data.pagination.totalPages}
            onPageChange={setPage}
            label="Design submissions pages"
          />
        </>
      )}
      {action?.kind === 'status' && (
        <ChangeStatusDialog design={action.design} onClose={() => setAction(null)} />
      )}
      {action?.kind === 'comment' && (
        <AddCommentDialog design={action.design} onClose={() => setAction(null)} />
      )}
    </>
  );
}
