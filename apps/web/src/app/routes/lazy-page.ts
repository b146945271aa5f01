import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

type PageModule = { default: ComponentType };

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
