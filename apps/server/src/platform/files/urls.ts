import { imageUrl } from './images';

/** The public URL of a profile photo: its 320 px WebP variant. */
export function avatarUrl(key: string | null | undefined): string | null {
  return imageUrl(key, 320);
}
