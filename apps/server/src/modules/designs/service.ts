import {
  ACCEPTED_TYPES,
  DESIGN_SERVER_MESSAGES,
  isFilled,
  mandatoryDesignFields,
  requiredMessage,
  type AdminDesignDetail,
  type AdminDesignList,
  type CustomerDesignDetail,
  type CustomerDesignList,
  type DesignStatus,
  type QuestionnaireField,
} from '@shop/contracts';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../platform/auth/sessions';
import { conflict, notFound, validationFailed } from '../../platform/errors';
import { assertUnchanged } from '../../platform/row-version';
import type { StoredFile } from '../../platform/multipart';
import type { PrivateDownload } from '../../platform/files/private-download';
import { adminPagination } from '../../platform/pagination';
import { adoptUploads, disownUploads, removeDisowned } from '../../platform/files/upload-journal';
import { publishNotifications, type NotificationRow } from '../notifications/service';
import { filterCustomer } from '../users/service';
import { announceReview, type ReviewChanges } from './design-messages';
import {
  toAdminDesign,
  toAdminDesignDetail,
  toCustomerDesign,
  toCustomerDesignDetail,
} from './present-design';
import * as q from './queries';
import { sniffUpload, type StoredUpload } from './submit-design';

/* ---------------------------------------------------------------- customer area */

export async function listOwnDesigns(
  ctx: AppContext,
  auth: AuthContext,
  page: number,
  perPage: number,
): Promise<CustomerDesignList> {
  const { total, rows } = await q.listOwnerDesigns(ctx.database.db, auth.user.id, page, perPage);
  return {
    data: rows.map(toCustomerDesign),
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    total,
    per_page: perPage,
  };
}

/** Another customer's design answers 404, exactly like a design that does not exist. */
async function ownDesign(ctx: AppContext, auth: AuthContext, slug: string) {
  const design = await q.findDesign(ctx.database.db, { slug, ownerId: auth.user.id });
  if (!design) throw notFound();
  return design;
}

export async function showOwnDesign(
  ctx: AppContext,
  auth: AuthContext,
  slug: string,
): Promise<CustomerDesignDetail> {
  const design = await ownDesign(ctx, auth, slug);
  return toCustomerDesignDetail(design, await q.historyOf(ctx.database.db, design.id));
}

export interface OwnerEdit {
  title?: string;
  description?: string | null;
  name?: string;
  company_name?: string;
  zip_code?: string;
  phone?: string;
  totalNumber?: string | null;
  features?: string[];
  interest?: string | null;
  options?: string | null;
}

/** The questionnaire's fields an owner may change (the title has its own rule in the contract). */
const OWNER_EDITABLE = [
  'description',
  'name',
  'company_name',
  'zip_code',
  'phone',
  'totalNumber',
  'features',
  'interest',
  'options',
] as const satisfies readonly (keyof OwnerEdit & QuestionnaireField)[];

/** The owner edits the descriptive fields only; status, comments and recommendations stay the admins'. */
export async function updateOwnDesign(
  ctx: AppContext,
  auth: AuthContext,
  slug: string,
  edit: OwnerEdit,
): Promise<CustomerDesignDetail> {
  const design = await ownDesign(ctx, auth, slug);
  // What the design's tab made mandatory at submission cannot be emptied afterwards.
  const mandatory = new Set(mandatoryDesignFields(design.selectedTab, { guest: false }));
  const emptied = OWNER_EDITABLE.filter(
    (field) => edit[field] !== undefined && mandatory.has(field) && !isFilled(edit[field]),
  );
  if (emptied.length)
    throw validationFailed(Object.fromEntries(emptied.map((field) => [field, [requiredMessage(field)]])));
  const values: Partial<q.DesignInsert> = {};
  if (edit.title !== undefined) values.title = edit.title;
  if (edit.description !== undefined) values.description = edit.description || null;
  if (edit.name !== undefined) values.name = edit.name;
  if (edit.company_name !== undefined) values.companyName = edit.company_name;
  if (edit.zip_code !== undefined) values.zipCode = edit.zip_code;
  if (edit.phone !== undefined) values.phone = edit.phone;
  if (edit.totalNumber !== undefined) values.totalNumber = edit.totalNumber;
  if (edit.features !== undefined) values.features = [...new Set(edit.features)];
  if (edit.interest !== undefined) values.interest = edit.interest;
  if (edit.options !== undefined) values.options = edit.options;
  if (Object.keys(values).length) await q.updateDesign(ctx.database.db, design.id, values);
  return showOwnDesign(ctx, auth, slug);
}

