import { z } from 'zod';
import { PAGE_SIZE, SEARCH_MAX_LENGTH } from './constants';

/** The shop's words for a value that is no text where text is asked for ('The reason must be a string.'). */
export const notTextMessage = (field: string) => `The ${field} must be a string.`;

/** The shop's words for a value that is no number where a number is asked for ('The capacity must be a number.'). */
export const notNumberMessage = (field: string) => `The ${field} must be a number.`;

/** The shop's words for a value that is no list where a list is asked for ('The lines must be a list.'). */
export const notListMessage = (field: string) => `The ${field} must be a list.`;

/** The shop's words for a field given no value ('The note field is required.'). */
export const requiredFieldMessage = (field: string) => `The ${field} field is required.`;

/** Whether a field was given no value: absent, or a JSON null where none is taken. */
export const isMissing = (input: unknown) => input === undefined || input === null;

/** The shop's words for a field given no value ('The lines field is required.') or a value of another kind. */
const refusal =
  (field: string, wrongKind: string) =>
  ({ input }: { input?: unknown }) =>
    isMissing(input) ? requiredFieldMessage(field) : wrongKind;

/** A text field's type refusal: no value is 'required', a value that is no text 'must be a string'. */
export const textRefusal = (field: string) => refusal(field, notTextMessage(field));

/** A list field's type refusal: no value is 'required', a value that is no list 'must be a list'. */
export const listRefusal = (field: string) => refusal(field, notListMessage(field));

/** An e-mail as typed: trimmed and lower-cased before validation. */
export const emailField = z
  .string({ error: textRefusal('email') })
  .trim()
  .toLowerCase()
  .min(1, 'The email field is required.')
  .max(254, 'The email may not be greater than 254 characters.')
  .pipe(z.email('The email must be a valid email address.'));

/** A phone number as people write it: 5 to 40 of digits, spaces and + ( ) - . (designs, site visits, contact). */
export const PHONE_PATTERN = /^[0-9+()\-.\s]{5,40}$/;
export const PHONE_MESSAGE = 'The phone must be a valid phone number.';

/** The shop's words for a text over its limit ('The comment may not be greater than 2000 characters.'). */
export const tooLongMessage = (field: string, max: number) =>
  `The ${field} may not be greater than ${max} characters.`;

/**
 * A trimmed text of at most `max` characters, refused in the shop's words (not zod's own 'Too big: ...'), a value
 * that is no text too (notTextMessage).
 */
export const boundedText = (field: string, max: number) =>
  z
    .string({ error: textRefusal(field) })
    .trim()
    .max(max, tooLongMessage(field, max));

export const requiredText = (field: string, max = 255) =>
  z
    .string({ error: textRefusal(field) })
    .trim()
    .min(1, `The ${field} field is required.`)
    .max(max, tooLongMessage(field, max));

export const optionalText = (field: string, max = 5000) =>
  boundedText(field, max)
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
