import { EmptyState } from '../../../components/ui/empty-state';
import { ClipboardIcon } from '../../../components/ui/icons';
import { listStates, PagedList, pagesOf } from '../../../components/ui/lists/paged-list';
import { useListParams } from '../../../components/ui/lists/use-list-params';
import { PageHeader } from '../../../components/ui/page-header';
import { useMyProposals, useProposalsLive } from '../api/proposals-api';
import { formatDate } from '../../../lib/dates';
import { ProposalRow } from '../components/proposal-row';
import { PROPOSAL_MESSAGES } from '../messages';

/** /user/proposals: the proposals the shop has sent, newest first. */
export default function UserProposalsPage() {
  useProposalsLive();
  const { page, setPage } = useListParams();
  const query = useMyProposals(page);
  const { data } = query;
  return (
    <>
      <PageHeader
        title="Proposals"
        description="The quotes we have sent you: read them, accept or decline, and book your installation."
      />
      <PagedList
        {...listStates(query, PROPOSAL_MESSAGES.customerProposalsFailed)}
        empty={
          data && data.data.length === 0 ? (
            <EmptyState
              icon={<ClipboardIcon className="size-6" />}
              title="No proposals yet."
              description="When our designers send you a quote, it appears here."
            />
          ) : undefined
        }
        pagination={pagesOf(data)}
        onPageChange={setPage}
        pagesLabel="Proposal pages"
      >
        <ul className="@container grid gap-3">
          {data?.data.map((p) => (
            <ProposalRow
              key={p.id}
              proposal={p}
              className="gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-navy-900">
                  Proposal {p.number}{' '}
                  <span className="font-normal text-slate-600">· version {p.version}</span>
                </p>
                <p className="text-sm text-slate-600">
                  {p.lines.length} {p.lines.length === 1 ? 'line' : 'lines'} · valid until{' '}
                  {formatDate(p.valid_until)}
                </p>
              </div>
            </ProposalRow>
          ))}
        </ul>
      </PagedList>
    </>
  );
}
