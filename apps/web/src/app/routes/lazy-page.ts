import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

import { PAGE_TITLES } from '@shop/contracts';

type PageModule = { default: ComponentType };

/** What a route tells about its page: the title of pages the meta API does not describe. */
export interface RouteHandle {
  title?: string;
}

export function titled(key: keyof typeof PAGE_TITLES): RouteHandle {
  return { title: PAGE_TITLES[key] };
}

/** A route that only redirects (its loader answers the redirect): nothing to render, but an element all the same. */
export function RedirectOnly() {
  return null;
}

/**
 * A route whose screen is its own chunk, fetched on first visit: public pages never download the admin
 * area or the chat, and each feature's page file stays a plain default-exported component.
 */
export function lazyPage(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  return { lazy: { Component: async () => (await load()).default } };
}

/** The same for a layout module that exports its component by name. */
export function lazyLayout<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): Pick<RouteObject, 'lazy'> {
  return { lazy: { Component: async () => pick(await load()) } };
}
