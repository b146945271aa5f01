import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  ADMIN_MESSAGES,
  FILTERED_BY_CUSTOMER,
  PAGE_HEADINGS,
  PAGE_SIZE,
  type AdminDesign,
} from '@shop/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { DataTable, type DataColumn } from '../../../components/ui/lists/data-table';
import { EmailText } from '../../../components/ui/lists/email-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { ClipboardIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { firstRowOf, ListToolbar, listStates, PagedList } from '../../../components/ui/lists/paged-list';
import { filteredCustomer } from '../../../components/ui/lists/filtered-customer';
import { SearchBox } from '../../../components/ui/lists/search-box';
import { useFailureAlert } from '../../../components/ui/lists/use-failure-alert';
import { useListParams, useUrlSearch } from '../../../components/ui/lists/use-list-params';
import { useAdminDesigns } from '../api/designs-api';
import { useDesignsLive } from '../api/designs-live';
import { AddCommentDialog, ChangeStatusDialog } from '../components/admin-design-actions';
import { DesignStatusBadge } from '../components/design-status-badge';
import { formatDate } from '../../../lib/dates';

function positiveInt(value: string | null | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** /admin/designs (optionally /admin/designs/{userId} or ?userId=): every submission, searchable. */
export default function AdminDesignsPage() {
  useDesignsLive();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const userId = positiveInt(params.userId) ?? positiveInt(searchParams.get('userId'));
  // Page and search live in the URL: a reload and Back show the same list.
  const { page, setPage } = useListParams();
  const searchBox = useUrlSearch('search');
  const perPage = PAGE_SIZE.adminList;
  const [action, setAction] = useState<{ kind: 'status' | 'comment'; design: AdminDesign } | null>(null);

  const query = useAdminDesigns({ page, perPage, search: searchBox.value, userId });
  const { data, isFetching, isPlaceholderData } = query;
  useFailureAlert(query, ADMIN_MESSAGES.errorTitle, ADMIN_MESSAGES.designsFailed);

  const actionsOf = (design: AdminDesign) => (
    <>
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
    </>
  );

  // The title and the name are typed by the customer: one long word breaks anywhere (wrap-anywhere), so it wraps
  // in its cell or card instead of widening the table or the list of cards.
  const columns: DataColumn<AdminDesign>[] = [
    {
      header: 'Title',
      className: 'font-medium text-navy-900',
      cell: (design) => <span className="wrap-anywhere">{design.admin_title}</span>,
      card: 'title',
    },
    {
      header: 'Customer',
      className: 'text-slate-700',
      cell: (design) => (
        <>
          <span className="wrap-anywhere">{design.user?.name ?? design.name}</span>
          <span className="block text-xs text-slate-600">
            {!design.user && 'Guest · '}
            <EmailText email={design.email} />
          </span>
        </>
      ),
      card: 'detail',
    },
    {
      header: 'Status',
      cell: (design) => <DesignStatusBadge status={design.status} area="admin" />,
      card: 'badge',
    },
    {
      header: 'Submitted',
      className: 'whitespace-nowrap text-slate-700',
      cell: (design) => formatDate(design.created_at),
      card: 'field',
    },
    {
      header: 'Actions',
      // One line in the table, as many as it takes on a card.
      cell: (design) => <div className="flex gap-2">{actionsOf(design)}</div>,
      cardCell: (design) => <div className="flex flex-wrap gap-2">{actionsOf(design)}</div>,
      card: 'actions',
    },
  ];

  return (
    <>
      <PageHeader
        title={PAGE_HEADINGS.adminDesigns}
        description={
          userId
            ? FILTERED_BY_CUSTOMER.designs(filteredCustomer(userId, data, isPlaceholderData))
            : 'Review the designs customers have submitted.'
        }
        actions={
          userId ? (
            <Link to="/admin/designs" className={buttonClasses('outline')}>
              Show all designs
            </Link>
          ) : undefined
        }
      />
      <ListToolbar>
        <SearchBox
          label="Search designs"
          placeholder="Search by title, number, name, e-mail or company"
          value={searchBox.text}
          onChange={searchBox.setText}
          className="sm:max-w-md"
        />
      </ListToolbar>
      <PagedList
        {...listStates(query, ADMIN_MESSAGES.designsFailed)}
        empty={
          data?.designs.length === 0 && (
            <EmptyState icon={<ClipboardIcon className="size-6" />} title="No designs found" />
          )
        }
        summary={
          data && (
            <p className="mt-3 text-sm text-slate-600">
              Showing {data.pagination.start} to {data.pagination.end} of {data.total}
            </p>
          )
        }
        pagination={data?.pagination}
        onPageChange={setPage}
        pagesLabel="Design submissions pages"
      >
        {data && (
          <DataTable
            rows={data.designs}
            columns={columns}
            caption={PAGE_HEADINGS.adminDesigns}
            firstRow={firstRowOf(data.pagination)}
            rowClassName={() => 'align-top'}
            busy={isFetching}
          />
        )}
      </PagedList>
      {action?.kind === 'status' && (
        <ChangeStatusDialog design={action.design} onClose={() => setAction(null)} />
      )}
      {action?.kind === 'comment' && (
        <AddCommentDialog design={action.design} onClose={() => setAction(null)} />
      )}
    </>
  );
}
