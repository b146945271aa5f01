import type {
  Admin,
  AdminPasswordUpdateRequest,
  CustomerPasswordUpdateRequest,
  CustomerProfileUpdateResponse,
  MessageResponse,
} from '@shop/contracts';
import { api } from '../../../lib/api-client';

// The settings screens word their own failures; an expired session keeps the global handling.
const own = { callerHandles: (e: { status: number }) => e.status !== 401 };

export const updateAdminProfile = (form: FormData) =>
  api.post<{ admin: Admin; message: string }>('/api/admin/profile/update', form, own);

export const updateAdminPassword = (body: AdminPasswordUpdateRequest) =>
  api.post<MessageResponse>('/api/admin/password/update', body, own);

export const updateCustomerProfile = (form: FormData) =>
  api.post<CustomerProfileUpdateResponse>('/api/profile/update', form, own);

export const updateCustomerPassword = (body: CustomerPasswordUpdateRequest) =>
  api.post<MessageResponse>('/api/profile/password', body, own);
