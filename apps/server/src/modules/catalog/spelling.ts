/**
 * Spelling correction of search words against the words of the catalogue's product names.
 *
 * Trigram similarity forgives a misspelled long word but not a short one: `chiar` shares two of six trigrams with
 * `chair`, as many as with `cherry`. An edit distance that counts a swap of neighbours as one edit tells them
 * apart, so a word that matches nothing is first replaced by the closest name word within one edit (two for words
 * of seven letters or more) before the trigram fallback is tried.
 */

/** The words of the product names with how many active products use each, lower case. */
export type Vocabulary = Map<string, number>;

/** The largest edit distance accepted for a word of this length. */
function allowedEdits(length: number): number {
  if (length < 4) return 0;
  return length >= 7 ? 2 : 1;
}

/**
 * Optimal string alignment distance (Levenshtein with a swap of two neighbours counted as one edit), giving up
 * as soon as it must exceed `max`: answers `max + 1` then.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

/**
 * The closest name word to a search word, or the word itself when it is known, is the start of a known word
 * (someone still typing), is a number, or has no close enough neighbour. Ties go to the word more products use.
 */
export function correctWord(word: string, vocabulary: Vocabulary): string {
  const max = allowedEdits(word.length);
  if (max === 0 || /^\d+$/.test(word) || vocabulary.has(word)) return word;
  let best: string | undefined;
  let bestDistance = max + 1;
  let bestUses = 0;
  for (const [known, uses] of vocabulary) {
    if (known.startsWith(word)) return word;
    const d = editDistance(word, known, Math.min(max, bestDistance));
    if (d < bestDistance || (d === bestDistance && d <= max && uses > bestUses)) {
      best = known;
      bestDistance = d;
      bestUses = uses;
    }
  }
  return best && bestDistance <= max ? best : word;
}

/** The search text with each misspelled word replaced by its correction; null when nothing changed. */
export function correctSpelling(words: string[], vocabulary: Vocabulary): string[] | null {
  const corrected = words.map((w) => correctWord(w, vocabulary));
  return corrected.some((w, i) => w !== words[i]) ? corrected : null;
}

/** Code-unit order of two words. */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Each vocabulary's words in code-unit order, built once per vocabulary read (a vocabulary is never changed). */
const sortedWords = new WeakMap<Vocabulary, string[]>();

/**
 * The known words longer than `prefix` that start with it (a word being typed), those most products use first,
 * then alphabetically; at most `limit`. A binary search of the vocabulary's sorted words, so it costs the words
 * of that start, not the whole vocabulary.
 */
export function wordsStartingWith(vocabulary: Vocabulary, prefix: string, limit: number): string[] {
  let words = sortedWords.get(vocabulary);
  if (!words) {
    words = [...vocabulary.keys()].sort(byCodeUnit);
    sortedWords.set(vocabulary, words);
  }
  let low = 0;
  let high = words.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (words[mid]! < prefix) low = mid + 1;
    else high = mid;
  }
  const found: string[] = [];
  for (let i = low; i < words.length && words[i]!.startsWith(prefix); i++) {
    if (words[i] !== prefix) found.push(words[i]!);
  }
  const uses = (w: string) => vocabulary.get(w) ?? 0;
  return found.sort((a, b) => uses(b) - uses(a) || byCodeUnit(a, b)).slice(0, limit);
}
