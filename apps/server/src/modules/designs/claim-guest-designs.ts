import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { designSubmissions } from '../../db/schema/designs';

/** Attaches the designs a guest sent with this e-mail to the account that now owns the e-mail. */
export async function claimGuestDesigns(db: DbOrTx, userId: number, email: string): Promise<number> {
  const rows = await db
    .update(designSubmissions)
    .set({ userId })
    .where(and(isNull(designSubmissions.userId), eq(designSubmissions.email, email.toLowerCase())))
    .returning({ id: designSubmissions.id });
  return rows.length;
}
