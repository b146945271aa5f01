import { Link } from 'react-router';
import type { AdminUser } from '@shop/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useRowButtons } from '../../../components/ui/lists/use-row-mutation';
import { USER_STATUS } from '@shop/contracts';

interface UserActionsProps {
  user: AdminUser;
  busy: boolean;
  onToggle: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

/**
 * The row actions of one customer: status toggle and delete on a line, the links to their designs and their liked
 * products under them (side by side where they fit), the links' text in line with the buttons' edge. While the
 * row is busy the buttons ignore presses but stay focusable (aria-disabled, not disabled): the keyboard user who
 * pressed one keeps their place; the one pressed shows the spinner.
 */
export function UserActions({ user, busy, onToggle, onDelete }: UserActionsProps) {
  const active = user.status === USER_STATUS.active;
  const button = useRowButtons<'toggle' | 'delete'>(busy);
  return (
    <div className="flex flex-col items-start gap-2">
      <div className="flex gap-2">
        <Button
          size="sm"
          variant={active ? 'outline' : 'secondary'}
          {...button('toggle', () => onToggle(user))}
          aria-label={`${active ? 'Deactivate' : 'Activate'} ${user.name}`}
        >
          {active ? 'Deactivate' : 'Activate'}
        </Button>
        <Button
          size="sm"
          variant="danger"
          {...button('delete', () => onDelete(user))}
          aria-label={`Delete ${user.name}`}
        >
          Delete
        </Button>
      </div>
      <div className="-ml-3 flex flex-wrap">
        {[
          { to: `/admin/designs?userId=${user.id}`, text: 'View Designs Submitted', of: 'by' },
          { to: `/admin/products?userId=${user.id}`, text: 'View Liked Products', of: 'of' },
        ].map(({ to, text, of }) => (
          <Link
            key={to}
            to={to}
            className={buttonClasses('ghost', 'sm')}
            aria-label={`${text} ${of} ${user.name}`}
          >
            {text}
          </Link>
        ))}
      </div>
    </div>
  );
}
