import { Link } from 'react-router';
import { PAGE_SIZE } from '@shop/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ClipboardIcon } from '../../../components/ui/icons';
import { DataTable, type DataColumn } from '../../../components/ui/lists/data-table';
import {
  firstRowOf,
  ListToolbar,
  listStates,
  PagedList,
  pagesOfTotal,
} from '../../../components/ui/lists/paged-list';
import { SearchBox } from '../../../components/ui/lists/search-box';
import { useListParams, useUrlSearch } from '../../../components/ui/lists/use-list-params';
import { PageHeader } from '../../../components/ui/page-header';
import { formatMoneyIn } from '../../../lib/money-in';
import { useAdminProposals, useProposalsLive } from '../api/proposals-api';
import { PROPOSAL_STATUSES, type AdminProposal } from '../api/types';
import { formatDate } from '../../../lib/dates';
import { ProposalStatusBadge } from '../components/proposal-status-badge';
import { StatusFilter } from '../components/status-filter';
import { PROPOSAL_FAILURES } from '../messages';

/** /admin/proposals: every proposal, searchable and filtered by status; page, search and status in the URL. */
export default function AdminProposalsPage() {
  useProposalsLive();
  const list = useListParams();
  const { page } = list;
  const status = list.get('status');
  const searchBox = useUrlSearch('search');
  const perPage = PAGE_SIZE.adminList;

  const query = useAdminProposals({
    page,
    perPage,
    search: searchBox.value,
    status,
  });
  const { data, isPending, isFetching } = query;

  const columns: DataColumn<AdminProposal>[] = [
    {
      header: 'Number',
      className: 'font-medium text-navy-900',
      cell: (p) => `${p.number} v${p.version}`,
      card: 'title',
    },
    { header: 'Customer', cell: (p) => p.customer.company_name || p.customer.name, card: 'detail' },
    { header: 'Status', cell: (p) => <ProposalStatusBadge status={p.status} />, card: 'badge' },
    { header: 'Total', align: 'right', cell: (p) => formatMoneyIn(p.total, p.currency), card: 'field' },
    { header: 'Valid until', cell: (p) => formatDate(p.valid_until), card: 'field' },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (p) => (
        <Link
          to={`/admin/proposals/${p.id}`}
          className={buttonClasses('outline', 'sm')}
          aria-label={`View proposal ${p.number} version ${p.version}`}
        >
          View
        </Link>
      ),
      card: 'actions',
    },
  ];

  const total = data?.total ?? 0;
  return (
    <>
      <PageHeader title="Proposals" description="Every proposal, its version and where it stands." />
      <ListToolbar
        count={{
          total: data?.total,
          updating: isFetching && !isPending,
          one: 'proposal',
          other: 'proposals',
        }}
      >
        <SearchBox
          label="Search proposals"
          value={searchBox.text}
          onChange={searchBox.setText}
          placeholder="Number, customer or company"
        />
        <StatusFilter
          statuses={PROPOSAL_STATUSES}
          value={status}
          onChange={(s) => list.setFilter('status', s)}
        />
      </ListToolbar>
      <PagedList
        {...listStates(query, PROPOSAL_FAILURES.proposalsFailed)}
        empty={
          data && data.proposals.length === 0 ? (
            <EmptyState icon={<ClipboardIcon className="size-6" />} title="No proposals found." />
          ) : undefined
        }
        pagination={pagesOfTotal(page, total, perPage)}
        onPageChange={list.setPage}
        pagesLabel="Proposal pages"
      >
        <DataTable
          rows={data?.proposals ?? []}
          columns={columns}
          caption="Proposals"
          firstRow={firstRowOf({ current: page, perPage })}
          busy={isFetching}
        />
      </PagedList>
    </>
  );
}
