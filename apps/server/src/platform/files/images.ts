import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { FileStorage } from './storage';

/** Widths of the WebP variants kept of every public image. */
export const IMAGE_WIDTHS = [320, 640, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const DEFAULT_IMAGE_WIDTH: ImageWidth = 640;

// Refuses decompression bombs: a small file that claims a huge canvas is rejected before it is decoded.
const MAX_INPUT_PIXELS = 40_000_000;

export class ImageRejectedError extends Error {}

export type ImageVariants = Map<ImageWidth, Buffer>;

/** Decodes an image (already type-checked from its bytes), strips its metadata and encodes the WebP variants. */
export async function encodeVariants(data: Buffer): Promise<ImageVariants> {
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new ImageRejectedError('The image could not be read.');
  }
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new ImageRejectedError('The image is too large.');
  }
  const variants: ImageVariants = new Map();
  try {
    for (const width of IMAGE_WIDTHS) {
      const out = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80, effort: 3 })
        .toBuffer();
      variants.set(width, out);
    }
  } catch {
    throw new ImageRejectedError('The image could not be read.');
  }
  return variants;
}

/** The storage keys of an image's variants. */
export function imageFileKeys(key: string): string[] {
  return IMAGE_WIDTHS.map((w) => `${key}/${w}.webp`);
}

/** What variants are written through: the storage itself, or the upload journal for a request's uploads. */
export type FileWriter = Pick<FileStorage, 'put' | 'delete'>;

/** Stores encoded variants under `prefix/<random>/<width>.webp` and answers the image key (`prefix/<random>`). */
export async function storeVariants(
  writer: FileWriter,
  prefix: string,
  variants: ImageVariants,
): Promise<string> {
  const key = `${prefix}/${randomBytes(12).toString('hex')}`;
  const written: string[] = [];
  try {
    for (const [width, buffer] of variants) {
      const variantKey = `${key}/${width}.webp`;
      await writer.put(variantKey, buffer, 'image/webp');
      written.push(variantKey);
    }
  } catch (err) {
    await Promise.all(written.map((k) => writer.delete(k)));
    throw err;
  }
  return key;
}

/** The URL of one variant of a stored image. */
export function imageUrl(
  key: string | null | undefined,
  width: ImageWidth = DEFAULT_IMAGE_WIDTH,
): string | null {
  return key ? `/media/${key}/${width}.webp` : null;
}
