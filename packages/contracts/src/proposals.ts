import { z } from 'zod';
import { PAGE_SIZE, PROPOSAL_LIMITS, PROPOSAL_STATUSES, QUOTE_REQUEST_STATUSES } from './constants';
import {
  adminSearchText,
  boundedText,
  listRefusal,
  requiredText,
  textRefusal,
  tooLongMessage,
} from './common';

/**
 * Texts of proposals and quote requests that the server says (kept here, out of the first-load messages); the web
 * app's own failure texts of the deal screens stay in its proposals feature (PROPOSAL_FAILURES).
 */
export const PROPOSAL_MESSAGES = {
  notDraft: 'Only a draft proposal can be changed or sent.',
  notRevisable: 'Only a sent, declined or expired proposal can be revised.',
  alreadyDecided: 'This proposal has already been decided.',
  versionAccepted: 'Another version of this proposal has already been accepted.',
  amountTooLarge: 'The amount may not be greater than 9,999,999,999.99.',
  expired: 'This proposal has expired.',
  notSent: 'This proposal cannot be decided.',
  notAccepted: 'An installation can be booked only for an accepted proposal.',
  alreadyBooked: 'An installation is already booked for this proposal.',
  lineNeedsName: 'A line without a product needs a name.',
  lineNeedsPrice: 'A line without a product needs a unit price.',
  productMissing: 'The selected product does not exist.',
  unknownLine: 'The declined lines must be lines of this proposal.',
  allLinesDeclined: 'At least one line must be accepted.',
  validUntilPast: 'The valid until date must be today or later.',
  terms:
    'Prices are in the currency shown and include the listed discounts. Delivery and installation dates are confirmed separately. This proposal is valid until the date shown.',
} as const;

/* ------------------------------------------------------------------------------------------------
 * Proposals and quote requests.
 *
 * Back-office (admin guard):
 *   POST /api/admin/designs/{id}/proposals          proposalInput -> 201 { proposal } (a draft)      404 design, 422
 *   POST /api/admin/quote-requests/{id}/proposals   proposalInput -> 201 { proposal } (a draft)      404, 422
 *   PUT  /api/admin/proposals/{id}                  proposalInput -> { proposal }           404, 409 not a draft, 422
 *   POST /api/admin/proposals/{id}/send             -> { proposal } (sent; earlier versions superseded)  404, 409
 *   POST /api/admin/proposals/{id}/revise           -> 201 { proposal } (draft version N+1 copying the lines) 404, 409
 *   GET  /api/admin/proposals?page&perPage&search&status&design_id&quote_request_id -> { proposals, total }
 *                                                   (search: number, customer, company)
 *   GET  /api/admin/proposals/{id}                  -> { proposal: adminProposal } (with versions, customer, booking)
 *   GET  /api/admin/proposals/{id}/pdf              -> application/pdf                                   404
 *   GET  /api/admin/quote-requests?page&perPage     -> { quote_requests, total }
 *   GET  /api/admin/quote-requests/{id}             -> { quote_request }                                 404
 *   GET  /api/admin/proposal-settings               -> { tax_rate: "8.25", currency: "USD" } (DEFAULT_TAX_RATE, CURRENCY)
 *
 * Customer area (customer guard; another customer's proposal, or a draft, answers 404):
 *   GET  /api/user/proposals?page&per_page&design_id -> { data, current_page, last_page, total, per_page }
 *        (design_id narrows to one design's proposals: the design page uses it)
 *   GET  /api/user/proposals/{id}                   -> { proposal: customerProposal } (with versions, booking)
 *   POST /api/user/proposals/{id}/accept            { comment?, declined_line_ids? } -> { proposal }  404, 409, 422
 *   POST /api/user/proposals/{id}/decline           { comment }                      -> { proposal }  404, 409, 422
 *   GET  /api/user/proposals/{id}/pdf               -> application/pdf                                   404
 *   POST /api/user/quote-requests                   { items: [{ product_id, quantity }], note? } -> 201 { quote_request }
 *
 * 409: deciding twice, deciding an expired or superseded proposal, changing a sent one.
 * Money is a decimal string with 2 decimals ("1299.00"); tax_rate is a percent with 2 decimals ("8.25").
 * ---------------------------------------------------------------------------------------------- */

