import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ADMIN_MESSAGES, PAGE_HEADINGS, type AdminUser } from '@shop/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { UsersIcon } from '../../../components/ui/icons';
import { useMessageDialogs } from '../../../components/ui/message-dialogs';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { useDebounce } from '../../../lib/use-debounce';
import { deleteUser, toggleUserStatus, usersKey, usersQuery } from '../api/admin-users';
import { SearchBox } from '../components/search-box';
import { UsersList } from '../components/users-list';

export default function AdminUsersPage() {
  const dialogs = useMessageDialogs();
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState('');
  const search = useDebounce(searchText.trim());
  // The page belongs to the search it was chosen for: a new search starts again at page 1.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const setPage = (next: number) => setPaging({ search, page: next });

  const { data, isPending, isError, errorUpdatedAt, isFetching } = useQuery(usersQuery({ page, search }));
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    if (isError)
      void dialogs.alert({
        title: ADMIN_MESSAGES.errorTitle,
        message: ADMIN_MESSAGES.usersFailed,
        tone: 'error',
      });
  }, [isError, errorUpdatedAt, dialogs]);

  const markBusy = (id: number, busy: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  const toggle = useMutation({
    mutationFn: (user: AdminUser) => toggleUserStatus(user.id),
    onMutate: (user) => markBusy(user.id, true),
    onSettled: (_data, _error, user) => markBusy(user.id, false),
    onSuccess: async ({ status }) => {
      await queryClient.invalidateQueries({ queryKey: usersKey });
      void dialogs.alert({
        title: status === 1 ? ADMIN_MESSAGES.activatedTitle : ADMIN_MESSAGES.deactivatedTitle,
        message: status === 1 ? ADMIN_MESSAGES.userActivated : ADMIN_MESSAGES.userDeactivated,
        tone: 'success',
      });
    },
    onError: () =>
      void dialogs.alert({
        title: ADMIN_MESSAGES.errorTitle,
        message: ADMIN_MESSAGES.userToggleFailed,
        tone: 'error',
      }),
  });

  const remove = useMutation({
    mutationFn: (user: AdminUser) => deleteUser(user.id),
    onMutate: (user) => markBusy(user.id, true),
    onSettled: (_data, _error, user) => markBusy(user.id, false),
    onSuccess: async ({ message }) => {
      // The last row of a later page gone: show the page before it.
      if (data && data.users.length === 1 && page > 1) setPage(page - 1);
      await queryClient.invalidateQueries({ queryKey: usersKey });
      void dialogs.alert({ title: ADMIN_MESSAGES.productDeletedTitle, message, tone: 'success' });
    },
    onError: () =>
      void dialogs.alert({
        title: ADMIN_MESSAGES.errorTitle,
        message: ADMIN_MESSAGES.userDeleteFailed,
        tone: 'error',
      }),
  });

  const onToggle = (user: AdminUser) => {
    if (!busyIds.has(user.id)) toggle.mutate(user);
  };

  const onDelete = async (user: AdminUser) => {
    if (busyIds.has(user.id)) return;
    const confirmed = await dialogs.confirm({
      title: `Delete ${user.name}?`,
      message:
        'Their account, design submissions, messages and favourites are deleted with it. This action cannot be undone.',
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (confirmed) remove.mutate(user);
  };

  const pagination = data?.pagination;
  const firstRow = pagination ? (pagination.current - 1) * pagination.perPage + 1 : 1;

  return (
    <>
      <PageHeader
        title={PAGE_HEADINGS.userManagement}
        description="Registered customers: search, activate or deactivate, and see what they submitted and liked."
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox
          label="Search users"
          placeholder="Search by name or e-mail"
          value={searchText}
          onChange={setSearchText}
        />
        <p className="text-sm text-slate-600" aria-live="polite">
          {isFetching && !isPending
            ? 'Updating…'
            : data
              ? `${data.total} ${data.total === 1 ? 'customer' : 'customers'}`
              : ''}
        </p>
      </div>

      {isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : isError && !data ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {ADMIN_MESSAGES.usersFailed}
        </p>
      ) : data && data.users.length === 0 ? (
        <EmptyState
          icon={<UsersIcon className="size-6" />}
          title={search ? 'No users match your search' : 'No users yet'}
          description={search ? 'Try another name or e-mail.' : 'Customers appear here once they register.'}
        />
      ) : data ? (
        <>
          <UsersList
            users={data.users}
            firstRow={firstRow}
            busyIds={busyIds}
            onToggle={onToggle}
            onDelete={(u) => void onDelete(u)}
          />
          <Pagination
            className="mt-6"
            currentPage={data.pagination.current}
            lastPage={data.pagination.totalPages}
            onPageChange={setPage}
          />
        </>
      ) : null}
    </>
  );
}
