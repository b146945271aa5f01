import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { products } from '../../../src/db/schema/catalog';
import { designSubmissions } from '../../../src/db/schema/designs';
import { mailQueue } from '../../../src/db/schema/mail';
import { notifications } from '../../../src/db/schema/notifications';
import { encodeVariants, storeVariants } from '../../../src/platform/files/images';
import { bearer, createAdmin, registerCustomer } from '../../support/http';
import type { TestApp } from '../../support/test-app';
import { designFile, HAVE_DESIGN_FIELDS, submit } from '../designs/support';

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

export function caller(t: TestApp) {
  return (method: Method, url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}

/** A date n days from today (UTC calendar; the tests' shop timezone is UTC). */
export const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Customer A with a design, customer B, an admin, and a product with a photo. */
export async function dealSetup(t: TestApp) {
  const db = t.ctx.database.db;
  const a = await registerCustomer(t.app, `a-${Math.random().toString(36).slice(2, 8)}@example.com`);
  const b = await registerCustomer(t.app);
  const admin = await createAdmin(t.app, t.ctx);
  const res = await submit(
    t,
    { ...HAVE_DESIGN_FIELDS, title: 'Head office' },
    [designFile()],
    bearer(a.token),
  );
  expect(res.statusCode, res.body).toBe(201);
  const slug = res.json().design.slug as string;
  const [design] = await db.select().from(designSubmissions).where(eq(designSubmissions.slug, slug));
  const photo = await sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: 30, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  const photoKey = await storeVariants(t.ctx.storage, 'products', await encodeVariants(photo));
  const [product] = await db
    .insert(products)
    .values({ name: 'Aeron Chair', slug: 'aeron-chair', sku: 'AER-1', price: '1299.00', photoKey })
    .returning();
  await db.delete(mailQueue);
  await db.delete(notifications);
  return { a, b, admin, design: design!, product: product! };
}
