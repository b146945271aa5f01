import { sql } from 'drizzle-orm';
import { UPLOAD_MESSAGES } from '@shop/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/connection';
import { deploymentKey } from '../../platform/deployment';
import { AppError } from '../../platform/errors';
import { UploadRate } from '../../platform/files/upload-rate';
import { lockForTransaction } from '../../platform/xact-lock';

/**
 * Whose upload space a file counts against: a customer's account, or a guest's e-mail address (guest design
 * submissions). Admins' uploads (product images, recommendation files, their chat replies) count against none.
 */
export type UploadOwner = { userId: number } | { guestEmail: string };

const RATE_WINDOW_SECONDS = 60 * 60;
const MB = 1024 * 1024;

const ownerKey = (owner: UploadOwner) =>
  'userId' in owner ? `user:${owner.userId}` : `guest:${owner.guestEmail.toLowerCase()}`;

const rates = new WeakMap<AppContext, UploadRate>();

/** The upload rate limiter of a running app (one per context, in Redis when configured). */
function uploadRateOf(ctx: AppContext): UploadRate {
  let rate = rates.get(ctx);
  if (!rate) {
    rate = new UploadRate(
      ctx.config.uploadRateBytesPerHour,
      RATE_WINDOW_SECONDS,
      ctx.redis,
      deploymentKey(ctx.database.url),
    );
    rates.set(ctx, rate);
  }
  return rate;
}

const spaceFull = (ctx: AppContext, field: string) => {
  const message = UPLOAD_MESSAGES.storageQuota(Math.round(ctx.config.uploadQuotaBytes / MB));
  return new AppError(413, message, { [field]: [message] });
};

/** The bytes of the files an owner keeps: their design files and the attachments of their chat messages. */
async function storedBytes(db: DbOrTx, owner: UploadOwner): Promise<number> {
  const res =
    'userId' in owner
      ? await db.execute<{ used: string }>(sql`
          select coalesce((select sum(design_file_size) from design_submissions where user_id = ${owner.userId}), 0)
               + coalesce((select sum(a.size) from message_attachments a join messages m on m.id = a.message_id
                            where m.sender_id = ${owner.userId} and not m.from_admin), 0) as used`)
      : await db.execute<{ used: string }>(sql`
          select coalesce(sum(design_file_size), 0) as used from design_submissions
           where user_id is null and email = ${owner.guestEmail.toLowerCase()}`);
  return Number(res.rows[0]?.used ?? 0);
}

/**
 * Inside the transaction that stores the rows owning an owner's new files, before those rows are written: takes
 * the owner's quota lock (so two uploads at once cannot both fit in the same space), refuses files that do not
 * fit in the space left (413) or in the hour's rate (429). The transaction then rolls back and the files, still
 * journaled, are removed.
 */
export async function admitUploads(
  ctx: AppContext,
  tx: DbOrTx,
  owner: UploadOwner,
  bytes: number,
  field: string,
): Promise<void> {
  if (bytes <= 0) return;
  const key = ownerKey(owner);
  await lockForTransaction(tx, `upload-quota:${key}`);
  if ((await storedBytes(tx, owner)) + bytes > ctx.config.uploadQuotaBytes) throw spaceFull(ctx, field);
  await uploadRateOf(ctx).spend(key, bytes);
}

/** Spends upload rate for a file that is replaced rather than kept beside the others (a profile photo). */
export async function spendUploadRate(ctx: AppContext, owner: UploadOwner, bytes: number): Promise<void> {
  await uploadRateOf(ctx).spend(ownerKey(owner), bytes);
}
