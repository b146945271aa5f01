import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { adminBookingsQuery, myBookingsQuery } from '../api/proposals-api';
import type { Proposal } from '../api/types';
import { BookingActions } from './booking-actions';
import { BookingSummary } from './booking-summary';
import { DetailCard } from '../../../components/ui/detail-card';
import { InstallationBooking } from './installation-booking';
import { LoadError } from '../../../components/ui/lists/paged-list';
import { PROPOSAL_FAILURES } from '../messages';

/**
 * The installation of an accepted proposal on its detail page, for either side: the booking with what this side may
 * do with it; before there is one, the customer books (the shop waits for it).
 */
export function ProposalBooking({ proposal, area }: { proposal: Proposal; area: 'admin' | 'customer' }) {
  const bookingId = proposal.booking_id;
  const admin = useQuery({
    ...adminBookingsQuery({ page: 1, proposalId: proposal.id }),
    enabled: area === 'admin' && bookingId !== null,
  });
  const mine = useQuery({ ...myBookingsQuery(), enabled: area === 'customer' && bookingId !== null });
  const query = area === 'admin' ? admin : mine;
  const list = area === 'admin' ? admin.data?.bookings : mine.data;
  const booking = list?.find((b) => b.id === bookingId);

  if (area === 'admin' ? bookingId === null : proposal.status !== 'accepted') return null;
  return (
    <DetailCard title={area === 'admin' ? 'Installation' : 'Installation date'}>
      {bookingId === null ? (
        <InstallationBooking proposalId={proposal.id} />
      ) : query.isError ? (
        <LoadError message={PROPOSAL_FAILURES.bookingFailed} onRetry={() => query.refetch()} />
      ) : booking ? (
        <>
          <BookingSummary booking={booking} />
          <BookingActions booking={booking} area={area} />
        </>
      ) : query.isPending ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : (
        <p className="text-sm text-slate-600">
          <Link
            className="text-navy-700 underline"
            to={area === 'admin' ? '/admin/bookings' : '/user/proposals'}
          >
            See the bookings
          </Link>
        </p>
      )}
    </DetailCard>
  );
}
