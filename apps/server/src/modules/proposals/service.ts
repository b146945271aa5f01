import {
  PROPOSAL_LIMITS,
  PROPOSAL_MESSAGES,
  proposalPdfName,
  type AcceptProposalInput,
  type AdminProposal,
  type Proposal,
  type QuoteRequest,
} from '@shop/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/connection';
import { conflict, fieldError, notFound, validationFailed } from '../../platform/errors';
import { enqueueMail, simpleHtml } from '../../platform/mail/queue';
import { cutText } from '../../platform/text-input';
import {
  activeAdminIds,
  createNotifications,
  publishNotifications,
  type NotificationRow,
} from '../notifications/service';
import { addDays, zonedDay } from '../scheduling/shop-time';
import { userContact } from '../users/service';
import {
  formatAmount,
  formatDay,
  fromCents,
  lineTotal,
  MAX_AMOUNT_CENTS,
  toCents,
  totals,
  twoDecimals,
} from './money';
import { renderProposalPdf } from './pdf';
import {
  loadProposalView,
  loadQuoteRequest,
  toAdminProposal,
  toCustomerProposal,
  type ProposalView,
} from './present';
import * as q from './queries';
import type { proposalInput, quoteRequestInput } from '@shop/contracts';

type ProposalInput = z.output<typeof proposalInput>;
type QuoteRequestInput = z.output<typeof quoteRequestInput>;

export const shopToday = (ctx: AppContext) => zonedDay(new Date(), ctx.config.shopTimezone);

/* ------------------------------------------------------------------------------------------ reading */

async function view(ctx: AppContext, db: DbOrTx, id: number, customer: boolean): Promise<ProposalView> {
  const found = await q.findProposal(db, id);
  if (!found) throw notFound();
  return loadProposalView(db, found, { customer });
}

/** The admin's proposal (any status). */
export async function adminProposal(ctx: AppContext, id: number): Promise<AdminProposal> {
  await q.expireDue(ctx.database.db, shopToday(ctx));
  return toAdminProposal(await view(ctx, ctx.database.db, id, false));
}

/** A customer's proposal: a draft or another customer's answers 404. */
async function customerView(ctx: AppContext, db: DbOrTx, userId: number, id: number) {
  return loadProposalView(db, await checkCustomerProposal(db, userId, id), { customer: true });
}

export async function customerProposal(ctx: AppContext, userId: number, id: number): Promise<Proposal> {
  await q.expireDue(ctx.database.db, shopToday(ctx));
  return toCustomerProposal(await customerView(ctx, ctx.database.db, userId, id));
}

/**
 * The customer's proposal with its customer; 404 unless it is theirs and has been sent to them (drafts are the
 * shop's alone).
 */
export async function checkCustomerProposal(db: DbOrTx, userId: number, id: number) {
  const found = await q.findProposal(db, id);
  if (!found || found.ownerId !== userId || found.proposal.status === 'draft') throw notFound();
  return found;
}

/**
 * The customer's accepted proposal, locked for the rest of the transaction, as an installation booking needs it:
 * its number, the customer's contact and the phone of its design, if any. 404 for another's or a draft; 409 unless
 * accepted.
 */
export async function lockAcceptedProposal(tx: DbOrTx, userId: number, id: number) {
  await q.lockProposal(tx, id);
  const found = await checkCustomerProposal(tx, userId, id);
  if (found.proposal.status !== 'accepted') throw conflict(PROPOSAL_MESSAGES.notAccepted);
  const design = found.proposal.designId ? await q.findDesign(tx, found.proposal.designId) : null;
  return {
    number: found.proposal.number,
    name: found.customerName,
    email: found.customerEmail,
    companyName: found.customerCompany,
    phone: design?.phone || null,
  };
}

