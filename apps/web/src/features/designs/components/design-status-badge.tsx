import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { capitalize } from '../../../lib/text';

/** Customer area: pending yellow, approved green, rejected red, anything else grey; shown capitalized. */
export function customerStatusTone(status: string): BadgeTone {
  if (status === 'pending') return 'warning';
  if (status === 'approved') return 'success';
  if (status === 'rejected') return 'danger';
  return 'neutral';
}

/** Back-office list: approved and pending have their styles, anything else the declined style. */
export function adminStatusTone(status: string): BadgeTone {
  if (status === 'approved') return 'success';
  if (status === 'pending') return 'warning';
  return 'danger';
}

export function DesignStatusBadge({
  status,
  area = 'customer',
  label,
}: {
  status: string;
  area?: 'customer' | 'admin';
  label?: string;
}) {
  return (
    <Badge tone={area === 'admin' ? adminStatusTone(status) : customerStatusTone(status)}>
      {label ?? capitalize(status)}
    </Badge>
  );
}
