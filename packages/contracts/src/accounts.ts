import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { emailField, textRefusal, tooLongMessage } from './common';
import { SERVER_MESSAGES } from './messages';

export const passwordField = z
  .string({ error: textRefusal('password') })
  .min(1, 'The password field is required.')
  .min(PASSWORD_MIN_LENGTH, SERVER_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, `The password may not be greater than ${PASSWORD_MAX_LENGTH} characters.`);

/** The signed-in user as the customer area sees it. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  photo_url: z.string().nullable(),
  role_type: z.enum(['user', 'admin']),
  /** Whether the owner proved the address (a mailed link); the customer area shows a banner until then. */
  email_verified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const adminSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  photo_url: z.string().nullable(),
  role_type: z.enum(['user', 'admin']),
});
export type Admin = z.infer<typeof adminSchema>;

export const loginRequest = z.object({
  email: emailField,
  password: z
    .string({ error: textRefusal('password') })
    .min(1, 'The password field is required.')
    .max(1024, tooLongMessage('password', 1024)),
  remember: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const loginResponse = z.object({ token: z.string(), user: userSchema, message: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

export const registerRequest = z
  .object({
    email: emailField,
    password: passwordField,
    password_confirmation: z
      .string({ error: textRefusal('password confirmation') })
      .min(1, 'The password confirmation field is required.'),
    terms: z.literal(true, { error: SERVER_MESSAGES.termsRequired }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: SERVER_MESSAGES.passwordsDontMatch,
  });
export type RegisterRequest = z.input<typeof registerRequest>;

export const registerResponse = loginResponse;

export const forgotPasswordRequest = z.object({ email: emailField });

const resetToken = z
  .string({ error: textRefusal('token') })
  .min(1, 'The token field is required.')
  .max(200, 'The token is invalid.');

/** A mailed reset link's address and token, checked when the link is opened (POST /api/reset-password/check). */
export const resetLinkCheckRequest = z.object({ email: emailField, token: resetToken });
export type ResetLinkCheckRequest = z.input<typeof resetLinkCheckRequest>;
export const resetLinkCheckResponse = z.object({ valid: z.literal(true) });

export const resetPasswordRequest = z
  .object({
    email: emailField,
    token: resetToken,
    password: passwordField,
    password_confirmation: z
      .string({ error: textRefusal('password confirmation') })
      .min(1, 'The password confirmation field is required.'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: SERVER_MESSAGES.passwordsDontMatch,
  });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

export const currentUserResponse = z.object({ data: userSchema });

export const adminLoginResponse = z.object({ token: z.string(), admin: adminSchema, message: z.string() });
export type AdminLoginResponse = z.infer<typeof adminLoginResponse>;
export const adminProfileResponse = z.object({ admin: adminSchema });
