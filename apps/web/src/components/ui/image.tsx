import { useState, type ImgHTMLAttributes } from 'react';
import { PLACEHOLDER_IMAGE } from '@shop/contracts';

interface ImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onError'> {
  src: string | null | undefined;
  alt?: string;
  /** Shown when the source is missing or fails to load. */
  placeholder?: string;
  className?: string;
}

/**
 * An image that falls back to the placeholder when its source is missing or fails, and tries again when
 * given a new source. Lazy-loaded unless told otherwise.
 */
export function Image({
  src,
  alt = 'Image',
  placeholder = PLACEHOLDER_IMAGE,
  loading = 'lazy',
  ...props
}: ImageProps) {
  // The failed source is remembered, not a flag, so a new src resets the fallback without an effect.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const wanted = src || placeholder;
  const shown = failedSrc === wanted ? placeholder : wanted;
  return (
    <img
      {...props}
      src={shown}
      alt={alt}
      loading={loading}
      decoding="async"
      onError={() => {
        if (shown !== placeholder) setFailedSrc(wanted);
      }}
    />
  );
}
