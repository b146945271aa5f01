import type { AdminUser } from '@shop/contracts';
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

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** A table from 768 px up, cards below. */
export function UsersList({ users, firstRow, busyIds, onToggle, onDelete }: UsersListProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Registered customers</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                #
              </th>
              <th scope="col" className="px-4 py-3">
                Name
              </th>
              <th scope="col" className="px-4 py-3">
                Email
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Designs
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Liked
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((user, index) => (
              <tr key={user.id} className="align-top">
                <td className="px-4 py-3 text-slate-600 tabular-nums">{firstRow + index}</td>
                <td className="px-4 py-3 font-medium text-navy-900">
                  {user.name}
                  <span className="block text-xs font-normal text-slate-600">
                    Joined {dateFormat.format(new Date(user.created_at))}
                  </span>
                </td>
                <td className="px-4 py-3 break-all text-slate-700">{user.email}</td>
                <td className="px-4 py-3 text-right tabular-nums">{user.user_designs_count}</td>
                <td className="px-4 py-3 text-right tabular-nums">{user.liked_products_count}</td>
                <td className="px-4 py-3">
                  <UserStatusBadge status={user.status} />
                </td>
                <td className="px-4 py-3">
                  <UserActions
                    user={user}
                    busy={busyIds.has(user.id)}
                    onToggle={onToggle}
                    onDelete={onDelete}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 md:hidden" aria-label="Registered customers">
        {users.map((user, index) => (
          <li key={user.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-xs text-slate-600">#{firstRow + index}</p>
                <p className="font-semibold text-navy-900">{user.name}</p>
                <p className="text-sm break-all text-slate-700">{user.email}</p>
              </div>
              <UserStatusBadge status={user.status} />
            </div>
            <dl className="mt-3 flex gap-6 text-sm">
              <div>
                <dt className="text-slate-600">Designs</dt>
                <dd className="font-semibold tabular-nums">{user.user_designs_count}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Liked</dt>
                <dd className="font-semibold tabular-nums">{user.liked_products_count}</dd>
              </div>
            </dl>
            <div className="mt-3">
              <UserActions user={user} busy={busyIds.has(user.id)} onToggle={onToggle} onDelete={onDelete} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
