import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_MESSAGES,
  FILTERED_BY_CUSTOMER,
  PAGE_HEADINGS,
  type AdminUser,
  USER_STATUS,
} from '@shop/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { UsersIcon } from '../../../components/ui/icons';
import { useMessageDialogs } from '../../../components/ui/message-dialogs';
import { PageHeader } from '../../../components/ui/page-header';
import { firstRowOf, ListToolbar, listStates, PagedList } from '../../../components/ui/lists/paged-list';
import { SearchBox } from '../../../components/ui/lists/search-box';
import { useFailureAlert } from '../../../components/ui/lists/use-failure-alert';
import { useListParams, useUrlSearch } from '../../../components/ui/lists/use-list-params';
import { useBusyRows, useRowMutation } from '../../../components/ui/lists/use-row-mutation';
import { failureWithReason } from '../../../lib/api-error';
import { deleteUser, setUserStatus, usersKey, usersQuery } from '../api/users-api';
import { UsersList } from '../components/users-list';

export default function AdminUsersPage() {
  const dialogs = useMessageDialogs();
  const queryClient = useQueryClient();
  // Page and search live in the URL: a reload and Back show the same list.
  const { page, setPage } = useListParams();
  const searchBox = useUrlSearch('search');
  const search = searchBox.value;

  const query = useQuery(usersQuery({ page, search }));
  const { data, isPending, isFetching } = query;
  useFailureAlert(query, ADMIN_MESSAGES.errorTitle, ADMIN_MESSAGES.usersFailed);
  const rows = useBusyRows();

  const toggle = useRowMutation(rows, {
    mutationFn: (user: AdminUser) =>
      setUserStatus(user.id, user.status === USER_STATUS.active ? USER_STATUS.inactive : USER_STATUS.active),
    onSuccess: async ({ status }) => {
      await queryClient.invalidateQueries({ queryKey: usersKey });
      void dialogs.alert({
        title:
          status === USER_STATUS.active ? ADMIN_MESSAGES.activatedTitle : ADMIN_MESSAGES.deactivatedTitle,
        message:
          status === USER_STATUS.active ? ADMIN_MESSAGES.userActivated : ADMIN_MESSAGES.userDeactivated,
        tone: 'success',
      });
    },
    onError: (error) =>
      void dialogs.alert({
        title: ADMIN_MESSAGES.errorTitle,
        message: failureWithReason(error, ADMIN_MESSAGES.userToggleFailed),
        tone: 'error',
      }),
  });

  const remove = useRowMutation(rows, {
    mutationFn: (user: AdminUser) => deleteUser(user.id),
    onSuccess: async ({ message }) => {
      // The last row of a later page gone: show the page before it.
      if (data && data.users.length === 1 && page > 1) setPage(page - 1);
      await queryClient.invalidateQueries({ queryKey: usersKey });
      void dialogs.alert({ title: ADMIN_MESSAGES.productDeletedTitle, message, tone: 'success' });
    },
    onError: (error) =>
      void dialogs.alert({
        title: ADMIN_MESSAGES.errorTitle,
        message: failureWithReason(error, ADMIN_MESSAGES.userDeleteFailed),
        tone: 'error',
      }),
  });

  // Deactivating signs the customer out everywhere: asked first. Activating is not.
  const onToggle = async (user: AdminUser) => {
    if (rows.busyIds.has(user.id)) return;
    if (user.status === 1) {
      const confirmed = await dialogs.confirm({
        title: FILTERED_BY_CUSTOMER.deactivateTitle(user.name),
        message: FILTERED_BY_CUSTOMER.deactivateText,
        confirmLabel: 'Deactivate',
        destructive: true,
      });
      if (!confirmed) return;
    }
    toggle(user);
  };

  const onDelete = async (user: AdminUser) => {
    if (rows.busyIds.has(user.id)) return;
    const confirmed = await dialogs.confirm({
      title: `Delete ${user.name}?`,
      message:
        'Their account, design submissions, quote requests, proposals (accepted ones too), bookings, messages and favourites are deleted with it. To keep those records, deactivate the account instead. This action cannot be undone.',
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (confirmed) remove(user);
  };

  return (
    <>
      <PageHeader
        title={PAGE_HEADINGS.userManagement}
        description="Registered customers: search, activate or deactivate, and see what they submitted and liked."
      />
      <ListToolbar
        count={{
          total: data?.total,
          updating: isFetching && !isPending,
          one: 'customer',
          other: 'customers',
        }}
      >
        <SearchBox
          label="Search users"
          placeholder="Search by name or e-mail"
          value={searchBox.text}
          onChange={searchBox.setText}
        />
      </ListToolbar>

      <PagedList
        {...listStates(query, ADMIN_MESSAGES.usersFailed)}
        empty={
          data?.users.length === 0 && (
            <EmptyState
              icon={<UsersIcon className="size-6" />}
              title={search ? 'No users match your search' : 'No users yet'}
              description={
                search ? 'Try another name or e-mail.' : 'Customers appear here once they register.'
              }
            />
          )
        }
        pagination={data?.pagination}
        onPageChange={setPage}
      >
        {data && (
          <UsersList
            users={data.users}
            firstRow={firstRowOf(data.pagination)}
            busyIds={rows.busyIds}
            onToggle={(user) => void onToggle(user)}
            onDelete={(u) => void onDelete(u)}
          />
        )}
      </PagedList>
    </>
  );
}