/**
 * Deletes the owner's design, then its files (after the rows are gone, so a failure never loses a file a row still
 * names). The design is locked before its files are listed, so a review adding files meanwhile is either done
 * before (its files are listed) or waits and finds no design. Once the shop has sent a proposal for it, the design
 * stays (409): deleting it would take the proposals, their acceptance and the installation booked with them.
 */
export async function deleteOwnDesign(ctx: AppContext, auth: AuthContext, slug: string): Promise<void> {
  const found = await ownDesign(ctx, auth, slug);
  const keys = await ctx.database.db.transaction(async (tx) => {
    const design = await q.lockDesign(tx, found.id);
    if (!design) throw notFound();
    if (await q.hasSentProposal(tx, design.id)) throw conflict(DESIGN_SERVER_MESSAGES.hasProposal);
    const files = (await q.filesOf(tx, [design.id])).get(design.id) ?? [];
    const owned = [design.designFileKey, ...files.map((f) => f.fileKey)].filter((k): k is string => !!k);
    await q.deleteDesign(tx, design.id);
    await disownUploads(tx, owned);
    return owned;
  });
  await removeDisowned(ctx, keys);
}

/* ---------------------------------------------------------------- back-office */

export async function listDesigns(
  ctx: AppContext,
  query: { page: number; perPage: number; search?: string; userId?: number },
): Promise<AdminDesignList> {
  const [{ total, rows }, filterUser] = await Promise.all([
    q.listAllDesigns(ctx.database.db, query),
    filterCustomer(ctx, query.userId),
  ]);
  return {
    designs: rows.map(toAdminDesign),
    total,
    pagination: adminPagination(query.page, query.perPage, total),
    filter_user: filterUser,
  };
}

/** The design of that id, whatever its owner or status (the back-office's), or 404. */
export async function anyDesign(ctx: AppContext, id: number) {
  const design = await q.findDesign(ctx.database.db, { id });
  if (!design) throw notFound();
  return design;
}

export async function showDesign(ctx: AppContext, id: number): Promise<AdminDesignDetail> {
  const design = await anyDesign(ctx, id);
  return toAdminDesignDetail(design, await q.historyOf(ctx.database.db, design.id));
}

export interface Review {
  status?: DesignStatus;
  /**
   * A new comment, added unless empty, whether or not it repeats the latest one (as the Add Comment action does):
   * what the admin sends is saved, never dropped behind a 'Changes saved successfully.'.
   */
  comment?: string;
  recommendationNotes?: string;
  /** Files already in storage under journaled keys (withMultipart): adopted by the review's transaction. */
  newFiles?: StoredFile[];
  /** Names (or ids) of existing recommendation files to remove; one the design does not have answers 422. */
  removedFiles?: string[];
  /**
   * The design's `updated_at` as the reviewer's form read it (ISO 8601): a design changed since answers 409 and
   * nothing is saved, so a form opened before another admin's change cannot undo it. Absent: no check.
   */
  loadedVersion?: string;
}

