import type { AdminUser } from '@shop/contracts';
import { formatDate } from '../../../lib/dates';
import { DataTable, type DataColumn } from '../../../components/ui/lists/data-table';
import { EmailText } from '../../../components/ui/lists/email-text';
import { UserActions } from './user-actions';
import { UserStatusBadge } from './user-status-badge';

interface UsersListProps {
  users: AdminUser[];
  /** The number of the first row: (current - 1) * perPage + 1. */
  firstRow: number;
  busyIds: ReadonlySet<number>;
  onToggle: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

/** A table where the list is wide enough, cards where it is not (DataTable). */
export function UsersList({ users, firstRow, busyIds, onToggle, onDelete }: UsersListProps) {
  const columns: DataColumn<AdminUser>[] = [
    {
      header: 'Name',
      className: 'font-medium text-navy-900',
      cell: (user) => (
        <>
          {user.name}
          <span className="block text-xs font-normal text-slate-600">
            Joined {formatDate(user.created_at)}
          </span>
        </>
      ),
      card: 'title',
      cardCell: (user) => user.name,
    },
    {
      header: 'Email',
      className: 'min-w-40 text-slate-700',
      cell: (user) => <EmailText email={user.email} />,
      card: 'detail',
    },
    { header: 'Designs', align: 'right', cell: (user) => user.user_designs_count, card: 'field' },
    { header: 'Liked', align: 'right', cell: (user) => user.liked_products_count, card: 'field' },
    { header: 'Status', cell: (user) => <UserStatusBadge status={user.status} />, card: 'badge' },
    {
      header: 'Actions',
      cell: (user) => (
        <UserActions user={user} busy={busyIds.has(user.id)} onToggle={onToggle} onDelete={onDelete} />
      ),
      card: 'actions',
    },
  ];
  return (
    <DataTable
      rows={users}
      columns={columns}
      caption="Registered customers"
      firstRow={firstRow}
      rowClassName={() => 'align-top'}
    />
  );
}
