import type { AdminProposal, Booking, Proposal } from '@shop/contracts';

/**
 * A customer's proposal of a test: sent for design 3 (D-3) and not yet decided, without lines or booking,
 * numbered after its id (7 is P-000007), unless `fields` say otherwise.
 */
export const testProposal = (id: number, fields: Partial<Proposal> = {}): Proposal => ({
  id,
  number: `P-${String(id).padStart(6, '0')}`,
  design_id: 3,
  design_slug: 'D-3',
  quote_request_id: null,
  version: 1,
  status: 'sent',
  valid_until: '2030-01-31',
  currency: 'USD',
  lines: [],
  subtotal: '0.00',
  tax_rate: '0.00',
  tax: '0.00',
  total: '0.00',
  notes: null,
  customer_comment: null,
  created_at: '2030-01-01T00:00:00Z',
  sent_at: '2030-01-01T00:00:00Z',
  decided_at: null,
  versions: [],
  booking_id: null,
  ...fields,
});

/** The same proposal as the shop reads it: with its customer, Robin Buyer (user 2), unless `fields` say otherwise. */
export const testAdminProposal = (id: number, fields: Partial<AdminProposal> = {}): AdminProposal => ({
  ...testProposal(id),
  customer: { user_id: 2, name: 'Robin Buyer', email: 'robin@example.com', company_name: null },
  ...fields,
});

/**
 * A booking of a test: Robin Buyer's (user 2) installation of proposal 7 (P-000007, design 3), confirmed for
 * 4 March 2030 from 14:00 to 17:00 UTC and still changeable, unless `fields` say otherwise.
 */
export const testBooking = (id: number, fields: Partial<Booking> = {}): Booking => ({
  id,
  kind: 'installation',
  status: 'confirmed',
  proposal_id: 7,
  proposal_number: 'P-000007',
  design_id: 3,
  user_id: 2,
  name: 'Robin Buyer',
  email: 'robin@example.com',
  phone: null,
  company_name: null,
  address: null,
  slot_start: '2030-03-04T14:00:00.000Z',
  slot_end: '2030-03-04T17:00:00.000Z',
  requested_date: null,
  note: null,
  changeable: true,
  created_at: '2030-01-03T00:00:00Z',
  confirmed_at: '2030-01-04T00:00:00Z',
  cancelled_at: null,
  cancelled_by: null,
  cancel_reason: null,
  reminded_at: null,
  ...fields,
});
