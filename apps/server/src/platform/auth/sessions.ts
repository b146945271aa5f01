import { and, eq, ne, sql } from 'drizzle-orm';
import { SESSION_TTL_MS, USER_STATUS } from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/connection';
import { shapedQuery } from '../../db/shaped';
import { sessions, users } from '../../db/schema/users';
import { generateToken, hashToken } from './tokens';

export type Audience = 'customer' | 'admin';

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  photoKey: string | null;
  role: 'user' | 'admin';
  status: number;
  emailVerifiedAt: Date | null;
}

export interface AuthContext {
  user: AuthUser;
  sessionId: number;
  audience: Audience;
  /** When the session ends by itself (a realtime connection is closed then). */
  expiresAt: Date;
}

export async function createSession(
  db: DbOrTx,
  input: { userId: number; audience: Audience; remember: boolean; userAgent?: string; ip?: string },
): Promise<string> {
  const token = generateToken();
  const ttl = input.remember ? SESSION_TTL_MS.remember : SESSION_TTL_MS.normal;
  await db.insert(sessions).values({
    userId: input.userId,
    tokenHash: hashToken(token),
    audience: input.audience,
    expiresAt: new Date(Date.now() + ttl),
    userAgent: input.userAgent?.slice(0, 300),
    ip: input.ip,
  });
  return token;
}

const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/**
 * A session row and its user, in the column order of the statement below (read as arrays: the lookup of every
 * signed-in request, built once and prepared per connection, `shapedQuery`).
 */
const sessionRowOf = (v: unknown[]) => ({
  sessionId: v[0] as number,
  audience: v[1] as Audience,
  expiresAt: v[2] as Date,
  lastUsedAt: v[3] as Date,
  user: {
    id: v[4] as number,
    name: v[5] as string,
    email: v[6] as string,
    phone: v[7] as string | null,
    photoKey: v[8] as string | null,
    role: v[9] as AuthUser['role'],
    status: v[10] as number,
    emailVerifiedAt: v[11] as Date | null,
  },
});

export async function resolveSession(db: Db, token: string): Promise<AuthContext | null> {
  if (!token || token.length > 200) return null;
  const { rows } = await shapedQuery(
    db,
    'auth:session',
    (bind) => sql`
      select s.id, s.audience, s.expires_at, s.last_used_at,
             u.id, u.name, u.email, u.phone, u.photo_key, u.role, u.status, u.email_verified_at
        from ${sessions} s join ${users} u on u.id = s.user_id
       where s.token_hash = ${bind('tokenHash')} and s.expires_at > now()
       limit 1`,
    { tokenHash: hashToken(token) },
    sessionRowOf,
  );
  const row = rows[0];
  if (!row) return null;
  if (Date.now() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, row.sessionId));
  }
  const { sessionId, audience, expiresAt, user } = row;
  return { sessionId, audience, expiresAt, user };
}

/** Whether a session still stands: not ended, not expired, its account active. */
export async function sessionLive(db: Db, sessionId: number): Promise<boolean> {
  const { rows } = await shapedQuery(
    db,
    'auth:session-live',
    (bind) => sql`
      select 1 from ${sessions} s join ${users} u on u.id = s.user_id
       where s.id = ${bind('sessionId')} and s.expires_at > now() and u.status = ${USER_STATUS.active}
       limit 1`,
    { sessionId },
  );
  return rows.length > 0;
}

export async function revokeSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every one but `exceptSessionId`. Answers the ended session ids. */
export async function revokeUserSessions(
  db: DbOrTx,
  userId: number,
  exceptSessionId?: number,
): Promise<number[]> {
  const rows = await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.expiresAt} < now()`);
}
