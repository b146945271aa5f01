import {
  ACCEPTED_TYPES,
  DESIGN_SERVER_MESSAGES,
  designSubmissionFields,
  isFilled,
  mandatoryDesignFields,
  requiredMessage,
  type DesignSubmissionFields,
  type DesignSubmittedResponse,
} from '@shop/contracts';
import type { AppContext } from '../../context';
import { networkOf } from '../../platform/client-address';
import type { AuthContext } from '../../platform/auth/sessions';
import {
  issuesToFieldErrors,
  unsupportedType,
  validationFailed,
  type FieldErrors,
} from '../../platform/errors';
import type { MultipartBody, StoredFile } from '../../platform/multipart';
import { detectStoredFileType } from '../../platform/files/sniff';
import { nameForType } from '../../platform/files/storage';
import { adoptUploads } from '../../platform/files/upload-journal';
import { cutText } from '../../platform/text-input';
import { publishNotifications } from '../notifications/service';
import { admitUploads } from '../uploads/quota';
import { announceSubmission } from './design-messages';
import * as q from './queries';

export interface StoredUpload {
  key: string;
  name: string;
  mime: string;
  size: number;
}

/**
 * Checks a stored upload by its bytes against the accepted types (415 when not accepted) and answers what its
 * row keeps of it.
 */
export async function sniffUpload(
  ctx: AppContext,
  file: StoredFile,
  accepted: readonly string[],
  field: string,
  message: string,
): Promise<StoredUpload> {
  const type = await detectStoredFileType(ctx.storage, file.key, file.filename);
  if (!type || !accepted.includes(type.mime)) throw unsupportedType(message, { [field]: [message] });
  return { key: file.key, name: nameForType(file.filename, type.ext), mime: type.mime, size: file.size };
}

/** The design number customers see, e.g. DS-2026-000123: unique because it is derived from the row's id. */
export function designNumber(id: number, at = new Date()): string {
  return `DS-${at.getUTCFullYear()}-${String(id).padStart(6, '0')}`;
}

/** The design's title: the one given, or one made of who sent it and the tab (150 characters at most). */
export function deriveTitle(fields: DesignSubmissionFields): string {
  if (fields.title) return fields.title;
  const who = fields.company_name || fields.name || 'Office';
  return cutText(`${who} ${fields.selectedTab === 'haveDesign' ? 'floor plan' : 'workspace request'}`, 150);
}

function firstValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Validates the text fields and the tab's mandatory fields (the same step rules as the form) in one pass,
 * so the caller gets every missing field in one 422.
 */
export function validateSubmission(
  body: MultipartBody,
  opts: { guest: boolean },
): { fields: DesignSubmissionFields; file?: StoredFile } {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body.fields))
    raw[key] = key === 'features' ? value : firstValue(value);
  // A signed-in customer's own e-mail is used; whatever the form sent is ignored.
  if (!opts.guest) delete raw.email;
  const parsed = designSubmissionFields.safeParse(raw);
  const errors: FieldErrors = parsed.success
    ? {}
    : issuesToFieldErrors(
        parsed.error.issues.map((i) => ({ instancePath: `/${i.path.join('/')}`, message: i.message })),
      );
  const file = body.stored.find((f) => f.field === 'design_file');
  const tab = parsed.success
    ? parsed.data.selectedTab
    : typeof raw.selectedTab === 'string'
      ? raw.selectedTab
      : undefined;
  if (tab === 'haveDesign' || tab === 'dontHaveDesign') {
    const values: Record<string, unknown> = parsed.success
      ? { ...parsed.data, design_file: file }
      : { ...raw, design_file: file };
    for (const field of mandatoryDesignFields(tab, { guest: opts.guest })) {
      if (!errors[field] && !isFilled(values[field])) errors[field] = [requiredMessage(field)];
    }
  }
  if (Object.keys(errors).length || !parsed.success) throw validationFailed(errors);
  return { fields: parsed.data, file };
}

/**
 * POST /api/user/design-submissions, for guests and customers. The design file is already in storage under a
 * journaled key (withMultipart), adopted by the transaction that stores the design; a refused submission leaves
 * it to be removed. A guest's submission spends a point of the address's hourly allowance (`ip`) once it is
 * accepted, not before.
 */
export async function submitDesign(
  ctx: AppContext,
  auth: AuthContext | null,
  body: MultipartBody,
  ip: string,
): Promise<DesignSubmittedResponse> {
  const guest = auth === null;
  const { fields, file } = validateSubmission(body, { guest });
  const email = guest ? fields.email! : auth.user.email;

  const upload = file
    ? await sniffUpload(
        ctx,
        file,
        ACCEPTED_TYPES.design,
        'design_file',
        DESIGN_SERVER_MESSAGES.designFileType,
      )
    : undefined;
  const { design, notifications } = await insertSubmission(ctx, auth, fields, email, ip, upload);
  await publishNotifications(ctx, notifications);
  return {
    message: DESIGN_SERVER_MESSAGES.submitted,
    design: {
      slug: design.slug,
      title: design.title,
      status: design.status,
      created_at: design.createdAt.toISOString(),
    },
  };
}

/** The allowance a submission spends: a guest's network's, or a signed-in customer's own. */
export const designLimit = (auth: AuthContext | null, ip: string): [string, string] =>
  auth ? ['designCustomer', String(auth.user.id)] : ['designGuest', networkOf(ip)];

function insertSubmission(
  ctx: AppContext,
  auth: AuthContext | null,
  fields: DesignSubmissionFields,
  email: string,
  ip: string,
  upload?: StoredUpload,
) {
  return ctx.database.db.transaction(async (tx) => {
    // The file counts against the customer's upload space, or the guest address's.
    if (upload)
      await admitUploads(
        ctx,
        tx,
        auth ? { userId: auth.user.id } : { guestEmail: email },
        upload.size,
        'design_file',
      );
    await ctx.limits.consume(...designLimit(auth, ip));
    const id = await q.nextDesignId(tx);
    const now = new Date();
    const design = await q.insertDesign(tx, {
      id,
      slug: designNumber(id, now),
      userId: auth?.user.id ?? null,
      selectedTab: fields.selectedTab,
      title: deriveTitle(fields),
      name: fields.name ?? auth?.user.name ?? '',
      email: email.toLowerCase(),
      companyName: fields.company_name ?? '',
      zipCode: fields.zip_code ?? '',
      phone: fields.phone ?? '',
      description: fields.description ?? null,
      totalNumber: fields.totalNumber ?? null,
      features: fields.features,
      interest: fields.interest ?? null,
      options: fields.options ?? null,
      designFileKey: upload?.key ?? null,
      designFileName: upload?.name ?? null,
      designFileMime: upload?.mime ?? null,
      designFileSize: upload?.size ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await q.insertHistory(tx, [
      { designId: design.id, actorId: auth?.user.id ?? null, kind: 'submitted', toStatus: design.status },
    ]);
    if (upload) await adoptUploads(tx, [upload.key]);
    const notifications = await announceSubmission(ctx, tx, design);
    return { design, notifications };
  });
}
