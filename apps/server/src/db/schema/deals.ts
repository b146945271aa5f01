import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { designSubmissions } from './designs';
import { users } from './users';

/** A customer's request for a quote of chosen products, without a design. */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note'),
    status: text('status', { enum: ['open', 'answered'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quote_requests_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // A customer's deletion removes their requests.
    index('quote_requests_user_idx').on(t.userId),
  ],
);

export const quoteRequestItems = pgTable(
  'quote_request_items',
  {
    id: serial('id').primaryKey(),
    quoteRequestId: integer('quote_request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    // A snapshot: the request reads the same after the product changes.
    name: text('name').notNull(),
    sku: text('sku'),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('quote_request_items_request_idx').on(t.quoteRequestId),
    // A product's deletion clears it from the requests' items.
    index('quote_request_items_product_idx').on(t.productId),
    check('quote_request_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * Proposal numbers (P-000123), one per proposal: not its row's id, since every version is a row of its own. Created
 * by migration 0030 past the highest number the proposals already had (numbered from their ids before it).
 */
export const proposalNumberSeq = pgSequence('proposal_number_seq');

/**
 * A proposal version. Versions of one proposal share its number; revising a sent one adds version N+1 as a draft.
 * The customer is the design's owner or the quote request's.
 */
export const proposals = pgTable(
  'proposals',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    version: integer('version').notNull().default(1),
    designId: integer('design_id').references(() => designSubmissions.id, { onDelete: 'cascade' }),
    quoteRequestId: integer('quote_request_id').references(() => quoteRequests.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['draft', 'sent', 'accepted', 'declined', 'expired', 'superseded'] })
      .notNull()
      .default('draft'),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    currency: text('currency').notNull().default('USD'),
    // Exact money and rates: numeric, read as strings.
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    subtotal: numeric('subtotal', { precision: 12, scale: 2 }).notNull(),
    tax: numeric('tax', { precision: 12, scale: 2 }).notNull(),
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    notes: text('notes'),
    customerComment: text('customer_comment'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('proposals_number_version_unique').on(t.number, t.version),
    index('proposals_design_idx').on(t.designId),
    index('proposals_quote_request_idx').on(t.quoteRequestId),
    index('proposals_status_idx').on(t.status, t.validUntil),
    // An admin's deletion clears them from the proposals they wrote.
    index('proposals_created_by_idx').on(t.createdBy),
    check('proposals_source_check', sql`(${t.designId} is null) <> (${t.quoteRequestId} is null)`),
  ],
);

export const proposalLines = pgTable(
  'proposal_lines',
  {
    id: serial('id').primaryKey(),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    // Snapshot of the product when the line was written.
    name: text('name').notNull(),
    sku: text('sku'),
    photoKey: text('photo_key'),
    quantity: integer('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    discount: numeric('discount', { precision: 5, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    declined: boolean('declined').notNull().default(false),
  },
  (t) => [
    index('proposal_lines_proposal_idx').on(t.proposalId, t.position),
    // A product's deletion clears it from the lines; a product's edit asks whether a line still shows its photo.
    index('proposal_lines_product_idx').on(t.productId),
    index('proposal_lines_photo_idx')
      .on(t.photoKey)
      .where(sql`${t.photoKey} is not null`),
    check('proposal_lines_quantity_check', sql`${t.quantity} > 0`),
    check('proposal_lines_discount_check', sql`${t.discount} >= 0 and ${t.discount} <= 100`),
  ],
);

/** The team's weekly availability, in the shop's timezone. */
export const scheduleWindows = pgTable(
  'schedule_windows',
  {
    id: serial('id').primaryKey(),
    weekday: integer('weekday').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    capacity: integer('capacity').notNull(),
  },
  (t) => [
    uniqueIndex('schedule_windows_unique').on(t.weekday, t.startTime),
    check('schedule_windows_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('schedule_windows_capacity_check', sql`${t.capacity} > 0`),
  ],
);

export const scheduleBlackouts = pgTable('schedule_blackouts', {
  day: date('day', { mode: 'string' }).primaryKey(),
});

/** An installation (of an accepted proposal) or a site visit (anyone, guests included). */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['installation', 'site_visit'] }).notNull(),
    status: text('status', { enum: ['requested', 'proposed', 'confirmed', 'cancelled'] })
      .notNull()
      .default('requested'),
    proposalId: integer('proposal_id').references(() => proposals.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    companyName: text('company_name'),
    /** Where the site visit or the installation is, as the customer gave it (at most 300 characters); null when none. */
    address: text('address'),
    slotStart: timestamp('slot_start', { withTimezone: true }),
    slotEnd: timestamp('slot_end', { withTimezone: true }),
    requestedDate: date('requested_date', { mode: 'string' }),
    note: text('note'),
    /**
     * A guest's site visit: the network it was asked from (platform/client-address.ts, networkOf), counted against
     * SITE_VISITS_OPEN_PER_GUEST_NETWORK while the visit is ahead; the retention job clears it once the visit is past.
     */
    requesterNetwork: text('requester_network'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Which side cancelled it; null while it is not cancelled, and for the bookings cancelled before migration 0031. */
    cancelledBy: text('cancelled_by', { enum: ['customer', 'shop'] }),
    /** The reason the side that cancelled it gave, if any (at most 500 characters, trimmed); null otherwise. */
    cancelReason: text('cancel_reason'),
    /** When the customer was reminded of the confirmed window; null until then, and again once the window moves. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    index('bookings_slot_idx')
      .on(t.slotStart)
      .where(sql`${t.status} <> 'cancelled'`),
    // The reminders' sweep: the confirmed windows not yet reminded of, by start.
    index('bookings_reminder_due_idx')
      .on(t.slotStart)
      .where(sql`${t.status} = 'confirmed' and ${t.remindedAt} is null`),
    index('bookings_proposal_idx').on(t.proposalId),
    index('bookings_user_idx').on(t.userId),
    index('bookings_requester_network_idx')
      .on(t.requesterNetwork)
      .where(sql`${t.requesterNetwork} is not null`),
  ],
);
