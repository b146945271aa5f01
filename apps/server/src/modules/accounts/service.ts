import { SERVER_MESSAGES, RESET_TOKEN_TTL_MS, type User, type Admin, USER_STATUS } from '@shop/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/connection';
import { networkOf } from '../../platform/client-address';
import { AppError, conflict, fieldError, validationFailed } from '../../platform/errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/auth/passwords';
import { passwordWeakness } from '../../platform/auth/password-strength';
import {
  createSession,
  revokeSession,
  revokeUserSessions,
  type Audience,
  type AuthContext,
} from '../../platform/auth/sessions';
import { generateToken, hashToken } from '../../platform/auth/tokens';
import { avatarUrl } from '../../platform/files/urls';
import { runInBackground } from '../../platform/background';
import { loggableError } from '../../platform/log-redaction';
import { enqueueMail, simpleHtml, underDailyMailCap } from '../../platform/mail/queue';
import { mailVerificationLink } from './email-verification';
import * as q from './queries';

interface RequestMeta {
  ip: string;
  userAgent?: string;
}

type UserRow = NonNullable<Awaited<ReturnType<typeof q.findUserById>>>;

export function toUserDto(
  u: Pick<UserRow, 'id' | 'name' | 'email' | 'phone' | 'photoKey' | 'role' | 'emailVerifiedAt'>,
): User {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    photo_url: avatarUrl(u.photoKey),
    role_type: u.role,
    email_verified: u.emailVerifiedAt !== null,
  };
}

export function toAdminDto(u: Pick<UserRow, 'id' | 'name' | 'email' | 'photoKey' | 'role'>): Admin {
  return { id: u.id, name: u.name, email: u.email, photo_url: avatarUrl(u.photoKey), role_type: u.role };
}

/** Refuses (422 on the field, with the reason) a password that is blank, repeated, personal, common or weak. */
function assertPasswordAllowed(
  password: string,
  user: { email?: string; name?: string },
  field = 'password',
): void {
  const weakness = passwordWeakness(password, user);
  if (weakness) throw fieldError(field, weakness);
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
  await ctx.limits.consume('register', networkOf(meta.ip));
  assertPasswordAllowed(input.password, { email: input.email });
  const passwordHash = await hashPassword(input.password);
  return ctx.database.db.transaction(async (tx) => {
    const user = await q.insertUser(tx, {
      name: nameFromEmail(input.email),
      email: input.email,
      passwordHash,
    });
    if (!user) throw conflict(SERVER_MESSAGES.emailTaken, { email: [SERVER_MESSAGES.emailTaken] });
    // Guest designs sent with this address wait until it is verified (email-verification.ts).
    await mailVerificationLink(ctx, tx, user);
    const token = await createSession(tx, {
      userId: user.id,
      audience: 'customer',
      remember: false,
      ...meta,
    });
    return { token, user: toUserDto(user), message: SERVER_MESSAGES.registered };
  });
}

interface LoginAttempt {
  account: string;
  address: string;
  pair: string;
  /** The account signed in from this address before. */
  known: boolean;
}

/**
 * Spends the attempt's points before the password is checked (platform/rate-limit.ts, DEFAULT_LIMITS): concurrent
 * guesses are refused (429) instead of all reaching argon2. An address the account signed in from before is
 * limited only as a pair, so strangers elsewhere can neither lock nor slow its owner.
 */
async function admitLoginAttempt(ctx: AppContext, email: string, address: string): Promise<LoginAttempt> {
  const account = email.toLowerCase();
  const pair = `${account}|${address}`;
  await ctx.limits.consume('loginPair', pair);
  const known = await ctx.limits.has('loginKnown', pair);
  if (!known) {
    await ctx.limits.consume('loginAddress', address);
    // Past its allowance an account is slowed (one attempt per window), never locked.
    if (await ctx.limits.exhausts('loginAccount', account))
      await ctx.limits.consume('loginAccountSlow', account);
  }
  return { account, address, pair, known };
}

async function loginSucceeded(ctx: AppContext, attempt: LoginAttempt): Promise<void> {
  await Promise.all([
    ctx.limits.reset('loginPair', attempt.pair),
    ctx.limits.reset('loginAccount', attempt.account),
    ctx.limits.reset('loginAccountSlow', attempt.account),
    ...(attempt.known
      ? []
      : [
          ctx.limits.refund('loginAddress', attempt.address),
          ctx.limits.penalize('loginKnown', attempt.pair),
        ]),
  ]);
}

export async function login(
  ctx: AppContext,
  input: { email: string; password: string; remember: boolean },
  audience: Audience,
  meta: RequestMeta,
) {
  const attempt = await admitLoginAttempt(ctx, input.email, networkOf(meta.ip));
  const user = await q.findUserByEmail(ctx.database.db, input.email);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyAgainstDummy(input.password), false);
  // The back-office refuses customers with the same answer as a wrong password.
  if (!user || !ok || (audience === 'admin' && user.role !== 'admin')) {
    throw new AppError(401, SERVER_MESSAGES.loginInvalid);
  }
  if (user.status !== USER_STATUS.active) throw new AppError(403, SERVER_MESSAGES.accountInactive);
  await loginSucceeded(ctx, attempt);
  return ctx.database.db.transaction(async (tx) => {
    // The password was checked outside any transaction; a reset or change that ended the sessions meanwhile must
    // not let this one start with the old password. Under the row's share lock, a reset or change under way is
    // waited for and then seen here; one that comes after sees (and ends) this session, as its update waits.
    const now = await q.lockUserForSession(tx, user.id);
    if (!now || now.passwordHash !== user.passwordHash) throw new AppError(401, SERVER_MESSAGES.loginInvalid);
    if (now.status !== USER_STATUS.active) throw new AppError(403, SERVER_MESSAGES.accountInactive);
    const token = await createSession(tx, { userId: user.id, audience, remember: input.remember, ...meta });
    return { token, user };
  });
}

