import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AdminUsersResponse,
  MessageResponse,
  UserStatus,
  UserStatusRequest,
  UserStatusResponse,
} from '@shop/contracts';
import { PAGE_SIZE } from '@shop/contracts';
import { api, OWN_ERRORS } from '../../../lib/api-client';

export interface UsersListParams {
  page: number;
  search: string;
}

export const usersKey = ['admin', 'users'] as const;

export const usersQuery = ({ page, search }: UsersListParams) =>
  queryOptions({
    queryKey: [...usersKey, { page, search }],
    queryFn: ({ signal }) =>
      api.get<AdminUsersResponse>('/api/admin/users', {
        signal,
        query: { page, perPage: PAGE_SIZE.adminList, search: search || undefined },
        ...OWN_ERRORS,
      }),
    placeholderData: keepPreviousData,
  });

/** Asks for the status the row's button offers: another admin's press made meanwhile is not undone. */
export const setUserStatus = (id: number, status: UserStatus) =>
  api.post<UserStatusResponse>(
    `/api/admin/users/${id}/toggle-status`,
    { status } satisfies UserStatusRequest,
    OWN_ERRORS,
  );

export const deleteUser = (id: number) => api.delete<MessageResponse>(`/api/admin/users/${id}`, OWN_ERRORS);
