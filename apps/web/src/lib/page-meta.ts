import { DEFAULT_META_TITLE, type PageMeta } from '@shop/contracts';
import { apiRequest } from './api-client';

/** The meta API's key of a page: its path without the leading slash; '' is the home page. */
export function metaPathOf(pathname: string): string {
  return pathname
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => encodeURIComponent(decodeURIComponent(segment)))
    .join('/');
}

export function fetchPageMeta(pathname: string, signal?: AbortSignal): Promise<PageMeta> {
  // Public data: no token, so a stale session can never turn a page view into a 401.
  return apiRequest<PageMeta>(`/api/meta/${metaPathOf(pathname)}`, {
    token: 'none',
    callerHandles: true,
    signal,
  });
}

function setMetaTag(attribute: 'name' | 'property', key: string, content: string | null | undefined): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!content) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.appendChild(tag);
  }
  tag.setAttribute('content', content);
}

/** Applies a page's title and sharing tags; without meta (a failed call) the default title is used. */
export function applyPageMeta(meta: Partial<PageMeta> | null): void {
  const title = meta?.title || DEFAULT_META_TITLE;
  document.title = title;
  setMetaTag('name', 'description', meta?.description);
  setMetaTag('name', 'keywords', meta?.keywords);
  setMetaTag('property', 'og:title', title);
  setMetaTag('property', 'og:description', meta?.description);
  setMetaTag('property', 'og:url', meta?.url);
  setMetaTag('property', 'og:image', meta?.image);
}
