import { z } from 'zod';
import { PAGE_SIZE, USER_STATUS } from './constants';
import { adminPagination, adminSearchText } from './common';

const searchText = adminSearchText;

/** Query of the admin lists: page, perPage (camelCase, as the back-office sends it) and a search text. */
export const adminListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.adminList),
  search: searchText,
});

export const adminUsersQuery = adminListQuery;
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.union([z.literal(USER_STATUS.active), z.literal(USER_STATUS.inactive)]),
  user_designs_count: z.number().int(),
  liked_products_count: z.number().int(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersResponse = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  pagination: adminPagination,
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

const userStatus = z.union([z.literal(USER_STATUS.active), z.literal(USER_STATUS.inactive)]);
/**
 * The status the admin asked for. Without it (no body, or a body without `status`) the call flips the status, as the
 * spec's; with it the status is set, so two admins who both deactivate a customer leave the account inactive
 * instead of opening it again.
 */
export const userStatusRequest = z.object({ status: userStatus.optional() });
export type UserStatusRequest = z.infer<typeof userStatusRequest>;
export const userStatusResponse = z.object({ status: userStatus, message: z.string() });
export type UserStatusResponse = z.infer<typeof userStatusResponse>;

export { adminSearchText };
