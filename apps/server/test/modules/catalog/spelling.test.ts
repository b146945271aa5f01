import { describe, expect, it } from 'vitest';
import {
  correctSpelling,
  correctWord,
  editDistance,
  wordsStartingWith,
} from '../../../src/modules/catalog/spelling';

const vocabulary = new Map([
  ['chair', 40],
  ['cherry', 5],
  ['chairs', 1],
  ['desk', 30],
  ['cabinet', 12],
  ['ergonomic', 8],
  ['workstation', 9],
  ['reception', 3],
  ['mesh', 6],
]);

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and a swap of neighbours as one edit each', () => {
    expect(editDistance('chair', 'chair', 2)).toBe(0);
    expect(editDistance('chiar', 'chair', 2)).toBe(1);
    expect(editDistance('ergonmic', 'ergonomic', 2)).toBe(1);
    expect(editDistance('desk', 'disk', 2)).toBe(1);
    expect(editDistance('cabniet', 'cabinet', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
  });

  it('gives up past the limit', () => {
    expect(editDistance('chair', 'workstation', 2)).toBe(3);
    expect(editDistance('abcdef', 'uvwxyz', 1)).toBe(2);
  });
});

describe('correctWord', () => {
  it('corrects a misspelled word to the closest name word', () => {
    expect(correctWord('chiar', vocabulary)).toBe('chair');
    expect(correctWord('chari', vocabulary)).toBe('chair');
    expect(correctWord('dsek', vocabulary)).toBe('desk');
    expect(correctWord('cabniet', vocabulary)).toBe('cabinet');
    expect(correctWord('ergonmic', vocabulary)).toBe('ergonomic');
    expect(correctWord('workstaton', vocabulary)).toBe('workstation');
    expect(correctWord('recpetoin', vocabulary)).toBe('reception');
  });

  it('prefers the word more products use when two are as close', () => {
    expect(correctWord('chaix', vocabulary)).toBe('chair');
  });

  it('leaves known words, prefixes of known words, numbers, short words and far-off words alone', () => {
    expect(correctWord('mesh', vocabulary)).toBe('mesh');
    expect(correctWord('ergo', vocabulary)).toBe('ergo');
    expect(correctWord('2024', vocabulary)).toBe('2024');
    expect(correctWord('dsk', vocabulary)).toBe('dsk');
    expect(correctWord('sofa', vocabulary)).toBe('sofa');
  });
});

describe('correctSpelling', () => {
  it('answers the corrected words, or null when nothing needed correcting', () => {
    expect(correctSpelling(['ergonmic', 'chiar'], vocabulary)).toEqual(['ergonomic', 'chair']);
    expect(correctSpelling(['mesh', 'chair'], vocabulary)).toBeNull();
  });
});

describe('wordsStartingWith', () => {
  const words = new Map([
    ['cab', 5],
    ['cabinet', 40],
    ['cabinets', 12],
    ['cable', 12],
    ['cabana', 1],
    ['caddy', 90],
    ['ca', 3],
  ]);

  it('answers the longer known words of that start, most used first, then alphabetically, at most the limit', () => {
    expect(wordsStartingWith(words, 'cab', 8)).toEqual(['cabinet', 'cabinets', 'cable', 'cabana']);
    expect(wordsStartingWith(words, 'cab', 2)).toEqual(['cabinet', 'cabinets']);
    expect(wordsStartingWith(words, 'ca', 3)).toEqual(['caddy', 'cabinet', 'cabinets']);
  });

  it('answers nothing for a start no word has, past the last word or before the first', () => {
    expect(wordsStartingWith(words, 'cax', 8)).toEqual([]);
    expect(wordsStartingWith(words, 'zz', 8)).toEqual([]);
    expect(wordsStartingWith(words, 'a', 8)).toEqual([]);
    expect(wordsStartingWith(new Map(), 'cab', 8)).toEqual([]);
  });
});
