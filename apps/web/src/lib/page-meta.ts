import { DEFAULT_META_TITLE, type PageMeta } from '@shop/contracts';
import { apiRequest } from './api-client';

/**
 * The meta API's key of a page: its path without the leading slash; '' is the home page. A segment whose
 * percent-encoding is broken ('%E0%A4%A') is kept as typed: it names an unknown page, as on the server.
 */
export function metaPathOf(pathname: string): string {
  return pathname
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        segment = decodeURIComponent(segment);
      } catch {
        // kept as typed
      }
      return encodeURIComponent(segment);
    })
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

/** The canonical link of the page, added, updated or removed. */
function setCanonical(url: string | null | undefined): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!url) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = url;
}

// The page's own title, and a title that stands in its place for a while (the chat's unread count).
let pageTitle: string | null = null;
let standIn: string | null = null;

function writeTitle(): void {
  const title = standIn ?? pageTitle;
  if (title !== null && document.title !== title) document.title = title;
}

/**
 * Puts `title` in the window's title in place of the page's own (kept through navigation), or with null gives
 * the page its own title back.
 */
export function setStandInTitle(title: string | null): void {
  if (pageTitle === null) pageTitle = document.title;
  standIn = title;
  writeTitle();
}

/** Applies a page's title, canonical link and sharing tags; without meta (a failed call) the default title is used. */
export function applyPageMeta(meta: Partial<PageMeta> | null): void {
  const title = meta?.title || DEFAULT_META_TITLE;
  pageTitle = title;
  writeTitle();
  setMetaTag('name', 'description', meta?.description);
  setMetaTag('name', 'keywords', meta?.keywords);
  setMetaTag('property', 'og:title', title);
  setMetaTag('property', 'og:description', meta?.description);
  setMetaTag('property', 'og:url', meta?.url);
  setCanonical(meta?.url);
  setMetaTag('property', 'og:image', meta?.image);
}
