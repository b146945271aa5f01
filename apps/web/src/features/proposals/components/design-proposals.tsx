import { useQuery } from '@tanstack/react-query';
import { myBookingsQuery, useMyProposals, useProposalsLive } from '../api/proposals-api';
import { BookingSummary } from './booking-summary';
import { DetailCard } from '../../../components/ui/detail-card';
import { ProposalRow } from './proposal-row';
import { LoadError } from '../../../components/ui/lists/paged-list';
import { failureWithReason } from '../../../lib/api-error';
import { PROPOSAL_FAILURES } from '../messages';

/** The customer's design page: the proposals sent for the design and the booked installation date. */
export function DesignProposals({ designId }: { designId: number }) {
  useProposalsLive();
  const proposals = useMyProposals(1, designId);
  const bookings = useQuery(myBookingsQuery());
  const { data } = proposals;
  const booking = bookings.data?.find((b) => b.design_id === designId && b.status !== 'cancelled');
  // A read that failed is not "no proposals yet": the section says so, and reads again on Try again.
  const failed = [proposals, bookings].filter((q) => q.isError && !q.data);
  if (failed.length) {
    return (
      <DetailCard title="Proposals and installation" className="mt-5">
        <LoadError
          message={failureWithReason(failed[0]!.error, PROPOSAL_FAILURES.customerProposalsFailed)}
          onRetry={() => failed.forEach((q) => void q.refetch())}
          retrying={failed.some((q) => q.isFetching)}
        />
      </DetailCard>
    );
  }
  if (!data || (data.data.length === 0 && !booking)) return null;
  return (
    <DetailCard title="Proposals and installation" className="mt-5">
      {booking && (
        <div className="mb-4">
          <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            Installation date
          </h3>
          <BookingSummary booking={booking} area="customer" />
        </div>
      )}
      <ul className="@container grid gap-3" aria-label="Proposals for this design">
        {data.data.map((p) => (
          <ProposalRow key={p.id} proposal={p} className="gap-2 text-sm @xl:gap-3">
            <span className="flex-1 font-medium text-navy-900">
              Proposal {p.number} · version {p.version}
            </span>
          </ProposalRow>
        ))}
      </ul>
    </DetailCard>
  );
}
