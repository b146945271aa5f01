import { asc, eq } from 'drizzle-orm';
import { PROPOSAL_LIMITS } from '@shop/contracts';
import type { AppContext } from '../context';
import { fromCents, lineTotal, totals } from '../modules/proposals/money';
import { nextProposalNumber } from '../modules/proposals/queries';
import { addDays, zonedDay } from '../modules/scheduling/shop-time';
import { products } from '../db/schema/catalog';
import { proposalLines, proposals } from '../db/schema/deals';
import { designSubmissions } from '../db/schema/designs';
import { users } from '../db/schema/users';
import { DEMO_ADMIN, DEMO_CUSTOMER } from './demo-accounts';

/** A sent proposal on the demo customer's first design, so the customer area shows the deal from the start. */
export async function seedProposals(ctx: AppContext): Promise<void> {
  const db = ctx.database.db;
  const [customer] = await db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email));
  const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
  if (!customer || !admin) return;
  const [design] = await db
    .select()
    .from(designSubmissions)
    .where(eq(designSubmissions.userId, customer.id))
    .orderBy(asc(designSubmissions.id))
    .limit(1);
  const picked = await db.select().from(products).orderBy(asc(products.id)).limit(3);
  if (!design || picked.length === 0) return;

  const lines = [
    ...picked.map((p, i) => ({
      productId: p.id,
      name: p.name,
      sku: p.sku,
      photoKey: p.photoKey,
      quantity: [18, 18, 4][i] ?? 1,
      unitPrice: p.price,
      discount: i === 0 ? '10.00' : '0.00',
    })),
    {
      productId: null,
      name: 'Delivery and installation',
      sku: null,
      photoKey: null,
      quantity: 1,
      unitPrice: '850.00',
      discount: '0.00',
    },
  ].map((l, position) => ({
    ...l,
    position,
    total: fromCents(lineTotal(l.quantity, l.unitPrice, l.discount)),
  }));
  const taxRate = ctx.config.defaultTaxRate;
  const sums = totals(
    lines.map((l) => lineTotal(l.quantity, l.unitPrice, l.discount)),
    taxRate,
  );
  const today = zonedDay(new Date(), ctx.config.shopTimezone);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(proposals)
      .values({
        number: await nextProposalNumber(tx),
        designId: design.id,
        status: 'sent',
        validUntil: addDays(today, PROPOSAL_LIMITS.defaultValidityDays),
        currency: ctx.config.currency,
        taxRate,
        ...sums,
        notes: 'Desks and chairs for the head office, delivered and installed by our team.',
        createdBy: admin.id,
        sentAt: new Date(),
      })
      .returning({ id: proposals.id });
    await tx.insert(proposalLines).values(lines.map((l) => ({ ...l, proposalId: row!.id })));
  });
}
