import { describe, expect, it } from 'vitest';
import { checkFile, FILE_RULES } from './file-check';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)));
const file = (name: string, data: Uint8Array<ArrayBuffer>) => new File([data], name);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const box = (brand: string) => bytes([0, 0, 0, 24], `ftyp${brand}`, [0, 0, 0, 0], 'mif1', [0, 0, 0, 0]);

describe('the browser check of a chat attachment', () => {
  it.each([
    ['corner.avif', box('avif')],
    ['scan.bmp', bytes('BM', [0x3e, 0, 0, 0, 0, 0, 0, 0])],
    ['plan.tiff', bytes([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0])],
    ['IMG_0042.HEIC', box('heic')],
    ['IMG_0043.heif', box('mif1')],
    ['walkthrough.png', bytes(PNG, [0, 0, 0, 13], 'IHDR')],
    ['notes.txt', bytes('BMW parking by the loading dock\n')],
    ['ansi.txt', bytes('Caf', [0xe9, 0x20, 0x96, 0x0d, 0x0a])],
    ['unicode.txt', bytes([0xff, 0xfe, 0x44, 0x00, 0x65, 0x00])],
  ])('accepts %s, one of the images and files the spec names', async (name, data) => {
    expect(await checkFile(file(name, data), FILE_RULES.chat)).toBeNull();
  });

  it('refuses bytes no text holds under a .txt name', async () => {
    expect(await checkFile(file('data.txt', bytes('DB', [1, 2, 0, 16])), FILE_RULES.chat)).toBe(
      'File data.txt is not an accepted file type.',
    );
  });

  it('refuses a renamed executable, in the words the server uses', async () => {
    expect(await checkFile(file('photo.heic', bytes('MZ', [0x90, 0, 3, 0, 0, 0])), FILE_RULES.chat)).toBe(
      'File photo.heic is not an accepted file type.',
    );
  });

  it('keeps the other pickers to their own types: no HEIC as a product photo', async () => {
    expect(await checkFile(file('IMG_0042.heic', box('heic')), FILE_RULES.productImage)).toBe(
      'IMG_0042.heic is not a PNG, JPG or WEBP image.',
    );
  });
});
