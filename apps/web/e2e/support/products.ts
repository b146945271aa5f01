import { sql } from './accounts';

/** Eight random letters: a search for them finds only what carries them. */
const letters = () =>
  Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8);

/**
 * `count` products of a journey's own, named '<name> <tag> <n>' and priced `price` + n; answers the tag (letters
 * only, so a search for it finds exactly these), which also starts their slugs and SKUs.
 */
export async function ownProducts(
  prefix: string,
  name: string,
  count: number,
  price: number,
): Promise<string> {
  const tag = `${prefix}${letters()}`;
  await sql(
    `insert into products (name, slug, sku, price, stock_quantity)
     select $2::text || ' ' || $1::text || ' ' || n, $1::text || '-' || n, upper($1::text) || '-' || n, $4::int + n, 1
     from generate_series(1, $3::int) n`,
    [tag, name, count, price],
  );
  return tag;
}

/**
 * One product of a journey's own, active and in stock, named '<name> <tag>': a journey that reads or quotes it
 * never depends on the shop's newest product, which other journeys create, deactivate and delete.
 */
export async function ownProduct(name: string, price = 240): Promise<{ id: number; name: string }> {
  const tag = letters();
  const [row] = await sql<{ id: number; name: string }>(
    `insert into products (name, slug, sku, price, stock_quantity)
     values ($1::text || ' ' || $2::text, 'own-' || $2::text, 'OWN-' || upper($2::text), $3::int, 25)
     returning id, name`,
    [name, tag, price],
  );
  return row!;
}