export async function adminList(
  ctx: AppContext,
  query: {
    page: number;
    perPage: number;
    search?: string;
    status?: Proposal['status'];
    design_id?: number;
    quote_request_id?: number;
  },
) {
  const db = ctx.database.db;
  await q.expireDue(db, shopToday(ctx));
  const { rows, total } = await q.listProposals(
    db,
    {
      search: query.search,
      status: query.status,
      designId: query.design_id,
      quoteRequestId: query.quote_request_id,
    },
    query.page,
    query.perPage,
  );
  const proposals = [];
  for (const row of rows)
    proposals.push(toAdminProposal(await loadProposalView(db, row, { customer: false })));
  return { proposals, total };
}

export async function customerList(
  ctx: AppContext,
  userId: number,
  query: { page: number; per_page: number; design_id?: number },
) {
  const db = ctx.database.db;
  await q.expireDue(db, shopToday(ctx));
  const { rows, total } = await q.listProposals(
    db,
    { ownerId: userId, designId: query.design_id },
    query.page,
    query.per_page,
  );
  const data = [];
  for (const row of rows) data.push(toCustomerProposal(await loadProposalView(db, row, { customer: true })));
  return {
    data,
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    total,
    per_page: query.per_page,
  };
}

export async function adminPdf(ctx: AppContext, id: number): Promise<{ pdf: Buffer; filename: string }> {
  await q.expireDue(ctx.database.db, shopToday(ctx));
  const v = await view(ctx, ctx.database.db, id, false);
  return { pdf: await pdfOf(ctx, v), filename: pdfName(v) };
}

export async function customerPdf(ctx: AppContext, userId: number, id: number) {
  await q.expireDue(ctx.database.db, shopToday(ctx));
  const v = await customerView(ctx, ctx.database.db, userId, id);
  return { pdf: await pdfOf(ctx, v), filename: pdfName(v) };
}

const pdfName = (v: ProposalView) => proposalPdfName(v.number, v.version);
const pdfOf = (ctx: AppContext, v: ProposalView) =>
  renderProposalPdf(v, {
    shopName: ctx.config.appName,
    storage: ctx.storage,
    timeZone: ctx.config.shopTimezone,
  });

/* ------------------------------------------------------------------------------------------ writing */

