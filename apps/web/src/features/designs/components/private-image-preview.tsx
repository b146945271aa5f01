import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import type { SessionKind } from '../../../lib/storage-keys';
import { privateImageQuery } from '../api/private-files';

/**
 * Shows a private image (fetched with the session's token) through an object URL. `changes`: the address can
 * show another file later (the design file, which an edit replaces); a recommendation's never does.
 */
export function PrivateImagePreview({
  url,
  kind,
  alt,
  changes = false,
}: {
  url: string;
  kind: SessionKind;
  alt: string;
  changes?: boolean;
}) {
  const { data: file, isError } = useQuery(privateImageQuery(url, kind, changes));
  const image = useRef<HTMLImageElement>(null);

  // The bytes reach the image through an object URL, given back when they change or the image leaves.
  useLayoutEffect(() => {
    if (!file || !image.current) return;
    const src = URL.createObjectURL(file.blob);
    image.current.src = src;
    return () => URL.revokeObjectURL(src);
  }, [file]);

  if (isError) return <p className="text-sm text-slate-600">Failed to load the preview.</p>;
  if (!file) {
    return (
      <div className="flex h-48 items-center justify-center rounded-xl bg-slate-50">
        <Spinner />
      </div>
    );
  }
  return (
    <img
      ref={image}
      alt={alt}
      className="max-h-[28rem] w-full rounded-xl bg-slate-50 object-contain ring-1 ring-slate-200"
    />
  );
}