export async function logout(ctx: AppContext, auth: AuthContext): Promise<void> {
  await revokeSession(ctx.database.db, auth.sessionId);
  ctx.hub.emit('sessionsRevoked', [auth.sessionId]);
}

type Log = { error(obj: object, msg: string): void };

/**
 * Answers at once, the same for every e-mail: the lookup, the token and the mail happen after the answer, so
 * neither its words nor its time tell whether an account exists.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  meta: RequestMeta,
  log: Log,
): Promise<void> {
  await ctx.limits.consume('forgotAddress', networkOf(meta.ip));
  await ctx.limits.consume('forgotAccount', email.toLowerCase());
  runInBackground(
    () => sendResetLink(ctx, email),
    (err) => log.error({ err: loggableError(err) }, 'password reset mail failed'),
  );
}

/** Password reset mails one account gets in 24 hours (forgotAccount limits how fast they are asked for). */
const RESET_MAILS_PER_DAY = 5;

async function sendResetLink(ctx: AppContext, email: string): Promise<void> {
  const user = await q.findUserByEmail(ctx.database.db, email);
  if (!user || user.status !== USER_STATUS.active) return;
  // An admin's address is unproven only after the admin changed it (admin:create and the demo verify theirs): a
  // reset mailed there would give the back-office to whoever reads a mistyped address. The link mailed to the new
  // address proves it first.
  if (user.role === 'admin' && !user.emailVerifiedAt) return;
  const token = generateToken();
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  // Admins reset through the same link; the customer login then sends them on.
  await ctx.database.db.transaction(async (tx) => {
    // Anyone can ask for an account's reset: past the day's mails, asking again changes nothing, and the last
    // link sent keeps working.
    if (!(await underDailyMailCap(tx, 'password_reset', user.email, RESET_MAILS_PER_DAY))) return;
    if (!(await q.insertResetToken(tx, user.id, hashToken(token), new Date(Date.now() + RESET_TOKEN_TTL_MS))))
      return;
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

/** Voids every reset link of an account, in the caller's transaction (a deactivation). */
export const voidResetLinks = (tx: DbOrTx, userId: number) => q.voidResetTokens(tx, userId);

/**
 * The account of a mailed reset link that can still be used (not used, not past its hour), counted against the
 * address's reset limit: one read that costs the same for known and unknown e-mails. A spent link is refused (422).
 */
async function resetLinkOwner(ctx: AppContext, input: { email: string; token: string }, meta: RequestMeta) {
  await ctx.limits.consume('resetAddress', networkOf(meta.ip));
  const tokenHash = hashToken(input.token);
  const user = await q.findResetTokenOwner(ctx.database.db, input.email, tokenHash);
  if (!user) throw fieldError('email', SERVER_MESSAGES.resetTokenInvalid);
  return { user, tokenHash };
}

/** Whether a reset link can still be used, asked when it is opened so a spent one says so at once; nothing written. */
export async function checkResetLink(
  ctx: AppContext,
  input: { email: string; token: string },
  meta: RequestMeta,
): Promise<void> {
  await resetLinkOwner(ctx, input, meta);
}

/** The link is checked first (`resetLinkOwner`); only a valid link's new password is hashed. */
export async function resetPassword(
  ctx: AppContext,
  input: { email: string; token: string; password: string },
  meta: RequestMeta,
): Promise<void> {
  const { user, tokenHash } = await resetLinkOwner(ctx, input, meta);
  assertPasswordAllowed(input.password, user);
  const passwordHash = await hashPassword(input.password);
  const revoked = await ctx.database.db.transaction(async (tx) => {
    const consumed = await q.consumeResetToken(tx, user.id, tokenHash);
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
  // Counted before the check, so a stolen session cannot guess the current password, even in parallel.
  const limitKey = String(auth.user.id);
  await ctx.limits.consume('changePassword', limitKey);
  const user = await q.findUserById(ctx.database.db, auth.user.id);
  if (!user) throw new AppError(401, SERVER_MESSAGES.unauthenticated);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw fieldError(input.currentField, SERVER_MESSAGES.currentPasswordWrong);
  }
  await ctx.limits.reset('changePassword', limitKey);
  assertPasswordAllowed(input.newPassword, user, input.newField);
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
  const user = await q.insertUser(ctx.database.db, {
    ...input,
    passwordHash,
    role: 'admin',
    emailVerifiedAt: new Date(),
  });
  if (!user) throw conflict(SERVER_MESSAGES.emailTaken, { email: [SERVER_MESSAGES.emailTaken] });
  return user;
}
