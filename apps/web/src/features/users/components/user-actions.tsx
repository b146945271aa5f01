import { Link } from 'react-router';
import type { AdminUser } from '@shop/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { USER_STATUS } from '@shop/contracts';

interface UserActionsProps {
  user: AdminUser;
  busy: boolean;
  onToggle: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

/** The row actions of one customer: status toggle, their designs, their liked products, delete. */
export function UserActions({ user, busy, onToggle, onDelete }: UserActionsProps) {
  const active = user.status === USER_STATUS.active;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant={active ? 'outline' : 'secondary'}
        onClick={() => onToggle(user)}
        disabled={busy}
        aria-label={`${active ? 'Deactivate' : 'Activate'} ${user.name}`}
      >
        {active ? 'Deactivate' : 'Activate'}
      </Button>
      <Link
        to={`/admin/designs?userId=${user.id}`}
        className={buttonClasses('ghost', 'sm')}
        aria-label={`View Designs Submitted by ${user.name}`}
      >
        View Designs Submitted
      </Link>
      <Link
        to={`/admin/products?userId=${user.id}`}
        className={buttonClasses('ghost', 'sm')}
        aria-label={`View Liked Products of ${user.name}`}
      >
        View Liked Products
      </Link>
      <Button
        size="sm"
        variant="danger"
        onClick={() => onDelete(user)}
        disabled={busy}
        aria-label={`Delete ${user.name}`}
      >
        Delete
      </Button>
    </div>
  );
}
