import { Badge } from '../../../components/ui/badge';

export function UserStatusBadge({ status }: { status: number }) {
  return status === 1 ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Inactive</Badge>;
}
