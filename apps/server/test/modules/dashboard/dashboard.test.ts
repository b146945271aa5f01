import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../../src/db/schema/catalog';
import { designSubmissions } from '../../../src/db/schema/designs';
import { users } from '../../../src/db/schema/users';
import { growthPercent } from '../../../src/modules/dashboard/service';
import { bearer, createAdmin, registerCustomer } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';

describe('growthPercent', () => {
  it.each([
    [3, 2, 50],
    [1, 3, -66.7],
    [2, 3, -33.3],
    [0, 4, -100],
    [10, 10, 0],
    [7, 3, 133.3],
    [5, 0, 100],
    [0, 0, 0],
  ])('%i created now against %i before is %d %', (now, before, expected) => {
    expect(growthPercent(now, before)).toBe(expected);
  });
});

describe('GET /api/admin/dashboard-stats', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const daysAgo = (d: number) => new Date(Date.now() - d * 24 * 3600 * 1000);

  it('answers 401 without a token and 403 with a customer token', async () => {
    const customer = await registerCustomer(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard-stats' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/dashboard-stats',
          headers: bearer(customer.token),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('answers zeros for an empty shop', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard-stats',
      headers: bearer(admin.token),
    });
    expect(res.json()).toEqual({
      totalUsers: 0,
      userGrowth: 0,
      activeDesigns: 0,
      designGrowth: 0,
      pendingApprovals: 0,
      inventoryItems: 0,
      inventoryGrowth: 0,
      proposalsSentThisMonth: 0,
      proposalsAcceptedThisMonth: 0,
      acceptedValueThisMonth: '0.00',
      currency: 'USD',
      acceptedValueGrowth: 0,
      upcomingInstallations: [],
    });
  });

  it('counts customers, every design, pending designs and active products, with 30-day growth', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const db = t.ctx.database.db;
    const customer = (email: string, age: number, status = 1) => ({
      name: email,
      email,
      passwordHash: 'x',
      status,
      createdAt: daysAgo(age),
    });
    await db
      .insert(users)
      .values([
        customer('a@example.com', 1),
        customer('b@example.com', 10, 0),
        customer('c@example.com', 29),
        customer('d@example.com', 31),
        customer('e@example.com', 59),
        customer('f@example.com', 90),
        { ...customer('admin2@example.com', 2), role: 'admin' as const },
      ]);
    const design = (slug: string, age: number, status: 'pending' | 'approved' | 'rejected') => ({
      slug,
      selectedTab: 'haveDesign' as const,
      title: slug,
      name: 'N',
      email: 'n@example.com',
      status,
      createdAt: daysAgo(age),
    });
    await db
      .insert(designSubmissions)
      .values([
        design('D1', 3, 'pending'),
        design('D2', 35, 'approved'),
        design('D3', 40, 'rejected'),
        design('D4', 45, 'pending'),
        design('D5', 100, 'pending'),
      ]);
    const product = (sku: string, age: number, status = true) => ({
      name: sku,
      slug: sku,
      sku,
      price: '1.00',
      status,
      createdAt: daysAgo(age),
    });
    await db
      .insert(products)
      .values([product('P1', 5), product('P2', 20), product('P3', 25, false), product('P4', 200)]);

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard-stats',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      totalUsers: 6,
      userGrowth: 50, // 3 new customers against 2
      activeDesigns: 5,
      designGrowth: -66.7, // 1 against 3
      pendingApprovals: 3,
      inventoryItems: 3,
      inventoryGrowth: 100, // 2 against none
    });
  });
});
