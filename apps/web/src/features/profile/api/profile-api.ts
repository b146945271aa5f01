import type {
  Admin,
  AdminPasswordUpdateRequest,
  CustomerPasswordUpdateRequest,
  CustomerProfileUpdateResponse,
  MessageResponse,
} from '@shop/contracts';
import { api, OWN_ERRORS } from '../../../lib/api-client';

export const updateAdminProfile = (form: FormData) =>
  api.post<{ admin: Admin; message: string }>('/api/admin/profile/update', form, OWN_ERRORS);

export const updateAdminPassword = (body: AdminPasswordUpdateRequest) =>
  api.post<MessageResponse>('/api/admin/password/update', body, OWN_ERRORS);

export const updateCustomerProfile = (form: FormData) =>
  api.post<CustomerProfileUpdateResponse>('/api/profile/update', form, OWN_ERRORS);

export const updateCustomerPassword = (body: CustomerPasswordUpdateRequest) =>
  api.post<MessageResponse>('/api/profile/password', body, OWN_ERRORS);
