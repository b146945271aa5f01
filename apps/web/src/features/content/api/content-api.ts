import type { ContactRequest, ContactResponse } from '@shop/contracts';
import { api } from '../../../lib/api-client';

/** The contact page shows its own failures (a red box), so the global message is not shown as well. */
export const sendContactMessage = (input: ContactRequest) =>
  api.post<ContactResponse>('/api/contact', input, { token: 'none', callerHandles: true });
