import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { proposalInput } from '@shop/contracts';
import { seedDesigns } from '../../../src/seed/seed-designs';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '../../../src/seed/demo-accounts';
import { seedProposals } from '../../../src/seed/seed-proposals';
import { createForDesign } from '../../../src/modules/proposals/service';
import { products } from '../../../src/db/schema/catalog';
import { users } from '../../../src/db/schema/users';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: { DEFAULT_TAX_RATE: '8.25' } });
});
afterEach(async () => {
  await t.close();
});

it('seeds a sent proposal for the demo customer, with exact totals and a PDF', async () => {
  const db = t.ctx.database.db;
  await db.insert(users).values([
    { name: DEMO_ADMIN.name, email: DEMO_ADMIN.email, passwordHash: 'x', role: 'admin' },
    { name: DEMO_CUSTOMER.name, email: DEMO_CUSTOMER.email, passwordHash: 'x' },
  ]);
  await db.insert(products).values([
    { name: 'Desk', slug: 'desk', sku: 'D-1', price: '399.99' },
    { name: 'Chair', slug: 'chair', sku: 'C-1', price: '249.50' },
  ]);
  await seedDesigns(t.ctx);
  await seedProposals(t.ctx);

  const { adminList } = await import('../../../src/modules/proposals/service');
  const { proposals } = await adminList(t.ctx, { page: 1, perPage: 10 });
  expect(proposals).toHaveLength(1);
  const p = proposals[0]!;
  expect(p).toMatchObject({
    status: 'sent',
    version: 1,
    tax_rate: '8.25',
    number: 'P-000001',
  });
  // 18 x 399.99 less 10% = 6479.84 (6479.838); 18 x 249.50 = 4491.00; 850.00
  expect(p.lines.map((l) => l.total)).toEqual(['6479.84', '4491.00', '850.00']);
  expect(p.subtotal).toBe('11820.84');
  expect(p.tax).toBe('975.22'); // 975.2193
  expect(p.total).toBe('12796.06');
  expect(p.customer.email).toBe(DEMO_CUSTOMER.email);

  // The seed takes its number from the shop's sequence: the next proposal written takes the next one.
  const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
  const next = await createForDesign(
    t.ctx,
    admin!.id,
    p.design_id!,
    proposalInput.parse({
      valid_until: p.valid_until,
      lines: [{ name: 'Fee', quantity: 1, unit_price: '1' }],
    }),
  );
  expect(next.number).toBe('P-000002');
});
