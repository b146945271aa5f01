import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { pageMeta } from '../../db/schema/seo';

export async function selectPageMeta(db: DbOrTx, path: string) {
  const [row] = await db.select().from(pageMeta).where(eq(pageMeta.path, path)).limit(1);
  return row;
}
