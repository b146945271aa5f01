import { Badge } from '../../../components/ui/badge';
import { USER_STATUS } from '@shop/contracts';

export function UserStatusBadge({ status }: { status: number }) {
  return status === USER_STATUS.active ? (
    <Badge tone="success">Active</Badge>
  ) : (
    <Badge tone="danger">Inactive</Badge>
  );
}
