import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/ui/empty-state';
import { ClipboardIcon } from '../../../components/ui/icons';
import { listStates, PagedList, pagesOf } from '../../../components/ui/lists/paged-list';
import { useListParams } from '../../../components/ui/lists/use-list-params';
import { PageHeader } from '../../../components/ui/page-header';
import { myBookingsQuery, useMyProposals, useProposalsLive } from '../api/proposals-api';
import { BookingActions } from '../components/booking-actions';
import { BookingSummary } from '../components/booking-summary';
import { formatDate } from '../../../lib/dates';
import { ProposalRow } from '../components/proposal-row';
import { PROPOSAL_FAILURES } from '../messages';

/**
 * The customer's site visits (booked from the home page's Book a Site Visit while signed in), upcoming first: a
 * time the shop proposes is confirmed here, a visit cancelled here. Nothing when there are none.
 */
function SiteVisits() {
  const visits = useQuery(myBookingsQuery()).data?.filter((b) => b.kind === 'site_visit') ?? [];
  if (visits.length === 0) return null;
  return (
    <section aria-labelledby="site-visits-heading" className="mt-8">
      <h2 id="site-visits-heading" className="mb-3 text-lg font-semibold text-navy-900">
        Your site visits
      </h2>
      <ul className="grid gap-3">
        {visits.map((visit) => (
          <li key={visit.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <BookingSummary booking={visit} area="customer" />
            <BookingActions booking={visit} area="customer" />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /user/proposals: the proposals the shop has sent, newest first, and the customer's site visits. */
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
        {...listStates(query, PROPOSAL_FAILURES.customerProposalsFailed)}
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
      <SiteVisits />
    </>
  );
}
