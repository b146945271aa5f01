import { z } from 'zod';
import { PAGE_SIZE, SEARCH_MAX_LENGTH } from './constants';

/** An e-mail as typed: trimmed and lower-cased before validation. */
export const emailField = z
  .string({ error: 'The email field is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'The email field is required.')
  .max(254, 'The email may not be greater than 254 characters.')
  .pipe(z.email('The email must be a valid email address.'));

export const requiredText = (field: string, max = 255) =>
  z
    .string({ error: `The ${field} field is required.` })
    .trim()
    .min(1, `The ${field} field is required.`)
    .max(max, `The ${field} may not be greater than ${max} characters.`);

export const optionalText = (field: string, max = 5000) =>
  z
    .string()
    .trim()
    .max(max, `The ${field} may not be greater than ${max} characters.`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.default),
});

/** Pagination of the admin lists. */
export const adminPagination = z.object({
  current: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
});
export type AdminPagination = z.infer<typeof adminPagination>;

export const statusResponse = z.object({
  status: z.union([z.number(), z.boolean(), z.string()]),
  message: z.string().optional(),
});

/** A back-office list's (or the chat's) search text: trimmed, at most SEARCH_MAX_LENGTH.list, empty as none. */
export const adminSearchText = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH.list, `The search may not be greater than ${SEARCH_MAX_LENGTH.list} characters.`)
  .optional()
  .transform((v) => (v ? v : undefined));