export const moneyString = z.string().regex(/^-?\d+\.\d{2}$/);

/** A money amount as typed: "12", "12.5", "12.50" (no more than 2 decimals, not negative). */
export const moneyInput = (field: string) =>
  z
    .union([z.string().trim(), z.number()])
    .transform((v) => String(v))
    .refine((v) => /^\d{1,8}(\.\d{1,2})?$/.test(v), {
      message: `The ${field} must be an amount with at most 2 decimals, from 0 to ${PROPOSAL_LIMITS.maxPrice}.`,
    });

/** A percent from 0 to 100 with at most 2 decimals. */
export const percentInput = (field: string) =>
  z
    .union([z.string().trim(), z.number()])
    .transform((v) => String(v))
    .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100, {
      message: `The ${field} must be a percent from 0 to 100 with at most 2 decimals.`,
    });

/**
 * A calendar day, YYYY-MM-DD, that exists: year 0001 to 9999 (PostgreSQL's date has no year 0, and JavaScript's
 * Date would take 0000 as 1 BC).
 */
/** A product of the catalogue, by id: one message for every way the id is not one. */
const PRODUCT_ID_MESSAGE = 'The selected product is invalid.';
const productId = z
  .number({ error: PRODUCT_ID_MESSAGE })
  .int(PRODUCT_ID_MESSAGE)
  .positive(PRODUCT_ID_MESSAGE)
  .max(2_147_483_647, PRODUCT_ID_MESSAGE);

