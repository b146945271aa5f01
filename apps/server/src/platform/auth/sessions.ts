import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { SESSION_TTL_MS, USER_STATUS } from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/connection';
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

export async function resolveSession(db: Db, token: string): Promise<AuthContext | null> {
  if (!token || token.length > 200) return null;
  const rows = await db
    .select({
      sessionId: sessions.id,
      audience: sessions.audience,
      expiresAt: sessions.expiresAt,
      lastUsedAt: sessions.lastUsedAt,
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      photoKey: users.photoKey,
      role: users.role,
      status: users.status,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (Date.now() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, row.sessionId));
  }
  const { sessionId, audience, expiresAt, lastUsedAt: _l, ...user } = row;
  return { sessionId, audience, expiresAt, user };
}

/** Whether a session still stands: not ended, not expired, its account active. */
export async function sessionLive(db: Db, sessionId: number): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.status, USER_STATUS.active),
      ),
    )
    .limit(1);
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
