import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminUsersResponse, MessageResponse, UserStatusResponse } from '@shop/contracts';
import { PAGE_SIZE } from '@shop/contracts';
import { api } from '../../../lib/api-client';

// These screens word their own failures ('Failed to ...' dialogs); an expired session keeps the global handling.
const own = { callerHandles: (e: { status: number }) => e.status !== 401 };

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
        ...own,
      }),
    placeholderData: keepPreviousData,
  });

export const toggleUserStatus = (id: number) =>
  api.post<UserStatusResponse>(`/api/admin/users/${id}/toggle-status`, undefined, own);

export const deleteUser = (id: number) => api.delete<MessageResponse>(`/api/admin/users/${id}`, own);
