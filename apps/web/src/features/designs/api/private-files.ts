import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error';
import { handleApiError } from '../../../lib/api-error-handling';
import { adminSession, customerSession } from '../../../lib/sessions';
import type { SessionKind } from '../../../lib/storage-keys';

export interface PrivateFile {
  blob: Blob;
  name: string;
}

function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * Design and recommendation files are private: they are fetched with the session's bearer token (the API
 * client answers JSON only, so this one call reads the body as a blob) and handed to the browser from memory.
 */
export async function fetchPrivateFile(
  url: string,
  kind: SessionKind,
  fallbackName = 'file',
  signal?: AbortSignal,
): Promise<PrivateFile> {
  const token = (kind === 'admin' ? adminSession : customerSession).getState().token;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    const error = new ApiError(0, '', {}, token ? kind : null);
    handleApiError(error);
    throw error;
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    const error = new ApiError(response.status, body.message ?? '', {}, token ? kind : null);
    handleApiError(error);
    throw error;
  }
  return {
    blob: await response.blob(),
    name: fileNameFrom(response.headers.get('Content-Disposition'), fallbackName),
  };
}

/** Saves a private file under its original name. */
export async function savePrivateFile(url: string, kind: SessionKind, fallbackName?: string): Promise<void> {
  const file = await fetchPrivateFile(url, kind, fallbackName);
  const objectUrl = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the blob once the click is handled.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}

/**
 * A private image shown in a page. A recommendation file is named by its id and never changes, so it is read
 * once while shown (`changes: false`); the design file can be replaced under the same address by the customer's
 * edit, so it is read again each time it is shown.
 */
export const privateImageQuery = (url: string, kind: SessionKind, changes: boolean) =>
  queryOptions({
    queryKey: ['private-file', kind, url],
    queryFn: ({ signal }) => fetchPrivateFile(url, kind, 'file', signal),
    staleTime: changes ? 0 : Infinity,
    gcTime: 60_000,
    retry: false,
  });
