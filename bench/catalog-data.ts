/**
 * The benchmark catalogue: 7 categories and N products generated inside PostgreSQL with one
 * INSERT ... SELECT generate_series (plus their gallery rows), so 100,000 products take seconds.
 * Names combine realistic words, so searches hit a few hundred to a few thousand products like a real shop.
 */
import type pg from 'pg';

export const BENCH_CATEGORIES = [
  'Cubicles & Workstations',
  'Office Desks',
  'Office Chairs',
  'Storage & Filing',
  'Conference Tables',
  'Reception & Lounge',
  'Panels & Accessories',
];

export const ADJECTIVES = [
  'Ergonomic',
  'Executive',
  'Compact',
  'Modular',
  'Premium',
  'Pre-Owned',
  'Heavy-Duty',
  'Mobile',
  'Classic',
  'Modern',
  'Adjustable',
  'Refurbished',
  'Deluxe',
];
export const MATERIALS = [
  'Mesh',
  'Leather',
  'Oak',
  'Walnut',
  'Steel',
  'Glass',
  'Maple',
  'Fabric',
  'Laminate',
  'Aluminium',
  'Cherry',
];
export const TYPES = [
  'Task Chair',
  'Standing Desk',
  'File Cabinet',
  'Bookcase',
  'Conference Table',
  'Cubicle 6x6',
  'Lounge Sofa',
  'Privacy Panel',
  'Pedestal',
  'Reception Desk',
  'Guest Chair',
  'Monitor Arm',
  'Workstation',
  'Storage Tower',
  'Training Table',
  'Credenza',
  'Stool',
];

const lit = (words: string[]) => `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`;

export async function generateCatalog(client: pg.Client, count: number): Promise<void> {
  await client.query('begin');
  await client.query(
    `insert into categories (name, slug, position) select name, lower(regexp_replace(name, '[^a-zA-Z]+', '-', 'g')), pos - 1
     from unnest($1::text[]) with ordinality as c(name, pos)`,
    [BENCH_CATEGORIES],
  );
  await client.query(`
    insert into products (category_id, name, slug, sku, description, price, stock_quantity, status, photo_key, created_at, updated_at)
    select
      (select id from categories order by position offset (i % 7) limit 1),
      a[1 + i % ${ADJECTIVES.length}] || ' ' || m[1 + (i / ${ADJECTIVES.length}) % ${MATERIALS.length}] || ' ' || t[1 + (i / 7) % ${TYPES.length}] || ' ' || i,
      'bench-product-' || i,
      'BN-' || lpad(i::text, 7, '0'),
      'A ' || lower(a[1 + i % ${ADJECTIVES.length}]) || ' ' || lower(t[1 + (i / 7) % ${TYPES.length}]) || ' in ' || lower(m[1 + (i / ${ADJECTIVES.length}) % ${MATERIALS.length}])
        || ', built for busy offices. Delivered and installed by our own crew, with a five-year warranty.',
      round((49 + (i * 37) % 2950)::numeric + 0.99, 2),
      (i * 13) % 90,
      i % 50 <> 0,
      'products/bench' || (i % 64),
      now() - (i || ' minutes')::interval,
      now() - (i || ' minutes')::interval
    from generate_series(1, ${count}) as i,
      lateral (select ${lit(ADJECTIVES)} as a, ${lit(MATERIALS)} as m, ${lit(TYPES)} as t) words`);
  await client.query(`
    insert into product_images (product_id, image_key, position)
    select p.id, 'products/bench-g' || ((p.id + g) % 64), g from products p, generate_series(0, 1) as g`);
  await client.query('commit');
  await client.query('analyze');
}
