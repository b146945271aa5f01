import { useCallback, useState, type ImgHTMLAttributes } from 'react';
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
 *
 * The fallback drops the srcset too (the browser prefers a srcset candidate to src), and an image that already
 * failed before hydration (server-rendered pages) is caught when it mounts: it is complete with no pixels.
 */
export function Image({
  src,
  alt = 'Image',
  placeholder = PLACEHOLDER_IMAGE,
  loading = 'lazy',
  srcSet,
  sizes,
  ...props
}: ImageProps) {
  // The failed source is remembered, not a flag, so a new src resets the fallback without an effect.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const wanted = src || placeholder;
  const failed = failedSrc === wanted;
  const shown = failed ? placeholder : wanted;
  const fail = useCallback(() => {
    if (wanted !== placeholder) setFailedSrc(wanted);
  }, [wanted, placeholder]);
  const checkBroken = useCallback(
    (img: HTMLImageElement | null) => {
      if (img && !failed && img.complete && img.naturalWidth === 0 && img.getAttribute('src')) fail();
    },
    [failed, fail],
  );
  return (
    <img
      {...props}
      ref={checkBroken}
      src={shown}
      srcSet={failed ? undefined : srcSet}
      sizes={failed ? undefined : sizes}
      alt={alt}
      loading={loading}
      decoding="async"
      onError={() => {
        if (!failed) fail();
      }}
    />
  );
}