export const isoDate = (field: string) =>
  z
    .string({ error: textRefusal(field) })
    // An empty field (a date input left blank) is a missing date, not a malformed one: it gets that message alone.
    .min(1, { message: `The ${field} field is required.`, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${field} must be a date (YYYY-MM-DD).`)
    .refine(
      (v) =>
        !v.startsWith('0000') &&
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
        new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        message: `The ${field} must be a valid date.`,
      },
    );

export const proposalLineInput = z
  .object({
    product_id: productId.optional().nullable(),
    name: boundedText('name', PROPOSAL_LIMITS.lineName).optional().nullable(),
    quantity: z
      .number({ error: 'The quantity must be a whole number.' })
      .int('The quantity must be a whole number.')
      .min(1, 'The quantity must be at least 1.')
      .max(PROPOSAL_LIMITS.quantity),
    unit_price: moneyInput('unit price').optional().nullable(),
    discount: percentInput('discount').optional().nullable(),
  })
  .superRefine((line, ctx) => {
    if (!line.product_id && !line.name)
      ctx.addIssue({ code: 'custom', path: ['name'], message: PROPOSAL_MESSAGES.lineNeedsName });
    if (!line.product_id && (line.unit_price === undefined || line.unit_price === null))
      ctx.addIssue({ code: 'custom', path: ['unit_price'], message: PROPOSAL_MESSAGES.lineNeedsPrice });
  });
export type ProposalLineInput = z.input<typeof proposalLineInput>;

export const proposalInput = z.object({
  valid_until: isoDate('valid until'),
  notes: boundedText('notes', PROPOSAL_LIMITS.notes).optional().nullable(),
  tax_rate: percentInput('tax rate').optional().nullable(),
  lines: z
    .array(proposalLineInput, { error: listRefusal('lines') })
    .min(1, 'The proposal needs at least one line.')
    .max(PROPOSAL_LIMITS.lines),
});
export type ProposalInput = z.input<typeof proposalInput>;

export const proposalLine = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  name: z.string(),
  sku: z.string().nullable(),
  photo_url: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: moneyString,
  /** Percent, "0.00" when none. */
  discount: z.string(),
  total: moneyString,
  declined: z.boolean(),
});
export type ProposalLine = z.infer<typeof proposalLine>;

export const proposalVersionRef = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: z.enum(PROPOSAL_STATUSES),
  total: moneyString,
  sent_at: z.string().nullable(),
});

export const proposal = z.object({
  id: z.number().int(),
  /** e.g. "P-000123"; every version of a proposal shares it. */
  number: z.string(),
  design_id: z.number().int().nullable(),
  /** The design's slug, for links to the customer's design page. */
  design_slug: z.string().nullable(),
  quote_request_id: z.number().int().nullable(),
  version: z.number().int(),
  status: z.enum(PROPOSAL_STATUSES),
  valid_until: z.string(),
  currency: z.string(),
  lines: z.array(proposalLine),
  subtotal: moneyString,
  tax_rate: z.string(),
  tax: moneyString,
  total: moneyString,
  notes: z.string().nullable(),
  customer_comment: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** Every version of this proposal the reader may see, newest first (drafts only to the admin). */
  versions: z.array(proposalVersionRef),
  /** The installation booking of an accepted proposal (the latest not cancelled), if any. */
  booking_id: z.number().int().nullable(),
});
export type Proposal = z.infer<typeof proposal>;

export const proposalCustomer = z.object({
  user_id: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  company_name: z.string().nullable(),
});

export const adminProposal = proposal.extend({ customer: proposalCustomer });
export type AdminProposal = z.infer<typeof adminProposal>;

/** The file name of a version's PDF, as downloaded and as attached to its mail: each version its own. */
export const proposalPdfName = (number: string, version: number) => `proposal-${number}-v${version}.pdf`;

export const proposalResponse = z.object({ proposal });
export const adminProposalResponse = z.object({ proposal: adminProposal });

export const adminProposalListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.adminList),
  search: adminSearchText,
  status: z.enum(PROPOSAL_STATUSES).optional(),
  /** Only the proposals (every version) built on this design. */
  design_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Only the proposals (every version) answering this quote request. */
  quote_request_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type AdminProposalListQuery = z.input<typeof adminProposalListQuery>;

export const adminProposalList = z.object({ proposals: z.array(adminProposal), total: z.number().int() });
export type AdminProposalList = z.infer<typeof adminProposalList>;

export const customerProposalListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.default),
  design_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const customerProposalList = z.object({
  data: z.array(proposal),
  current_page: z.number().int(),
  last_page: z.number().int(),
  total: z.number().int(),
  per_page: z.number().int(),
});
export type CustomerProposalList = z.infer<typeof customerProposalList>;

export const acceptProposalInput = z.object({
  comment: boundedText('comment', PROPOSAL_LIMITS.comment).optional().nullable(),
  declined_line_ids: z
    .array(z.number().int().positive().max(2_147_483_647))
    .max(PROPOSAL_LIMITS.lines)
    .optional(),
});
export type AcceptProposalInput = z.input<typeof acceptProposalInput>;

export const declineProposalInput = z.object({
  comment: requiredText('comment', PROPOSAL_LIMITS.comment),
});
export type DeclineProposalInput = z.input<typeof declineProposalInput>;

/* Quote requests */

/**
 * What a quote request may not be, in the shop's words: the route's 422 and the quote request form say the same
 * (the schemas below carry them). `noLikedProducts` is the form's word for an empty wishlist.
 */
export const QUOTE_REQUEST_MESSAGES = {
  noProducts: 'Choose at least one product.',
  quantity: `The quantity must be a whole number from 1 to ${PROPOSAL_LIMITS.quantity}.`,
  tooManyItems: `A quote request may list at most ${PROPOSAL_LIMITS.quoteItems} products.`,
  listedTwice: 'A product may be listed only once.',
  noteTooLong: tooLongMessage('note', PROPOSAL_LIMITS.comment),
  noLikedProducts:
    'Your wishlist is empty. Like the products you need in the inventory, then ask for their quote here.',
} as const;

// One text for every way a quantity is wrong; a fraction stops there, so a field gets the text once.
const quoteQuantity = z
  .number({ error: QUOTE_REQUEST_MESSAGES.quantity })
  .int({ error: QUOTE_REQUEST_MESSAGES.quantity, abort: true })
  .min(1, QUOTE_REQUEST_MESSAGES.quantity)
  .max(PROPOSAL_LIMITS.quantity, QUOTE_REQUEST_MESSAGES.quantity);

const quoteNote = z.string().trim().max(PROPOSAL_LIMITS.comment, QUOTE_REQUEST_MESSAGES.noteTooLong);

export const quoteRequestInput = z.object({
  items: z
    .array(z.object({ product_id: productId, quantity: quoteQuantity }), {
      error: listRefusal('items'),
    })
    .min(1, QUOTE_REQUEST_MESSAGES.noProducts)
    .max(PROPOSAL_LIMITS.quoteItems, QUOTE_REQUEST_MESSAGES.tooManyItems)
    // Each product once, so every quantity is checked as sent (two lines of a product cannot add up past the limit).
    .superRefine((items, ctx) => {
      const seen = new Set<number>();
      items.forEach(({ product_id }, i) => {
        if (seen.has(product_id))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'product_id'],
            message: QUOTE_REQUEST_MESSAGES.listedTwice,
          });
        seen.add(product_id);
      });
    }),
  note: quoteNote.optional().nullable(),
});
export type QuoteRequestInput = z.input<typeof quoteRequestInput>;

/** A row of the quote request form asks for nothing when its quantity is left empty (NaN in a number field) or 0. */
const isLeftOut = (quantity: number) => Number.isNaN(quantity) || quantity === 0;

/** The rows of the quote request form that go in the request, in order: the request's item N is row `rows[N]`. */
export const quoteRequestRows = (items: readonly { quantity: number }[]): number[] =>
  items.flatMap((item, row) => (isLeftOut(item.quantity) ? [] : [row]));

/**
 * The quote request form's side of `quoteRequestInput`: a row per liked product, and the note as typed. It refuses
 * what the route refuses, with the same texts, on the form's own rows (`items.{row}.quantity`), and its output is
 * the request to send (the rows asked for, the note trimmed or left out).
 */
export const quoteRequestFields = z
  .object({
    items: z
      .array(
        z.object({
          product_id: productId,
          // A row left out reads as no quantity; the others are checked as the route checks them.
          quantity: z
            .union([z.number({ error: QUOTE_REQUEST_MESSAGES.quantity }), z.nan()])
            .transform((quantity) => (isLeftOut(quantity) ? undefined : quantity))
            .pipe(quoteQuantity.optional()),
        }),
      )
      .refine((items) => items.some((item) => item.quantity !== undefined), QUOTE_REQUEST_MESSAGES.noProducts)
      .refine(
        (items) => items.filter((item) => item.quantity !== undefined).length <= PROPOSAL_LIMITS.quoteItems,
        QUOTE_REQUEST_MESSAGES.tooManyItems,
      ),
    note: quoteNote,
  })
  .transform(({ items, note }): QuoteRequestInput => ({
    items: items.flatMap(({ product_id, quantity }) =>
      quantity === undefined ? [] : [{ product_id, quantity }],
    ),
    ...(note ? { note } : {}),
  }));

export const quoteRequestItem = z.object({
  product_id: z.number().int().nullable(),
  name: z.string(),
  sku: z.string().nullable(),
  photo_url: z.string().nullable(),
  price: moneyString.nullable(),
  quantity: z.number().int(),
});

export const quoteRequest = z.object({
  id: z.number().int(),
  status: z.enum(QUOTE_REQUEST_STATUSES),
  note: z.string().nullable(),
  items: z.array(quoteRequestItem),
  customer: proposalCustomer,
  created_at: z.string(),
  /**
   * The proposals that answer it, newest first: each once, by its number and the id of its latest version (where
   * the back-office opens it).
   */
  proposals: z.array(z.object({ id: z.number().int(), number: z.string() })),
});
export type QuoteRequest = z.infer<typeof quoteRequest>;

export const quoteRequestResponse = z.object({ quote_request: quoteRequest });

export const adminQuoteRequestListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.adminList),
});
export const adminQuoteRequestList = z.object({
  quote_requests: z.array(quoteRequest),
  total: z.number().int(),
});
export type AdminQuoteRequestList = z.infer<typeof adminQuoteRequestList>;

/** GET /api/admin/proposal-settings: what a new proposal starts with. */
export const proposalSettings = z.object({ tax_rate: z.string(), currency: z.string() });
export type ProposalSettings = z.infer<typeof proposalSettings>;
