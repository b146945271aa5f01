/** Latin letters that Unicode does not decompose into a base letter and an accent, spelled as ASCII. */
const LETTERS: Record<string, string> = {
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ø: 'o',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  þ: 'th',
};

/**
 * The URL slug of a name: lower-case ASCII letters and digits joined by single hyphens, at most 80 characters.
 * Accents are dropped (é -> e) and the letters without a decomposition are spelled out (Łódź -> lodz,
 * Søn -> son, Straße -> strasse); what has no Latin spelling (Chinese, Cyrillic) is left out, and a name made of
 * nothing else gives ''.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łđðøıħŧæœßþ]/g, (letter) => LETTERS[letter]!)
    .replace(/[^a-z0-9\s_-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}
