import { useEffect, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import type { SessionKind } from '../../../lib/storage-keys';
import { fetchPrivateFile } from '../api/private-files';

/** Shows a private image (fetched with the session's token) through a blob URL. */
export function PrivateImagePreview({ url, kind, alt }: { url: string; kind: SessionKind; alt: string }) {
  const [state, setState] = useState<{ url: string; src: string | null; failed: boolean } | null>(null);

  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    fetchPrivateFile(url, kind)
      .then((file) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(file.blob);
        setState({ url, src: objectUrl, failed: false });
      })
      .catch(() => {
        if (!cancelled) setState({ url, src: null, failed: true });
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, kind]);

  if (!state || state.url !== url) {
    return (
      <div className="flex h-48 items-center justify-center rounded-xl bg-slate-50">
        <Spinner />
      </div>
    );
  }
  if (state.failed || !state.src)
    return <p className="text-sm text-slate-600">Failed to load the preview.</p>;
  return (
    <img
      src={state.src}
      alt={alt}
      className="max-h-[28rem] w-full rounded-xl bg-slate-50 object-contain ring-1 ring-slate-200"
    />
  );
}
