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

/**
 * A group of the search (any of its lexemes) as the intersection reads it: ascending ids, or bitsets whose words are
 * ORed as they are read, so a word being typed with its completions costs no bitset built over every id and the
 * scan stops with the limit. `size`: the ids it holds, or at most that many (the sum of its parts) for bitsets.
 */
type Term =
  | { ids: Int32Array; size: number; bitsets?: undefined }
  | { bitsets: Uint32Array[]; size: number; ids?: undefined };

function termOf(parts: Postings[], maxId: number): Term {
  const size = parts.reduce((n, p) => n + sizeOf(p), 0);
  const bitsets: Uint32Array[] = [];
  const lists: Int32Array[] = [];
  for (const p of parts) {
    if (p.bits) bitsets.push(p.bits);
    else lists.push(p.ids);
  }
  if (bitsets.length === 0 && (lists.length === 1 || size <= maxId >>> 5)) {
    if (lists.length === 1) return { ids: lists[0]!, size };
    const merged = new Int32Array(size);
    let n = 0;
    for (const ids of lists) {
      merged.set(ids, n);
      n += ids.length;
    }
    merged.sort();
    let unique = 0;
    for (let i = 0; i < merged.length; i++)
      if (i === 0 || merged[i] !== merged[i - 1]) merged[unique++] = merged[i]!;
    return { ids: merged.subarray(0, unique), size: unique };
  }
  if (lists.length) {
    // The rarer lexemes of the group as one more bitset.
    const bits = new Uint32Array((maxId >>> 5) + 1);
    for (const ids of lists) for (let i = 0; i < ids.length; i++) setBit(bits, ids[i]!);
    bitsets.push(bits);
  }
  return { bitsets, size };
}

/** Several bitsets ORed into one (a search whose every common term has several lexemes). */
function anyBitset(bitsets: Uint32Array[]): Uint32Array {
  const any = new Uint32Array(bitsets[0]!.length);
  for (const bits of bitsets) for (let w = 0; w < any.length; w++) any[w]! |= bits[w]!;
  return any;
}

/** Word `w` of several bitsets ORed (a term of several common lexemes). */
function anyWord(bitsets: Uint32Array[], w: number): number {
  let word = 0;
  for (let i = 0; i < bitsets.length; i++) word |= bitsets[i]![w]!;
  return word;
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
  const terms: Term[] = [];
  for (const group of groups) {
    const parts = group.map((lexeme) => index.get(lexeme)).filter((p): p is Postings => p !== undefined);
    if (parts.length === 0) return [];
    terms.push(termOf(parts, maxId));
  }
  if (terms.length === 0 || limit <= 0) return [];
  terms.sort((a, b) => a.size - b.size);
  const found: number[] = [];
  const [first, ...rest] = terms;
  // Common terms are ANDed a 32-bit word at a time, led by a term of one bitset (a term of several is ORed only
  // where the word is not already empty); each id left is then looked up in the rare ones.
  const restBits: Uint32Array[] = [];
  const restAny: Uint32Array[][] = [];
  const restIds: Int32Array[] = [];
  for (const t of first!.bitsets ? terms : rest) {
    if (!t.bitsets) restIds.push(t.ids);
    else if (t.bitsets.length === 1) restBits.push(t.bitsets[0]!);
    else restAny.push(t.bitsets);
  }
  if (first!.bitsets && restBits.length === 0) restBits.push(anyBitset(restAny.shift()!));
  const lead = first!.bitsets ? restBits.shift()! : undefined;
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
  if (lead && restBits.length <= 2 && restAny.length === 0) {
    // Two or three common words, most searches of several words: one loop with no inner one, about twice as fast
    // when the words have few products in common and the whole bitset is read (a missing term ANDs the lead again).
    const [second = lead, third = lead] = restBits;
    for (let w = 0; w < lead.length; w++) {
      let word = lead[w]! & second[w]! & third[w]!;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        word &= word - 1;
        visit((w << 5) | bit);
        if (found.length >= limit) return found;
      }
    }
  } else if (lead) {
    for (let w = 0; w < lead.length && found.length < limit; w++) {
      let word = lead[w]!;
      for (const bits of restBits) word &= bits[w]!;
      for (let t = 0; t < restAny.length && word !== 0; t++) word &= anyWord(restAny[t]!, w);
      while (word !== 0 && found.length < limit) {
        const bit = 31 - Math.clz32(word & -word);
        word &= word - 1;
        visit((w << 5) | bit);
      }
    }
  } else if (!first!.bitsets) {
    const ids = first!.ids;
    for (let i = 0; i < ids.length && found.length < limit; i++) {
      const id = ids[i]!;
      if (
        restBits.every((bits) => hasBit(bits, id)) &&
        restAny.every((bitsets) => bitsets.some((bits) => hasBit(bits, id)))
      )
        visit(id);
    }
  }
  return found;
}
