import { z } from 'zod';
import { emailField, PHONE_MESSAGE, PHONE_PATTERN, requiredText } from './common';

/** POST /api/contact: every field is required (storefront spec section 5). */
export const contactRequest = z.object({
  firstName: requiredText('first name', 100),
  lastName: requiredText('last name', 100),
  email: emailField,
  // Checked as the design form and the site visit check theirs, so a reply can reach the number given.
  phone: requiredText('phone', 40).regex(PHONE_PATTERN, PHONE_MESSAGE),
  message: requiredText('message', 5000),
});
export type ContactRequest = z.input<typeof contactRequest>;

export const contactResponse = z.object({ success: z.literal(true), message: z.string() });
export type ContactResponse = z.infer<typeof contactResponse>;

export const CONTACT_MESSAGES = {
  sent: 'Thank you for your message. We will get back to you shortly.',
} as const;

export const NEWSLETTER_MESSAGES = {
  subscribed: 'Thank you for subscribing! Please check your inbox to confirm your subscription.',
} as const;

export const newsletterConfirmQuery = z.object({ token: z.string().max(200).optional() });
