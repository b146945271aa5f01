import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { adminBookingsQuery, myBookingsQuery } from '../api/proposals-api';
import type { AdminProposal, Booking, Proposal } from '../api/types';
import { BookingActions } from './booking-actions';
import { BookingSummary } from './booking-summary';
import { DetailCard } from '../../../components/ui/detail-card';
import { InstallationBooking } from './installation-booking';
import { LoadError } from '../../../components/ui/lists/paged-list';
import { PROPOSAL_FAILURES } from '../messages';

/** The booking of this proposal cancelled last, when none is active: its window and its cancellation stay in sight. */
function lastCancelled(list: Booking[] | undefined, proposalId: number): Booking | undefined {
  const cancelled = (list ?? []).filter((b) => b.proposal_id === proposalId && b.status === 'cancelled');
  return cancelled.sort(
    (x, y) => (y.cancelled_at ?? '').localeCompare(x.cancelled_at ?? '') || y.id - x.id,
  )[0];
}

/**
 * The installation of an accepted proposal on its detail page, for either side: the booking with what this side may
 * do with it. Before there is one, and once it is cancelled (the proposal stays accepted, with no booking), the
 * customer books (again) and the shop waits for it: the cancelled booking stays in sight on both sides, with what
 * comes next. The server takes no step on a cancelled booking (409), so it has no buttons.
 */
export function ProposalBooking({
  proposal,
  area,
}: {
  proposal: Proposal | AdminProposal;
  area: 'admin' | 'customer';
}) {
  const bookingId = proposal.booking_id;
  const accepted = proposal.status === 'accepted';
  const wanted = bookingId !== null || accepted;
  const admin = useQuery({
    ...adminBookingsQuery({ page: 1, proposalId: proposal.id }),
    enabled: area === 'admin' && wanted,
  });
  const mine = useQuery({ ...myBookingsQuery(), enabled: area === 'customer' && wanted });
  const query = area === 'admin' ? admin : mine;
  const list = area === 'admin' ? admin.data?.bookings : mine.data;

  if (area === 'admin' ? !wanted : !accepted) return null;
  const title = area === 'admin' ? 'Installation' : 'Installation date';
  const failed = query.isError ? (
    <LoadError message={PROPOSAL_FAILURES.bookingFailed} onRetry={() => query.refetch()} />
  ) : null;

  if (bookingId === null) {
    const cancelled = lastCancelled(list, proposal.id);
    if (area === 'customer')
      return (
        <DetailCard title={title}>
          {failed ??
            (cancelled && (
              <div className="mb-4">
                <BookingSummary booking={cancelled} area={area} />
                <p className="mt-2 text-sm text-slate-600">
                  Book a new date: pick a window or ask for another date.
                </p>
              </div>
            ))}
          <InstallationBooking proposalId={proposal.id} />
        </DetailCard>
      );
    const customerId = 'customer' in proposal ? proposal.customer.user_id : null;
    return (
      <DetailCard title={title}>
        {failed ??
          (query.isPending ? (
            <p className="text-sm text-slate-600">Loading…</p>
          ) : (
            <>
              {cancelled && <BookingSummary booking={cancelled} area={area} />}
              <p className={`text-sm text-slate-600 ${cancelled ? 'mt-3' : ''}`}>
                {cancelled
                  ? 'The customer can book a new date from their proposal.'
                  : 'The customer has not booked the installation yet.'}
              </p>
              {customerId !== null && (
                <p className="mt-2 text-sm">
                  <Link className="text-navy-700 underline" to={`/admin/chat?userId=${customerId}`}>
                    Message the customer
                  </Link>
                </p>
              )}
            </>
          ))}
      </DetailCard>
    );
  }

  const booking = list?.find((b) => b.id === bookingId);
  return (
    <DetailCard title={title}>
      {failed ??
        (booking ? (
          <>
            <BookingSummary booking={booking} area={area} />
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
        ))}
    </DetailCard>
  );
}