/** Lines as stored: product lines take the product's name, SKU, photo and (by default) price. */
async function buildLines(db: DbOrTx, input: ProposalInput) {
  const ids = [...new Set(input.lines.map((l) => l.product_id).filter((id): id is number => !!id))];
  const found = new Map((await q.productsByIds(db, ids, { share: true })).map((p) => [p.id, p]));
  const errors: Record<string, string[]> = {};
  const lines = input.lines.map((l, i) => {
    const product = l.product_id ? found.get(l.product_id) : undefined;
    if (l.product_id && !product) errors[`lines.${i}.product_id`] = [PROPOSAL_MESSAGES.productMissing];
    const unitPrice = twoDecimals(l.unit_price ?? product?.price ?? '0');
    const discount = twoDecimals(l.discount ?? '0');
    return {
      position: i,
      productId: product?.id ?? null,
      name: l.name || product?.name || '',
      sku: product?.sku ?? null,
      photoKey: product?.photoKey ?? null,
      quantity: l.quantity,
      unitPrice,
      discount,
      cents: lineTotal(l.quantity, unitPrice, discount),
      declined: false,
    };
  });
  lines.forEach((l, i) => {
    if (l.cents > MAX_AMOUNT_CENTS) errors[`lines.${i}.quantity`] = [PROPOSAL_MESSAGES.amountTooLarge];
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  return lines;
}

/** The totals of the lines, refused (422) when they are more than a proposal can hold. */
function checkedTotals(cents: bigint[], taxRate: string) {
  const sums = totals(cents, taxRate);
  if (toCents(sums.total) > MAX_AMOUNT_CENTS) throw fieldError('lines', PROPOSAL_MESSAGES.amountTooLarge);
  return sums;
}

function checkValidUntil(ctx: AppContext, validUntil: string) {
  if (validUntil < shopToday(ctx)) throw fieldError('valid_until', PROPOSAL_MESSAGES.validUntilPast);
}

async function writeDraft(
  ctx: AppContext,
  tx: DbOrTx,
  input: ProposalInput,
  source: { designId: number | null; quoteRequestId: number | null },
  adminId: number,
) {
  checkValidUntil(ctx, input.valid_until);
  const lines = await buildLines(tx, input);
  const taxRate = twoDecimals(input.tax_rate ?? ctx.config.defaultTaxRate);
  const sums = checkedTotals(
    lines.map((l) => l.cents),
    taxRate,
  );
  const { id } = await q.insertProposal(tx, {
    number: await q.nextProposalNumber(tx),
    version: 1,
    designId: source.designId,
    quoteRequestId: source.quoteRequestId,
    validUntil: input.valid_until,
    currency: ctx.config.currency,
    taxRate,
    ...sums,
    notes: input.notes ?? null,
    createdBy: adminId,
  });
  await q.replaceLines(
    tx,
    id,
    lines.map(({ cents, ...l }) => ({ ...l, total: fromCents(cents) })),
  );
  return id;
}

export async function createForDesign(
  ctx: AppContext,
  adminId: number,
  designId: number,
  input: ProposalInput,
) {
  const id = await ctx.database.db.transaction(async (tx) => {
    if (!(await q.findDesign(tx, designId))) throw notFound();
    return writeDraft(ctx, tx, input, { designId, quoteRequestId: null }, adminId);
  });
  return adminProposal(ctx, id);
}

export async function createForQuoteRequest(
  ctx: AppContext,
  adminId: number,
  requestId: number,
  input: ProposalInput,
) {
  const id = await ctx.database.db.transaction(async (tx) => {
    if (!(await q.findQuoteRequest(tx, requestId))) throw notFound();
    return writeDraft(ctx, tx, input, { designId: null, quoteRequestId: requestId }, adminId);
  });
  return adminProposal(ctx, id);
}

/** Drafts only: the lines are replaced and the totals computed again. */
export async function updateDraft(ctx: AppContext, id: number, input: ProposalInput) {
  await ctx.database.db.transaction(async (tx) => {
    await q.lockProposal(tx, id);
    const found = await q.findProposal(tx, id);
    if (!found) throw notFound();
    if (found.proposal.status !== 'draft') throw conflict(PROPOSAL_MESSAGES.notDraft);
    // A draft of a proposal whose other version was accepted can never be sent: editing it would be work lost.
    if (await q.otherVersionAccepted(tx, found.proposal.number, id))
      throw conflict(PROPOSAL_MESSAGES.versionAccepted);
    checkValidUntil(ctx, input.valid_until);
    const lines = await buildLines(tx, input);
    // No tax rate keeps the draft's; an emptied one (null) is the shop's default, as on a new draft.
    const taxRate = twoDecimals(
      input.tax_rate === undefined ? found.proposal.taxRate : (input.tax_rate ?? ctx.config.defaultTaxRate),
    );
    await q.updateProposal(tx, id, {
      validUntil: input.valid_until,
      taxRate,
      notes: input.notes ?? null,
      ...checkedTotals(
        lines.map((l) => l.cents),
        taxRate,
      ),
    });
    await q.replaceLines(
      tx,
      id,
      lines.map(({ cents, ...l }) => ({ ...l, total: fromCents(cents) })),
    );
  });
  return adminProposal(ctx, id);
}

/** A sent, declined or expired latest version becomes the base of version N+1, a draft with the same lines. */
export async function revise(ctx: AppContext, adminId: number, id: number) {
  const today = shopToday(ctx);
  const newId = await ctx.database.db.transaction(async (tx) => {
    await q.expireDue(tx, today);
    await q.lockProposal(tx, id);
    const found = await q.findProposal(tx, id);
    if (!found) throw notFound();
    const p = found.proposal;
    const versions = await q.versionsOf(tx, p.number);
    if (!['sent', 'declined', 'expired'].includes(p.status) || versions[0]!.id !== p.id)
      throw conflict(PROPOSAL_MESSAGES.notRevisable);
    const lines = await q.linesOf(tx, [p.id]);
    const validUntil =
      p.validUntil >= today ? p.validUntil : addDays(today, PROPOSAL_LIMITS.defaultValidityDays);
    const sums = totals(
      lines.map((l) => lineTotal(l.quantity, l.unitPrice, l.discount)),
      p.taxRate,
    );
    const { id: nextId } = await q.insertProposal(tx, {
      number: p.number,
      version: versions[0]!.version + 1,
      designId: p.designId,
      quoteRequestId: p.quoteRequestId,
      validUntil,
      currency: p.currency,
      taxRate: p.taxRate,
      ...sums,
      notes: p.notes,
      createdBy: adminId,
    });
    await q.replaceLines(
      tx,
      nextId,
      lines.map((l) => ({
        position: l.position,
        productId: l.productId,
        name: l.name,
        sku: l.sku,
        photoKey: l.photoKey,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discount: l.discount,
        total: fromCents(lineTotal(l.quantity, l.unitPrice, l.discount)),
        declined: false,
      })),
    );
    return nextId;
  });
  return adminProposal(ctx, newId);
}

/** Sends a draft: earlier versions still open become superseded; the customer is told, with the PDF by mail. */
export async function send(ctx: AppContext, id: number) {
  let rows: NotificationRow[] = [];
  await ctx.database.db.transaction(async (tx) => {
    await q.lockDesignOf(tx, id);
    await q.lockNumberOf(tx, id);
    await q.lockProposal(tx, id);
    const found = await q.findProposal(tx, id);
    if (!found) throw notFound();
    const p = found.proposal;
    if (p.status !== 'draft') throw conflict(PROPOSAL_MESSAGES.notDraft);
    if (await q.otherVersionAccepted(tx, p.number, id)) throw conflict(PROPOSAL_MESSAGES.versionAccepted);
    checkValidUntil(ctx, p.validUntil);
    await q.updateProposal(tx, id, { status: 'sent', sentAt: new Date() });
    await q.supersedeOthers(tx, p.number, id);
    if (p.quoteRequestId) await q.markRequestAnswered(tx, p.quoteRequestId);
    const v = await view(ctx, tx, id, false);
    const pdf = await pdfOf(ctx, v);
    const link = `${ctx.config.publicUrl}/user/proposals/${id}`;
    const pieces = v.lines.reduce((sum, l) => sum + l.quantity, 0);
    const paragraphs = [
      `Hello ${v.customer.name},`,
      `Our proposal ${v.number}${v.version > 1 ? ` (version ${v.version})` : ''} is ready: ${counted(v.lines.length, 'line')}, ${counted(pieces, 'piece')}, total ${formatAmount(v.total, v.currency)}, valid until ${formatDay(v.valid_until)}.`,
      'The proposal is attached as a PDF. You can accept or decline it in your account.',
    ];
    await enqueueMail(tx, {
      to: v.customer.email,
      subject: `Your proposal ${v.number} from ${ctx.config.appName}`,
      text: `${paragraphs.join('\n\n')}\n\nView the proposal: ${link}\n`,
      html: simpleHtml(ctx.config.appName, paragraphs, { label: 'View the proposal', url: link }),
      kind: 'proposal_sent',
      ref: String(id),
      attachments: [
        { filename: pdfName(v), contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
      ],
    });
    if (v.ownerId !== null)
      rows = await createNotifications(tx, [v.ownerId], {
        type: 'proposal_sent',
        message: `Proposal ${v.number} is ready: total ${formatAmount(v.total, v.currency)}, valid until ${formatDay(v.valid_until)}.`,
        design_id: v.design_id,
        slug: v.design_slug,
        proposal_id: id,
      });
  });
  await publishNotifications(ctx, rows);
  return adminProposal(ctx, id);
}

/** "1 piece", "1,200 pieces"; without a noun, the number alone as the app writes it ("1,200"). */
function counted(n: number, noun?: string): string {
  const figure = n.toLocaleString('en-US');
  return noun ? `${figure} ${n === 1 ? noun : `${noun}s`}` : figure;
}

/** How much of a notification the declined lines may take (the mail lists them all). */
const DECLINED_NOTICE_LENGTH = 300;

/**
 * The items, comma-separated, as many as fit in `max` characters (the first always, cut to fit), the others
 * counted: "1 × Installation, 2 × Desk and 5 more".
 */
function listFitting(items: string[], max: number): string {
  let list = cutText(items[0]!, max, '…');
  let shown = 1;
  while (shown < items.length) {
    const rest = items.length - shown - 1;
    const next = `${list}, ${items[shown]}`;
    if (next.length + (rest ? ` and ${rest} more`.length : 0) > max) break;
    list = next;
    shown += 1;
  }
  return shown < items.length ? `${list} and ${items.length - shown} more` : list;
}

/** The customer's decision: only a sent proposal within its validity, once. */
async function decide(
  ctx: AppContext,
  userId: number,
  id: number,
  decision:
    { accept: true; comment: string | null; declinedLineIds: number[] } | { accept: false; comment: string },
) {
  const today = shopToday(ctx);
  let rows: NotificationRow[] = [];
  await ctx.database.db.transaction(async (tx) => {
    // Sending another version supersedes this one, and another version may be accepted: the number's lock first.
    await q.lockNumberOf(tx, id);
    await q.lockProposal(tx, id);
    const p = (await checkCustomerProposal(tx, userId, id)).proposal;
    if (p.status === 'sent' && p.validUntil < today) {
      await q.updateProposal(tx, id, { status: 'expired' });
      throw conflict(PROPOSAL_MESSAGES.expired);
    }
    if (p.status === 'expired') throw conflict(PROPOSAL_MESSAGES.expired);
    if (p.status === 'accepted' || p.status === 'declined') throw conflict(PROPOSAL_MESSAGES.alreadyDecided);
    if (p.status !== 'sent') throw conflict(PROPOSAL_MESSAGES.notSent);
    if (decision.accept) {
      // One version of a proposal is accepted at most, however its versions were sent and decided.
      if (await q.otherVersionAccepted(tx, p.number, id)) throw conflict(PROPOSAL_MESSAGES.versionAccepted);
      const lines = await q.linesOf(tx, [id]);
      const declined = new Set(decision.declinedLineIds);
      const own = new Set(lines.map((l) => l.id));
      if ([...declined].some((lineId) => !own.has(lineId)))
        throw fieldError('declined_line_ids', PROPOSAL_MESSAGES.unknownLine);
      if (lines.every((l) => declined.has(l.id)))
        throw fieldError('declined_line_ids', PROPOSAL_MESSAGES.allLinesDeclined);
      await q.setLineDeclined(tx, id, [...declined]);
      const sums = totals(
        lines.filter((l) => !declined.has(l.id)).map((l) => toCents(l.total)),
        p.taxRate,
      );
      await q.updateProposal(tx, id, {
        status: 'accepted',
        decidedAt: new Date(),
        customerComment: decision.comment,
        ...sums,
      });
    } else {
      await q.updateProposal(tx, id, {
        status: 'declined',
        decidedAt: new Date(),
        customerComment: decision.comment,
      });
    }
    const v = await view(ctx, tx, id, false);
    const what = decision.accept ? 'accepted' : 'declined';
    const headline = `${v.customer.name} ${what} proposal ${v.number}${decision.accept ? ` (total ${formatAmount(v.total, v.currency)})` : ''}.`;
    const quoted = decision.comment ? ` "${cutText(decision.comment, 200)}"` : '';
    // The lines the customer accepted without: all of them in the mail, what fits in the notification.
    const declined = v.lines.filter((l) => l.declined).map((l) => `${counted(l.quantity)} × ${l.name}`);
    const message = `${headline}${declined.length ? ` Declined lines: ${listFitting(declined, DECLINED_NOTICE_LENGTH)}.` : ''}${quoted}`;
    const paragraphs = [
      `${headline}${quoted}`,
      ...(declined.length ? [`Declined lines:\n${declined.join('\n')}`] : []),
    ];
    const link = `${ctx.config.publicUrl}/admin/proposals/${id}`;
    await enqueueMail(tx, {
      to: ctx.config.shopInbox,
      subject: `Proposal ${v.number} ${what}`,
      text: `${paragraphs.join('\n\n')}\n\nOpen the proposal: ${link}\n`,
      html: simpleHtml(ctx.config.appName, paragraphs, { label: 'Open the proposal', url: link }),
      kind: `proposal_${what}`,
      ref: String(id),
    });
    rows = await createNotifications(tx, await activeAdminIds(tx), {
      type: decision.accept ? 'proposal_accepted' : 'proposal_declined',
      message,
      design_id: v.design_id,
      slug: v.design_slug,
      sender_id: userId,
      proposal_id: id,
    });
  });
  await publishNotifications(ctx, rows);
  return customerProposal(ctx, userId, id);
}

export const accept = (ctx: AppContext, userId: number, id: number, input: AcceptProposalInput) =>
  decide(ctx, userId, id, {
    accept: true,
    comment: input.comment || null,
    declinedLineIds: [...new Set(input.declined_line_ids ?? [])],
  });

export const decline = (ctx: AppContext, userId: number, id: number, comment: string) =>
  decide(ctx, userId, id, { accept: false, comment });

/* ------------------------------------------------------------------------------------------ quote requests */

export async function requestQuote(
  ctx: AppContext,
  userId: number,
  input: QuoteRequestInput,
): Promise<QuoteRequest> {
  // Checked before the work, spent once the products are known (decisions.md D2: a refused request spends nothing).
  await ctx.limits.check('quoteRequest', String(userId));
  let rows: NotificationRow[] = [];
  const id = await ctx.database.db.transaction(async (tx) => {
    // The contract lists each product once.
    const found = new Map(
      (
        await q.productsByIds(
          tx,
          input.items.map((item) => item.product_id),
          { activeOnly: true },
        )
      ).map((p) => [p.id, p]),
    );
    const errors: Record<string, string[]> = {};
    input.items.forEach((item, i) => {
      if (!found.has(item.product_id)) errors[`items.${i}.product_id`] = [PROPOSAL_MESSAGES.productMissing];
    });
    if (Object.keys(errors).length) throw validationFailed(errors);
    await ctx.limits.consume('quoteRequest', String(userId));
    const request = await q.insertQuoteRequest(
      tx,
      userId,
      input.note ?? null,
      input.items.map(({ product_id: productId, quantity }) => {
        const p = found.get(productId)!;
        return { productId, name: p.name, sku: p.sku, quantity };
      }),
    );
    const who = await userContact(tx, userId);
    const message = `New quote request #${request.id} from ${who?.name ?? 'a customer'}: ${counted(input.items.length, 'product')}.`;
    const link = `${ctx.config.publicUrl}/admin/quote-requests`;
    await enqueueMail(tx, {
      to: ctx.config.shopInbox,
      subject: `Quote request #${request.id}`,
      text: `${message}\n\nOpen it: ${link}\n`,
      html: simpleHtml(ctx.config.appName, [message], { label: 'Open the quote request', url: link }),
      kind: 'quote_request',
      ref: String(request.id),
    });
    rows = await createNotifications(tx, await activeAdminIds(tx), {
      type: 'quote_request',
      message,
      sender_id: userId,
    });
    return request.id;
  });
  await publishNotifications(ctx, rows);
  return quoteRequestById(ctx, id);
}

export async function quoteRequestById(ctx: AppContext, id: number): Promise<QuoteRequest> {
  const found = await q.findQuoteRequest(ctx.database.db, id);
  if (!found) throw notFound();
  return loadQuoteRequest(ctx.database.db, found);
}

export async function quoteRequestList(ctx: AppContext, page: number, perPage: number) {
  const { rows, total } = await q.listQuoteRequests(ctx.database.db, page, perPage);
  const quote_requests = [];
  for (const row of rows) quote_requests.push(await loadQuoteRequest(ctx.database.db, row));
  return { quote_requests, total };
}
