import { z } from 'zod';
import { emailField } from './common';

/** POST /api/newsletter answers { message } (decisions.md D9). */
export const newsletterRequest = z.object({ email: emailField });
export type NewsletterRequest = z.input<typeof newsletterRequest>;
