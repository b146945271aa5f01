import type { ComponentProps } from 'react';
import { Image } from '../../../components/ui/image';

const VARIANT = /^(\/media\/.+)\/(320|640|1200)\.webp$/;

/** The 320/640/1200 px WebP variants the server keeps of a product photo, as a srcset. */
export function productSrcSet(url: string | null | undefined): string | undefined {
  const match = url ? VARIANT.exec(url) : null;
  if (!match) return undefined;
  return [320, 640, 1200].map((w) => `${match[1]}/${w}.webp ${w}w`).join(', ');
}

type ProductImageProps = Omit<ComponentProps<typeof Image>, 'srcSet'> & { sizes: string };

/**
 * A product photo at the width the layout needs. Width and height are given so the browser reserves the
 * box before the file arrives (the photos are 4:3); the placeholder stands in for missing files.
 */
export function ProductImage({ src, sizes, width = 640, height = 480, ...props }: ProductImageProps) {
  return (
    <Image src={src} srcSet={productSrcSet(src)} sizes={sizes} width={width} height={height} {...props} />
  );
}
