import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { capitalize } from '../../../lib/text';
import type { BookingStatus, ProposalStatus } from '../api/types';

const tones: Record<ProposalStatus, BadgeTone> = {
  draft: 'neutral',
  sent: 'info',
  accepted: 'success',
  declined: 'danger',
  expired: 'warning',
  superseded: 'neutral',
};

export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  return <Badge tone={tones[status]}>{capitalize(status)}</Badge>;
}

const bookingTones: Record<BookingStatus, BadgeTone> = {
  requested: 'warning',
  proposed: 'accent',
  confirmed: 'success',
  cancelled: 'danger',
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <Badge tone={bookingTones[status]}>{capitalize(status)}</Badge>;
}
