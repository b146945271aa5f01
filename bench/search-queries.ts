/**
 * A stream of searches a shop has never seen: every call answers a search text not answered before in this
 * stream. The mix is what shoppers type: single words, word pairs, prefixes while typing, misspellings (a
 * dropped, swapped, doubled or replaced letter), model numbers, SKUs, and words that match nothing. A seeded
 * generator, so two runs send the same stream.
 */
import { ADJECTIVES, MATERIALS, TYPES } from './catalog-data';

const WORDS = [
  ...new Set(
    [...ADJECTIVES, ...MATERIALS, ...TYPES]
      .flatMap((w) => w.toLowerCase().split(/[^a-z0-9]+/))
      .filter((w) => w.length >= 3 && !/^\d/.test(w)),
  ),
];
/** Words no product uses (a shop's shoppers ask for what it does not sell). */
const FOREIGN = [
  'sofa bed',
  'hammock',
  'printer',
  'whiteboard',
  'lamp',
  'rug',
  'coat rack',
  'locker',
  'kettle',
];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** mulberry32: a small seeded generator (the search index's property test uses it too). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type SearchKind = 'word' | 'pair' | 'prefix' | 'misspelling' | 'model number' | 'sku' | 'no match';

export function searchStream(products: number, seed = 1): () => { text: string; kind: SearchKind } {
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const int = (n: number) => 1 + Math.floor(rnd() * n);
  const misspell = (w: string): string => {
    const i = Math.floor(rnd() * w.length);
    switch (Math.floor(rnd() * 4)) {
      case 0:
        return w.slice(0, i) + w.slice(i + 1);
      case 1:
        return i < w.length - 1
          ? w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2)
          : w.slice(0, -1) + pick([...LETTERS]);
      case 2:
        return w.slice(0, i) + w[i] + w.slice(i);
      default:
        return w.slice(0, i) + pick([...LETTERS]) + w.slice(i + 1);
    }
  };
  const kinds: [SearchKind, number][] = [
    ['word', 10],
    ['pair', 25],
    ['prefix', 20],
    ['misspelling', 20],
    ['model number', 8],
    ['sku', 7],
    ['no match', 10],
  ];
  const weight = kinds.reduce((n, [, w]) => n + w, 0);
  const one = (kind: SearchKind): string => {
    switch (kind) {
      case 'word':
        return rnd() < 0.5 ? pick(WORDS) : `${pick(WORDS)} ${int(products)}`;
      case 'pair':
        return `${pick(WORDS)} ${pick(WORDS)}${rnd() < 0.6 ? ` ${pick(WORDS)}` : ''}`;
      case 'prefix': {
        const w = pick(WORDS);
        const head = rnd() < 0.5 ? `${pick(WORDS)} ` : '';
        return head + w.slice(0, 1 + Math.floor(rnd() * (w.length - 1)));
      }
      case 'misspelling':
        return rnd() < 0.5 ? misspell(pick(WORDS)) : `${pick(WORDS)} ${misspell(pick(WORDS))}`;
      case 'model number':
        return rnd() < 0.5 ? String(int(products)) : `${pick(WORDS)} ${int(products)}`;
      case 'sku': {
        const n = String(int(products)).padStart(7, '0');
        return rnd() < 0.7 ? `BN-${n}` : `bn-${n.slice(0, 3 + Math.floor(rnd() * 4))}`;
      }
      case 'no match':
        return rnd() < 0.5
          ? pick(FOREIGN)
          : Array.from({ length: 4 + Math.floor(rnd() * 5) }, () => pick([...LETTERS])).join('');
    }
  };
  const seen = new Set<string>();
  return () => {
    for (;;) {
      let r = rnd() * weight;
      let kind: SearchKind = 'word';
      for (const [k, w] of kinds) {
        if ((r -= w) < 0) {
          kind = k;
          break;
        }
      }
      const text = one(kind);
      // The shop matches case- and space-insensitively: count texts as it does.
      const key = text.toLowerCase().replace(/\s+/g, ' ').trim();
      if (seen.has(key)) continue;
      seen.add(key);
      return { text, kind };
    }
  };
}
