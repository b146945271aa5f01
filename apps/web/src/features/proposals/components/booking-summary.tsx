import type { Booking } from '../api/types';
import { formatDate } from '../../../lib/dates';
import { formatShopDateTime, formatSlot } from '../../../lib/shop-dates';
import { BookingStatusBadge } from './proposal-status-badge';

/** Who cancelled a booking, as the side reading it says it ('you' for the customer's own). */
function cancelledBy(booking: Booking, area: 'admin' | 'customer'): string {
  if (booking.cancelled_by === 'shop') return ' by the shop';
  if (booking.cancelled_by === 'customer') return area === 'customer' ? ' by you' : ' by the customer';
  return '';
}

/**
 * A booking's date (a window, or the date asked for), its status, where it is, the reminder sent a day before it,
 * and when and by whom it was cancelled, with the reason given.
 */
export function BookingSummary({ booking, area }: { booking: Booking; area: 'admin' | 'customer' }) {
  const when = booking.slot_start
    ? formatSlot(booking.slot_start, booking.slot_end)
    : booking.requested_date
      ? // A date without a window: the shop's proposal while it is proposed, else the customer's request.
        `${booking.status === 'proposed' ? 'Proposed for' : 'Asked for'} ${formatDate(booking.requested_date)}`
      : 'No date yet';
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-navy-900" data-testid="booking-date">
        {when}
      </span>
      <BookingStatusBadge status={booking.status} />
      {booking.address && (
        <p className="w-full whitespace-pre-line text-slate-600 wrap-anywhere">Address: {booking.address}</p>
      )}
      {booking.note && <p className="w-full text-slate-600">Note: {booking.note}</p>}
      {booking.status === 'confirmed' && booking.reminded_at && (
        <p className="w-full text-slate-600">
          Reminder sent{area === 'customer' ? ' to you' : ''} on {formatShopDateTime(booking.reminded_at)}.
        </p>
      )}
      {booking.status === 'cancelled' && booking.cancelled_at && (
        <p className="w-full text-slate-600">
          Cancelled{cancelledBy(booking, area)} on {formatShopDateTime(booking.cancelled_at)}.
        </p>
      )}
      {booking.status === 'cancelled' && booking.cancel_reason && (
        <p className="w-full whitespace-pre-line text-slate-600 wrap-anywhere">
          Reason: “{booking.cancel_reason}”
        </p>
      )}
    </div>
  );
}
