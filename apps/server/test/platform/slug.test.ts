import { describe, expect, it } from 'vitest';
import { slugify } from '../../src/platform/slug';

describe('slugify', () => {
  it.each([
    ['Open Plan 6x6 Cubicle, Low Walls', 'open-plan-6x6-cubicle-low-walls'],
    ['Café Table — Crème', 'cafe-table-creme'],
    // Letters Unicode does not split into a base letter and an accent are spelled out, not dropped.
    ['Stół Łódź', 'stol-lodz'],
    ['Müller & Søn Bürostuhl', 'muller-son-burostuhl'],
    ['Straße Æon Œuvre Þór', 'strasse-aeon-oeuvre-thor'],
    ['  --Desk__Pro--  ', 'desk-pro'],
    ['東京 Desk', 'desk'],
    ['Кресло', ''],
  ])('%s -> %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('keeps at most 80 characters and never ends on a hyphen', () => {
    const slug = slugify(`${'a'.repeat(79)} b`);
    expect(slug).toBe('a'.repeat(79));
    expect(slugify('word '.repeat(40)).length).toBeLessThanOrEqual(80);
  });
});
