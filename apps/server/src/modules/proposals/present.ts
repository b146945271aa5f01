import type { AdminProposal, Proposal, QuoteRequest } from '@shop/contracts';
import { imageUrl } from '../../platform/files/images';
import { readTogether, type DbOrTx } from '../../db/connection';
import * as q from './queries';

export interface ProposalView extends AdminProposal {
  /** The customer's account, when the proposal has one (notifications, ownership). */
  ownerId: number | null;
  /** Storage keys of the lines' photos (for the PDF), by line id. */
  photoKeys: Map<number, string>;
}

/** Everything a proposal answer needs, read in a few queries. */
export async function loadProposalView(
  db: DbOrTx,
  found: NonNullable<Awaited<ReturnType<typeof q.findProposal>>>,
  opts: { customer: boolean },
): Promise<ProposalView> {
  const p = found.proposal;
  const [lines, versions, bookingId] = await readTogether(db, [
    () => q.linesOf(db, [p.id]),
    () => q.versionsOf(db, p.number),
    () => q.activeBookingOf(db, p.id),
  ]);
  const photoKeys = new Map<number, string>();
  for (const l of lines) if (l.photoKey) photoKeys.set(l.id, l.photoKey);
  return {
    id: p.id,
    number: p.number,
    design_id: p.designId,
    design_slug: found.designSlug ?? null,
    quote_request_id: p.quoteRequestId,
    version: p.version,
    status: p.status,
    valid_until: p.validUntil,
    currency: p.currency,
    lines: lines.map((l) => ({
      id: l.id,
      product_id: l.productId,
      name: l.name,
      sku: l.sku,
      photo_url: imageUrl(l.photoKey, 320),
      quantity: l.quantity,
      unit_price: l.unitPrice,
      discount: l.discount,
      total: l.total,
      declined: l.declined,
    })),
    subtotal: p.subtotal,
    tax_rate: p.taxRate,
    tax: p.tax,
    total: p.total,
    notes: p.notes,
    customer_comment: p.customerComment,
    created_at: p.createdAt.toISOString(),
    sent_at: p.sentAt?.toISOString() ?? null,
    decided_at: p.decidedAt?.toISOString() ?? null,
    versions: versions
      .filter((v) => !opts.customer || v.status !== 'draft')
      .map((v) => ({
        id: v.id,
        version: v.version,
        status: v.status,
        total: v.total,
        sent_at: v.sentAt?.toISOString() ?? null,
      })),
    booking_id: bookingId,
    customer: {
      user_id: found.ownerId,
      name: found.customerName,
      email: found.customerEmail,
      company_name: found.customerCompany,
    },
    ownerId: found.ownerId,
    photoKeys,
  };
}

export function toAdminProposal(view: ProposalView): AdminProposal {
  const { ownerId: _o, photoKeys: _k, ...rest } = view;
  return rest;
}

export function toCustomerProposal(view: ProposalView): Proposal {
  const { ownerId: _o, photoKeys: _k, customer: _c, ...rest } = view;
  return rest;
}

export async function loadQuoteRequest(
  db: DbOrTx,
  found: NonNullable<Awaited<ReturnType<typeof q.findQuoteRequest>>>,
): Promise<QuoteRequest> {
  const r = found.request;
  const [items, answers] = await readTogether(db, [
    () => q.quoteItems(db, r.id),
    () => q.proposalsOfRequest(db, r.id),
  ]);
  return {
    id: r.id,
    status: r.status,
    note: r.note,
    items: items.map((i) => ({
      product_id: i.productId,
      name: i.name,
      sku: i.sku,
      photo_url: imageUrl(i.photoKey, 320),
      price: i.price,
      quantity: i.quantity,
    })),
    customer: { user_id: r.userId, name: found.name, email: found.email, company_name: null },
    created_at: r.createdAt.toISOString(),
    proposals: answers,
  };
}
