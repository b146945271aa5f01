import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { hashPassword } from '../platform/auth/passwords';
import { slugify } from '../platform/slug';
import { encodeVariants, storeVariants, type ImageVariants } from '../platform/files/images';
import { categories, productImages, products } from '../db/schema/catalog';
import { users } from '../db/schema/users';
import { DEMO_CATEGORIES, type Drawing } from './catalog-data';
import { productSvg } from './product-art';
import { DEMO_ADMIN, DEMO_CUSTOMER } from './demo-accounts';
import { scheduleWindows } from '../db/schema/deals';
import { seedDesigns } from './seed-designs';
import { seedProposals } from './seed-proposals';

const SKU_PREFIX: Record<Drawing, string> = {
  cubicle: 'CUB',
  desk: 'DSK',
  chair: 'CHR',
  storage: 'STO',
  table: 'CNF',
  lounge: 'RCP',
  accessory: 'ACC',
};

/** Encodes each drawing once; products then get their own copies under their own keys. */
class ArtCache {
  private readonly cache = new Map<string, Promise<ImageVariants>>();
  get(drawing: Drawing, finish: number, view: number): Promise<ImageVariants> {
    const key = `${drawing}:${finish % 4}:${view}`;
    let v = this.cache.get(key);
    if (!v) {
      v = encodeVariants(Buffer.from(productSvg(drawing, finish, view)));
      this.cache.set(key, v);
    }
    return v;
  }
}

/** Seeds the demo shop once: it does nothing when the database already has users. */
export async function seedDemoData(ctx: AppContext, log: FastifyBaseLogger): Promise<boolean> {
  const db = ctx.database.db;
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;
  const started = Date.now();
  const [adminHash, customerHash] = await Promise.all([
    hashPassword(DEMO_ADMIN.password),
    hashPassword(DEMO_CUSTOMER.password),
  ]);
  const art = new ArtCache();

  // Every drawing is encoded up front, in parallel (sharp works on libuv's thread pool).
  await Promise.all(
    DEMO_CATEGORIES.flatMap((c) =>
      [0, 1, 2, 3].flatMap((finish) => [0, 1].map((view) => art.get(c.drawing, finish, view))),
    ),
  );

  // Images first (files are not transactional); rows in one transaction after.
  const planned: { categoryIndex: number; values: typeof products.$inferInsert; gallery: string[] }[] = [];
  let sku = 1001;
  for (const [ci, category] of DEMO_CATEGORIES.entries()) {
    for (const [pi, [name, price, stock, description]] of category.products.entries()) {
      const [photoKey, ...gallery] = await Promise.all(
        [
          [pi, 0],
          [pi, 1],
          [pi + 1, 0],
        ].map(async ([finish, view]) =>
          storeVariants(ctx.storage, 'products', await art.get(category.drawing, finish!, view!)),
        ),
      );
      planned.push({
        categoryIndex: ci,
        gallery,
        values: {
          name,
          slug: slugify(name),
          sku: `${SKU_PREFIX[category.drawing]}-${sku++}`,
          description,
          price,
          stockQuantity: stock,
          photoKey: photoKey!,
          // Spread creation over the last 90 days so listings and dashboard growth look lived-in.
          createdAt: new Date(Date.now() - (ci * 8 + pi) * 36 * 3600 * 1000),
        },
      });
    }
  }

  await db.transaction(async (tx) => {
    await tx.insert(users).values([
      {
        name: DEMO_ADMIN.name,
        email: DEMO_ADMIN.email,
        passwordHash: adminHash,
        role: 'admin',
        emailVerifiedAt: new Date(),
      },
      {
        name: DEMO_CUSTOMER.name,
        email: DEMO_CUSTOMER.email,
        phone: DEMO_CUSTOMER.phone,
        passwordHash: customerHash,
        role: 'user',
        // The demo's addresses need no mailed link.
        emailVerifiedAt: new Date(),
      },
    ]);
    const cats = await tx
      .insert(categories)
      .values(DEMO_CATEGORIES.map((c, i) => ({ name: c.name, slug: slugify(c.name), position: i })))
      .returning({ id: categories.id });
    for (const p of planned) {
      const [row] = await tx
        .insert(products)
        .values({ ...p.values, categoryId: cats[p.categoryIndex]!.id })
        .returning({ id: products.id });
      await tx
        .insert(productImages)
        .values(p.gallery.map((imageKey, position) => ({ productId: row!.id, imageKey, position })));
    }
    // The installation team's week (shop timezone): Monday to Friday, 9-12 and 13-17, two crews.
    await tx.insert(scheduleWindows).values(
      [1, 2, 3, 4, 5].flatMap((weekday) => [
        { weekday, startTime: '09:00', endTime: '12:00', capacity: 2 },
        { weekday, startTime: '13:00', endTime: '17:00', capacity: 2 },
      ]),
    );
  });
  await seedDesigns(ctx);
  await seedProposals(ctx);
  log.info({ products: planned.length, ms: Date.now() - started }, 'demo data seeded');
  return true;
}
