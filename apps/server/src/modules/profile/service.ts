import { ACCEPTED_TYPES, PROFILE_MESSAGES, SERVER_MESSAGES, type Admin, type User } from '@shop/contracts';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../platform/auth/sessions';
import { AppError, conflict, unauthenticated, validationFailed } from '../../platform/errors';
import {
  encodeVariants,
  imageFileKeys,
  ImageRejectedError,
  storeVariants,
} from '../../platform/files/images';
import { detectFileType } from '../../platform/files/sniff';
import {
  adoptUploads,
  disownUploads,
  removeDisowned,
  uploadJournalOf,
} from '../../platform/files/upload-journal';
import type { UploadedFile } from '../../platform/multipart';
import { mailVerificationLink } from '../accounts/email-verification';
import { changePassword, toAdminDto, toUserDto } from '../accounts/service';
import { spendUploadRate, type UploadOwner } from '../uploads/quota';
import * as q from './queries';

type Log = { warn(obj: object, msg: string): void };

/**
 * Checks a profile photo by its bytes (the image types the image library reads: png, jpeg, webp, gif, avif, tiff;
 * not BMP or HEIC, which it cannot) and stores its variants
 * through the upload journal (the profile's transaction adopts them).
 */
async function storePhoto(
  ctx: AppContext,
  photo: UploadedFile | undefined,
  owner: UploadOwner | undefined,
): Promise<string | undefined> {
  if (!photo) return undefined;
  const type = await detectFileType(photo.data, photo.filename);
  const accepted: readonly string[] = ACCEPTED_TYPES.profilePhoto;
  if (!type || !accepted.includes(type.mime)) {
    throw new AppError(415, PROFILE_MESSAGES.photoType, { photo: [PROFILE_MESSAGES.photoType] });
  }
  // A customer's photo replaces the last one, so it takes no upload space, but it counts against the rate.
  if (owner) await spendUploadRate(ctx, owner, photo.data.length);
  try {
    return await storeVariants(uploadJournalOf(ctx), 'avatars', await encodeVariants(photo.data));
  } catch (err) {
    if (err instanceof ImageRejectedError)
      throw validationFailed({ photo: [PROFILE_MESSAGES.photoUnreadable] });
    throw err;
  }
}

/** An e-mail address another account has: 409, as at registration, with the field named for the form. */
const emailTaken = () => conflict(SERVER_MESSAGES.emailTaken, { email: [SERVER_MESSAGES.emailTaken] });

/**
 * Stores the new photo first, writes the row (adopting the photo's journaled files), and only then removes the
 * old photo; if the write fails the new photo is removed again (or, after a crash, by the journal sweep), so
 * storage never keeps a file no row points at.
 */
async function saveProfile(
  ctx: AppContext,
  userId: number,
  values: { name: string; email?: string; phone?: string },
  photo: UploadedFile | undefined,
  log?: Log,
  owner?: UploadOwner,
) {
  if (values.email && (await q.emailTakenByAnother(ctx.database.db, values.email, userId))) {
    throw emailTaken();
  }
  const photoKey = await storePhoto(ctx, photo, owner);
  let result;
  try {
    result = await ctx.database.db.transaction(async (tx) => {
      const before = await q.findProfile(tx, userId, { lock: true });
      if (!before) throw unauthenticated();
      const after = await q.updateProfile(tx, userId, { ...values, ...(photoKey ? { photoKey } : {}) });
      // A new address (an admin's own profile) is unproven until its owner follows the link mailed to it; until
      // then no password reset is mailed there (accounts/service.ts, sendResetLink).
      if (after.email !== before.email) await mailVerificationLink(ctx, tx, after, true);
      if (photoKey) await adoptUploads(tx, imageFileKeys(photoKey));
      // The replaced photo's files go once this commits (`removeDisowned` below, or the journal sweep).
      if (photoKey && before.photoKey) await disownUploads(tx, imageFileKeys(before.photoKey));
      return { before, after };
    });
  } catch (err) {
    if (photoKey)
      await uploadJournalOf(ctx)
        .release(imageFileKeys(photoKey))
        .catch(() => undefined); // left for the journal sweep
    if ((err as { cause?: { code?: string } }).cause?.code === '23505') throw emailTaken();
    throw err;
  }
  if (photoKey && result.before.photoKey) {
    await removeDisowned(ctx, imageFileKeys(result.before.photoKey), log);
  }
  return result.after;
}

export async function updateAdminProfile(
  ctx: AppContext,
  auth: AuthContext,
  input: { name: string; email: string },
  photo: UploadedFile | undefined,
  log?: Log,
): Promise<Admin> {
  return toAdminDto(
    await saveProfile(ctx, auth.user.id, { name: input.name, email: input.email }, photo, log),
  );
}

/** The customer's e-mail is their sign-in and is read-only here: only name, phone and photo change. */
export async function updateCustomerProfile(
  ctx: AppContext,
  auth: AuthContext,
  input: { name: string; phone: string },
  photo: UploadedFile | undefined,
  log?: Log,
): Promise<User> {
  return toUserDto(
    await saveProfile(ctx, auth.user.id, { name: input.name, phone: input.phone }, photo, log, {
      userId: auth.user.id,
    }),
  );
}

export async function updateAdminPassword(
  ctx: AppContext,
  auth: AuthContext,
  input: { current_password: string; password: string },
) {
  await changePassword(ctx, auth, {
    currentPassword: input.current_password,
    newPassword: input.password,
    currentField: 'current_password',
    newField: 'password',
  });
}

export async function updateCustomerPassword(
  ctx: AppContext,
  auth: AuthContext,
  input: { current_password: string; new_password: string },
) {
  await changePassword(ctx, auth, {
    currentPassword: input.current_password,
    newPassword: input.new_password,
    currentField: 'current_password',
    newField: 'new_password',
  });
}
