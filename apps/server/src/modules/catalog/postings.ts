/**
 * The active products' words held in memory, for searches of several words: each lexeme (a word as the search stems
 * it) with the ids of the products whose name (and SKU) has it, and of those whose name, SKU or description has it.
 * PostgreSQL's GIN index answers `a & b` by decoding both words' whole posting lists, however few products have
 * both; at a million products two common words cost it milliseconds of CPU per search. Here a common word is a
 * bitset (one bit per product id) and a rare one a sorted id array, so intersecting them costs microseconds, and the
 * database is asked only to check and rank the ids found (modules/catalog/search-index.ts keeps this fresh).
 */

/** The ids of one lexeme: ascending ids, or a bitset over ids 0..maxId when the lexeme is common. */
export type Postings =
  { ids: Int32Array; bits?: undefined } | { bits: Uint32Array; size: number; ids?: undefined };

const sizeOf = (p: Postings) => (p.bits ? p.size : p.ids.length);
const hasBit = (bits: Uint32Array, id: number) => ((bits[id >>> 5]! >>> (id & 31)) & 1) === 1;
const setBit = (bits: Uint32Array, id: number) => {
  bits[id >>> 5]! |= 1 << (id & 31);
};

/** Builds the postings of many products, read in ascending id order; a lexeme becomes a bitset once it is common. */
export class PostingsBuilder {
  private readonly lists = new Map<string, number[] | { bits: Uint32Array; size: number }>();
  private readonly denseAt: number;
  private readonly words: number;

  /** `maxId`: the largest id that will be added. */
  constructor(maxId: number) {
    this.words = (maxId >>> 5) + 1;
    // A bitset costs maxId / 8 bytes; an id array 4 bytes an id (8 while it is built).
    this.denseAt = Math.max(64, maxId >>> 5);
  }

  add(id: number, lexeme: string): void {
    const list = this.lists.get(lexeme);
    if (list === undefined) {
      this.lists.set(lexeme, [id]);
    } else if (Array.isArray(list)) {
      if (list.at(-1) === id) return;
      list.push(id);
      if (list.length > this.denseAt) {
        const bits = new Uint32Array(this.words);
        for (const n of list) setBit(bits, n);
        this.lists.set(lexeme, { bits, size: list.length });
      }
    } else if (!hasBit(list.bits, id)) {
      setBit(list.bits, id);
      list.size++;
    }
  }

  build(): Map<string, Postings> {
    const done = new Map<string, Postings>();
    for (const [lexeme, list] of this.lists) {
      done.set(lexeme, Array.isArray(list) ? { ids: Int32Array.from(list) } : list);
    }
    this.lists.clear();
    return done;
  }
}

/** Any of several postings (a word being typed and its completions), as one. */
function union(parts: Postings[], maxId: number): Postings {
  if (parts.length === 1) return parts[0]!;
  const total = parts.reduce((n, p) => n + sizeOf(p), 0);
  if (total > maxId >>> 5 || parts.some((p) => p.bits)) {
    const bits = new Uint32Array((maxId >>> 5) + 1);
    for (const p of parts) {
      if (p.bits) for (let w = 0; w < bits.length; w++) bits[w]! |= p.bits[w]!;
      else for (const id of p.ids) setBit(bits, id);
    }
    let size = 0;
    for (const w of bits) size += popcount(w);
    return { bits, size };
  }
  const merged = new Int32Array(total);
  let n = 0;
  for (const p of parts) for (const id of p.ids!) merged[n++] = id;
  merged.sort();
  let unique = 0;
  for (let i = 0; i < merged.length; i++)
    if (i === 0 || merged[i] !== merged[i - 1]) merged[unique++] = merged[i]!;
  return { ids: merged.subarray(0, unique) };
}

function popcount(w: number): number {
  w -= (w >>> 1) & 0x55555555;
  w = (w & 0x33333333) + ((w >>> 2) & 0x33333333);
  return (((w + (w >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The first index at or after `from` whose id is >= `id` (galloping, then binary search). */
function seek(ids: Int32Array, from: number, id: number): number {
  let step = 1;
  let high = from;
  while (high < ids.length && ids[high]! < id) {
    from = high + 1;
    high += step;
    step <<= 1;
  }
  high = Math.min(high, ids.length);
  while (from < high) {
    const mid = (from + high) >>> 1;
    if (ids[mid]! < id) from = mid + 1;
    else high = mid;
  }
  return from;
}

/**
 * The ids, ascending, that every group has (a group: any of its lexemes), those `skip` refuses left out, at most
 * `limit` of them.
 */
export function intersect(
  index: Map<string, Postings>,
  groups: string[][],
  maxId: number,
  limit: number,
  skip: (id: number) => boolean,
): number[] {
  const terms: Postings[] = [];
  for (const group of groups) {
    const parts = group.map((lexeme) => index.get(lexeme)).filter((p): p is Postings => p !== undefined);
    if (parts.length === 0) return [];
    terms.push(union(parts, maxId));
  }
  if (terms.length === 0) return [];
  terms.sort((a, b) => sizeOf(a) - sizeOf(b));
  const found: number[] = [];
  const [first, ...rest] = terms;
  // Common terms are ANDed a 32-bit word at a time; each id left is then looked up in the rare ones.
  const restBits = rest.flatMap((t) => (t.bits ? [t.bits] : []));
  const restIds = rest.flatMap((t) => (t.bits ? [] : [t.ids]));
  const cursors = restIds.map(() => 0);
  const visit = (id: number) => {
    for (let t = 0; t < restIds.length; t++) {
      const ids = restIds[t]!;
      const at = seek(ids, cursors[t]!, id);
      cursors[t] = at;
      if (ids[at] !== id) return;
    }
    if (!skip(id)) found.push(id);
  };
  if (first!.bits) {
    const words = first!.bits;
    for (let w = 0; w < words.length && found.length < limit; w++) {
      let word = words[w]!;
      for (const bits of restBits) word &= bits[w]!;
      while (word !== 0 && found.length < limit) {
        const bit = 31 - Math.clz32(word & -word);
        word &= word - 1;
        visit((w << 5) | bit);
      }
    }
  } else {
    for (let i = 0; i < first!.ids.length && found.length < limit; i++) {
      const id = first!.ids[i]!;
      if (restBits.every((bits) => hasBit(bits, id))) visit(id);
    }
  }
  return found;
}
