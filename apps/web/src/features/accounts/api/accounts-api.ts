import type {
  AdminLoginResponse,
  ClaimDesignResponse,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  RegisterRequest,
  ResetLinkCheckRequest,
  ResetPasswordRequest,
  VerifyEmailResponse,
} from '@shop/contracts';
import { api } from '../../../lib/api-client';

// Every screen here words its own failures (storefront spec section 8), so the global messages stay out.
const own = { callerHandles: true } as const;

export const logIn = (body: LoginRequest) => api.post<LoginResponse>('/api/login', body, own);

/** The form's values; the server, not the type, refuses an unticked terms box. */
export type RegisterForm = Omit<RegisterRequest, 'terms'> & { terms: boolean };

export const register = (body: RegisterForm) => api.post<LoginResponse>('/api/register', body, own);

export const requestPasswordReset = (email: string) =>
  api.post<MessageResponse>('/api/forgot-password', { email }, own);

/** Whether a mailed reset link can still be used; a spent or expired one is refused with 422. */
export const checkResetLink = (body: ResetLinkCheckRequest) =>
  api.post<{ valid: true }>('/api/reset-password/check', body, own);

export const resetPassword = (body: ResetPasswordRequest) =>
  api.post<MessageResponse>('/api/reset-password', body, own);

export const logInAdmin = (body: LoginRequest) => api.post<AdminLoginResponse>('/api/admin/login', body, own);

/** The mailed verification link's token; the link works in any browser, signed in or not. */
export const verifyEmail = (token: string) =>
  api.post<VerifyEmailResponse>('/api/verify-email', { token }, { ...own, token: 'none' });

export const resendVerificationLink = () =>
  api.post<MessageResponse>('/api/user/email-verification', undefined, { ...own, token: 'customer' });

/** The claim link of a guest's 'design received' mail, as the signed-in customer. */
export const claimDesign = (token: string) =>
  api.post<ClaimDesignResponse>('/api/user/design-claims', { token }, { ...own, token: 'customer' });
