import { SERVER_MESSAGES, RESET_TOKEN_TTL_MS, type User, type Admin } from '@shop/contracts';
import type { AppContext } from '../../context';
import { AppError, conflict, fieldError, validationFailed } from '../../platform/errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/auth/passwords';
import { isCommonPassword } from '../../platform/auth/common-passwords';
import {
  createSession,
  revokeSession,
  revokeUserSessions,
  type Audience,
  type AuthContext,
} from '../../platform/auth/sessions';
import { generateToken, hashToken } from '../../platform/auth/tokens';
import { avatarUrl } from '../../platform/files/urls';
import { enqueueMail, simpleHtml } from '../../platform/mail/queue';
import { claimGuestDesigns } from '../designs/claim-guest-designs';
import * as q from './queries';

interface RequestMeta {
  ip: string;
  userAgent?: string;
}

type UserRow = NonNullable<Awaited<ReturnType<typeof q.findUserById>>>;

export function toUserDto(u: Pick<UserRow, 'id' | 'name' | 'email' | 'phone' | 'photoKey' | 'role'>): User {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    photo_url: avatarUrl(u.photoKey),
    role_type: u.role,
  };
}

export function toAdminDto(u: Pick<UserRow, 'id' | 'name' | 'email' | 'photoKey' | 'role'>): Admin {
  return { id: u.id, name: u.name, email: u.email, photo_url: avatarUrl(u.photoKey), role_type: u.role };
}

function assertPasswordAllowed(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw fieldError(field, SERVER_MESSAGES.passwordCommon);
}

/** A display name until the customer sets one: the e-mail's local part, tidied. */
function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? 'Customer';
  const words = local
    .replace(/[._+-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return words.length
    ? words
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join(' ')
        .slice(0, 100)
    : 'Customer';
}

export async function registerCustomer(
  ctx: AppContext,
  input: { email: string; password: string },
  meta: RequestMeta,
) {
  await ctx.limits.consume('register', meta.ip);
  assertPasswordAllowed(input.password);
  const passwordHash = await hashPassword(input.password);
  return ctx.database.db.transaction(async (tx) => {
    const user = await q.insertUser(tx, {
      name: nameFromEmail(input.email),
      email: input.email,
      passwordHash,
    });
    if (!user) throw conflict(SERVER_MESSAGES.emailTaken, { email: [SERVER_MESSAGES.emailTaken] });
    await claimGuestDesigns(tx, user.id, user.email);
    const token = await createSession(tx, {
      userId: user.id,
      audience: 'customer',
      remember: false,
      ...meta,
    });
    return { token, user: toUserDto(user), message: SERVER_MESSAGES.registered };
  });
}

export async function login(
  ctx: AppContext,
  input: { email: string; password: string; remember: boolean },
  audience: Audience,
  meta: RequestMeta,
) {
  const accountKey = input.email.toLowerCase();
  await ctx.limits.check('loginAccount', accountKey);
  await ctx.limits.check('loginAddress', meta.ip);
  const user = await q.findUserByEmail(ctx.database.db, input.email);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyAgainstDummy(input.password), false);
  // The back-office refuses customers with the same answer as a wrong password.
  if (!user || !ok || (audience === 'admin' && user.role !== 'admin')) {
    await ctx.limits.penalize('loginAccount', accountKey);
    await ctx.limits.penalize('loginAddress', meta.ip);
    throw new AppError(401, SERVER_MESSAGES.loginInvalid);
  }
  if (user.status !== 1) throw new AppError(403, SERVER_MESSAGES.accountInactive);
  await ctx.limits.reset('loginAccount', accountKey);
  return ctx.database.db.transaction(async (tx) => {
    if (audience === 'customer' && user.role === 'user') await claimGuestDesigns(tx, user.id, user.email);
    const token = await createSession(tx, { userId: user.id, audience, remember: input.remember, ...meta });
    return { token, user };
  });
}

export async function logout(ctx: AppContext, auth: AuthContext): Promise<void> {
  await revokeSession(ctx.database.db, auth.sessionId);
  ctx.hub.emit('sessionsRevoked', [auth.sessionId]);
}

export async function requestPasswordReset(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  await ctx.limits.consume('forgotAddress', meta.ip);
  await ctx.limits.consume('forgotAccount', email.toLowerCase());
  const user = await q.findUserByEmail(ctx.database.db, email);
  if (!user || user.status !== 1) return;
  const token = generateToken();
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  // Admins reset through the same link; the customer login then sends them on.
  await ctx.database.db.transaction(async (tx) => {
    await q.insertResetToken(tx, user.id, hashToken(token), new Date(Date.now() + RESET_TOKEN_TTL_MS));
    const paragraphs = [
      `Hello ${user.name},`,
      'We received a request to reset the password of your account. The link below is valid for 60 minutes and can be used once.',
      'If you did not ask for this, you can ignore this e-mail; your password stays as it is.',
    ];
    await enqueueMail(tx, {
      to: user.email,
      subject: `Reset your ${ctx.config.appName} password`,
      text: `${paragraphs.join('\n\n')}\n\nReset your password: ${link}\n`,
      html: simpleHtml(ctx.config.appName, paragraphs, { label: 'Reset password', url: link }),
      kind: 'password_reset',
      ref: String(user.id),
    });
  });
}

export async function resetPassword(
  ctx: AppContext,
  input: { email: string; token: string; password: string },
): Promise<void> {
  const user = await q.findUserByEmail(ctx.database.db, input.email);
  if (!user) throw fieldError('email', SERVER_MESSAGES.resetTokenInvalid);
  assertPasswordAllowed(input.password);
  const passwordHash = await hashPassword(input.password);
  const revoked = await ctx.database.db.transaction(async (tx) => {
    const consumed = await q.consumeResetToken(tx, user.id, hashToken(input.token));
    if (!consumed) throw validationFailed({ email: [SERVER_MESSAGES.resetTokenInvalid] });
    await q.updatePasswordHash(tx, user.id, passwordHash);
    return revokeUserSessions(tx, user.id);
  });
  if (revoked.length) ctx.hub.emit('sessionsRevoked', revoked);
}

/** Changes a signed-in user's password and ends their other sessions. */
export async function changePassword(
  ctx: AppContext,
  auth: AuthContext,
  input: { currentPassword: string; newPassword: string; currentField: string; newField: string },
): Promise<void> {
  const user = await q.findUserById(ctx.database.db, auth.user.id);
  if (!user) throw new AppError(401, SERVER_MESSAGES.unauthenticated);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw fieldError(input.currentField, SERVER_MESSAGES.currentPasswordWrong);
  }
  assertPasswordAllowed(input.newPassword, input.newField);
  const passwordHash = await hashPassword(input.newPassword);
  const revoked = await ctx.database.db.transaction(async (tx) => {
    await q.updatePasswordHash(tx, user.id, passwordHash);
    return revokeUserSessions(tx, user.id, auth.sessionId);
  });
  if (revoked.length) ctx.hub.emit('sessionsRevoked', revoked);
}

export async function createAdmin(
  ctx: Pick<AppContext, 'database'>,
  input: { name: string; email: string; password: string },
) {
  const passwordHash = await hashPassword(input.password);
  const user = await q.insertUser(ctx.database.db, { ...input, passwordHash, role: 'admin' });
  if (!user) throw conflict(SERVER_MESSAGES.emailTaken, { email: [SERVER_MESSAGES.emailTaken] });
  return user;
}
