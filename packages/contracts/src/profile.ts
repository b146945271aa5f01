import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, UPLOAD_LIMITS } from './constants';
import { emailField, requiredText, textRefusal, tooLongMessage } from './common';
import { adminSchema, userSchema } from './accounts';
import { SERVER_MESSAGES } from './messages';
import { PASSWORD_MESSAGES } from './password-rules';

const required = (label: string) =>
  z.string({ error: textRefusal(label) }).min(1, `The ${label} field is required.`);

const newPassword = (label: string) =>
  required(label)
    .min(PASSWORD_MIN_LENGTH, `The ${label} must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `The ${label} may not be greater than ${PASSWORD_MAX_LENGTH} characters.`);

export const PROFILE_MESSAGES = {
  profileUpdated: 'Profile updated successfully',
  passwordUpdated: 'Password updated successfully',
  phoneFormat: 'The phone may only contain digits, spaces and + - ( ) . characters.',
  photoType: 'The photo must be a PNG, JPEG, WebP, GIF, AVIF or TIFF image.',
  /** The photo picker's hint: the types the server takes (ACCEPTED_TYPES.profilePhoto) and the size limit. */
  photoHint: `PNG, JPEG, WebP, GIF, AVIF or TIFF, up to ${UPLOAD_LIMITS.profilePhotoBytes / 1024 / 1024} MB.`,
  photoUnreadable: 'The photo could not be read.',
} as const;

export const phoneField = requiredText('phone', 30).regex(
  /^\+?[0-9 ().-]{5,30}$/,
  PROFILE_MESSAGES.phoneFormat,
);

/** Admin "Profile Information": name and e-mail (multipart, with an optional photo). */
export const adminProfileUpdateRequest = z.object({
  name: requiredText('name', 100),
  email: emailField,
});
export type AdminProfileUpdateRequest = z.input<typeof adminProfileUpdateRequest>;
export const adminProfileUpdateResponse = z.object({ admin: adminSchema, message: z.string() });

export const adminPasswordUpdateRequest = z
  .object({
    current_password: required('current password').max(1024, tooLongMessage('current password', 1024)),
    password: newPassword('password'),
    password_confirmation: required('password confirmation'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: SERVER_MESSAGES.passwordsDontMatch,
  })
  .refine((v) => v.password !== v.current_password, {
    path: ['password'],
    message: PASSWORD_MESSAGES.sameAsCurrent,
  });
export type AdminPasswordUpdateRequest = z.input<typeof adminPasswordUpdateRequest>;

/** Customer "Profile Settings": name and phone (multipart, with an optional photo); the e-mail is read-only. */
export const customerProfileUpdateRequest = z.object({
  name: requiredText('name', 100),
  phone: phoneField,
});
export type CustomerProfileUpdateRequest = z.input<typeof customerProfileUpdateRequest>;
export const customerProfileUpdateResponse = z.object({ message: z.string(), user: userSchema });
export type CustomerProfileUpdateResponse = z.infer<typeof customerProfileUpdateResponse>;

export const customerPasswordUpdateRequest = z
  .object({
    current_password: required('current password').max(1024, tooLongMessage('current password', 1024)),
    new_password: newPassword('new password'),
    new_password_confirmation: required('new password confirmation'),
  })
  .refine((v) => v.new_password === v.new_password_confirmation, {
    path: ['new_password_confirmation'],
    message: SERVER_MESSAGES.passwordsDontMatch,
  })
  // A change that changes nothing would still end the account's other sessions: it is refused.
  .refine((v) => v.new_password !== v.current_password, {
    path: ['new_password'],
    message: PASSWORD_MESSAGES.sameAsCurrent,
  });
export type CustomerPasswordUpdateRequest = z.input<typeof customerPasswordUpdateRequest>;