/** A name not yet used by another recommendation file of the design, so files can be told apart (and removed) by name. */
function uniqueName(name: string, taken: Set<string>): string {
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; ; n++) {
    const candidate = `${stem} (${n})${ext}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Applies an admin's review in one transaction: status, comments, notes, new and removed recommendation files.
 * Every change goes into the history with the admin and the time; the customer is told once.
 * New files arrive stored and are adopted by the transaction (left to be removed if it fails); removed files are
 * deleted after it commits.
 */
export async function reviewDesign(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  review: Review,
): Promise<AdminDesignDetail> {
  await anyDesign(ctx, id);
  const stored: StoredUpload[] = [];
  for (const file of review.newFiles ?? []) {
    stored.push(
      await sniffUpload(
        ctx,
        file,
        ACCEPTED_TYPES.recommendation,
        'recommendation_files',
        DESIGN_SERVER_MESSAGES.recommendationFileType,
      ),
    );
  }
  const { removedKeys, notifications } = await ctx.database.db.transaction(
    async (tx): Promise<{ removedKeys: string[]; notifications: NotificationRow[] }> => {
      const design = await q.lockDesign(tx, id);
      if (!design) throw notFound();
      // Under the row's lock, so no other review can come between the check and this one's changes.
      assertUnchanged(review.loadedVersion, design.updatedAt, DESIGN_SERVER_MESSAGES.changedMeanwhile);
      const existing = (await q.filesOf(tx, [id])).get(id) ?? [];
      const actorId = auth.user.id;
      const history: q.HistoryInsert[] = [];
      const changes: ReviewChanges = {};
      const values: Partial<q.DesignInsert> = {};

      if (review.status !== undefined && review.status !== design.status) {
        values.status = review.status;
        changes.status = { from: design.status, to: review.status };
        history.push({
          designId: id,
          actorId,
          kind: 'status',
          fromStatus: design.status,
          toStatus: review.status,
        });
      }
      // Comments are added, never overwritten: each is kept in the history with its author and time, and the
      // design's `comments` keeps the latest for the lists.
      const comment = review.comment;
      if (comment) {
        values.comments = comment;
        changes.comment = comment;
        history.push({ designId: id, actorId, kind: 'comment', body: comment });
      }
      if (
        review.recommendationNotes !== undefined &&
        review.recommendationNotes !== (design.recommendationNotes ?? '')
      ) {
        values.recommendationNotes = review.recommendationNotes || null;
        if (review.recommendationNotes) changes.recommendationNotes = true;
        history.push({
          designId: id,
          actorId,
          kind: 'recommendation_notes',
          body: review.recommendationNotes,
        });
      }

      const toRemove = new Set(review.removedFiles ?? []);
      const removed = existing.filter((f) => toRemove.has(f.originalName) || toRemove.has(String(f.id)));
      // A name the design has no file of (removed meanwhile, or never there) is refused, like a product's unknown
      // gallery image: the admin is told rather than shown a removal that did not happen.
      const known = new Set(existing.flatMap((f) => [f.originalName, String(f.id)]));
      if ([...toRemove].some((name) => !known.has(name)))
        throw validationFailed({
          removed_recommendation_files: [DESIGN_SERVER_MESSAGES.recommendationFileUnknown],
        });
      await q.deleteRecommendationFiles(
        tx,
        removed.map((f) => f.id),
      );
      for (const f of removed)
        history.push({ designId: id, actorId, kind: 'recommendation_file_removed', body: f.originalName });

      const taken = new Set(existing.filter((f) => !removed.includes(f)).map((f) => f.originalName));
      const added = stored.map((s) => {
        const name = uniqueName(s.name, taken);
        taken.add(name);
        return {
          designId: id,
          fileKey: s.key,
          originalName: name,
          mime: s.mime,
          size: s.size,
          uploadedBy: actorId,
        };
      });
      await q.insertRecommendationFiles(tx, added);
      await adoptUploads(
        tx,
        added.map((f) => f.fileKey),
      );
      for (const f of added)
        history.push({ designId: id, actorId, kind: 'recommendation_file_added', body: f.originalName });
      if (added.length) changes.filesAdded = added.length;
      if (removed.length) changes.filesRemoved = removed.length;

      if (Object.keys(values).length || added.length || removed.length) await q.updateDesign(tx, id, values);
      await q.insertHistory(tx, history);
      const notifications = await announceReview(ctx, tx, { ...design, ...values } as q.DesignRow, changes);
      const removedKeys = removed.map((f) => f.fileKey);
      await disownUploads(tx, removedKeys);
      return { removedKeys, notifications };
    },
  );
  await removeDisowned(ctx, removedKeys);
  await publishNotifications(ctx, notifications);
  return showDesign(ctx, id);
}

export async function addComment(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  comment: string,
): Promise<AdminDesignDetail> {
  return reviewDesign(ctx, auth, id, { comment });
}

export async function changeStatus(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  status: DesignStatus,
): Promise<AdminDesignDetail> {
  return reviewDesign(ctx, auth, id, { status });
}

/* ---------------------------------------------------------------- private files */

/** Design and recommendation files open only for the design's owner and for admins; anyone else gets 404. */
async function readableDesign(ctx: AppContext, auth: AuthContext, id: number) {
  const isAdmin = auth.audience === 'admin' && auth.user.role === 'admin';
  const design = await q.findDesign(ctx.database.db, isAdmin ? { id } : { id, ownerId: auth.user.id });
  if (!design) throw notFound();
  return design;
}

async function open(ctx: AppContext, key: string, name: string, mime: string): Promise<PrivateDownload> {
  const file = await ctx.storage.read(key);
  if (!file) throw notFound();
  return { ...file, name, mime };
}

export async function openDesignFile(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
): Promise<PrivateDownload> {
  const design = await readableDesign(ctx, auth, id);
  if (!design.designFileKey) throw notFound();
  return open(
    ctx,
    design.designFileKey,
    design.designFileName ?? 'design',
    design.designFileMime ?? 'application/octet-stream',
  );
}

export async function openRecommendationFile(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  fileId: number,
): Promise<PrivateDownload> {
  await readableDesign(ctx, auth, id);
  const file = await q.findRecommendationFile(ctx.database.db, id, fileId);
  if (!file) throw notFound();
  return open(ctx, file.fileKey, file.originalName, file.mime);
}
