/**
 * The web app's server build (vite build --ssr): renders the public pages for a guest, so their text and layout
 * paint before the browser has downloaded and run the app's JavaScript. The server (apps/server, modules/seo)
 * puts the markup into <div id="root"> and the state into a JSON script element; src/main.tsx hydrates.
 */
import { readFileSync } from 'node:fs';
import { StrictMode, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
  type LoaderFunction,
  type RouteObject,
} from 'react-router';
import type { PageRenderer } from '@shop/contracts';
import { AppProviders } from './app/providers';
import { appRoutes } from './app/routes';
import { INVENTORY_ROUTE_ID, PRODUCT_ROUTE_ID, PUBLIC_ROUTES_ID } from './app/routes/public-routes';
import { prerenderInventory, prerenderProduct } from './features/catalog/api/catalog-prerender';
import { createQueryClient } from './lib/query-client';
import { cachedQueries, serializeServerState, type ServerLoadContext } from './lib/server-rendering';

/** The loaders that read a page's data on the server, instead of the browser's, which only start requests. */
const serverLoaders: Record<string, LoaderFunction> = {
  [INVENTORY_ROUTE_ID]: ({ request, context }) =>
    prerenderInventory(context as ServerLoadContext, new URL(request.url)),
  [PRODUCT_ROUTE_ID]: ({ params, context }) => prerenderProduct(context as ServerLoadContext, params.slug),
};

/** The app's routes with the server's loaders; copies, as the router writes the code it loads into its routes. */
function serverRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const copy = { ...route } as RouteObject;
    if (route.lazy && typeof route.lazy === 'object') copy.lazy = { ...route.lazy };
    if (route.id && serverLoaders[route.id]) copy.loader = serverLoaders[route.id];
    if (route.children) copy.children = serverRoutes(route.children);
    return copy;
  });
}

const handler = createStaticHandler(serverRoutes(appRoutes));

// The public pages by component, with their source path, which names their chunk in the browser build's
// manifest: the page a request matched is told by the component its route rendered.
const publicPages = import.meta.glob<{ default: ComponentType }>(
  ['./features/content/pages/*-page.tsx', './features/catalog/pages/*-page.tsx'],
  { eager: true },
);
const pageModules = new Map(
  Object.entries(publicPages).map(([file, page]) => [page.default, `src/${file.slice(2)}`]),
);

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The browser build's manifest (dist/.vite/manifest.json, beside this build in dist/server); none in tests. */
function readBrowserManifest(): Record<string, ManifestChunk> {
  const file = new URL('../.vite/manifest.json', import.meta.url);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return {};
  }
}

const manifest = readBrowserManifest();

/** The keys of the chunks `keys` load, their static imports included. */
function withImports(keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) continue;
    into.add(key);
    withImports(chunk.imports ?? [], into);
  }
  return into;
}

// index.html loads and preloads the entry chunk and its imports itself.
const entryChunks = withImports(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));

/**
 * Preloads of the page's own chunks: the browser hydrates only once it has the page's code, and without them
 * it would ask for the code only after the entry script has run.
 */
function modulePreloads(modules: string[]): string {
  return [...withImports(modules)]
    .filter((key) => !entryChunks.has(key))
    .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`)
    .join('');
}

/**
 * Synchronous rendering: the routes' code and data are loaded before, so nothing suspends, and the markup
 * carries no inline scripts (which the Content-Security-Policy forbids). A part that suspends anyway would be
 * left to the browser with a hydration error: such a page is not served this way.
 */
function renderToHtml(element: ReactNode): { head: string; html: string } {
  const html = renderToString(element);
  if (html.includes('<!--$!-->')) throw new Error('a part of the page suspended during server rendering');
  // React puts its resource hints (preloads of the first images) before the markup; they belong in <head>,
  // where the browser finds them before it parses the body.
  const hints = /^(?:<link [^<>]*>)+/.exec(html)?.[0] ?? '';
  return { head: hints, html: html.slice(hints.length) };
}

export const renderPage: PageRenderer['renderPage'] = async (url, source) => {
  const { pathname } = new URL(url);
  const matches = matchRoutes(handler.dataRoutes, pathname);
  // A path no route knows goes to the home page, from the server as in the browser (the catch-all route).
  if (!matches || matches[matches.length - 1]!.route.path === '*') return { redirect: '/' };
  // Only the public area; the customer and admin areas and the sign-in screens depend on the session.
  if (!matches.some((match) => match.route.id === PUBLIC_ROUTES_ID)) return null;

  const queryClient = createQueryClient();
  const requestContext: ServerLoadContext = { queryClient, source };
  const context = await handler.query(new Request(url), { requestContext });
  if (context instanceof Response) return null;
  if (context.errors) {
    const [error] = Object.values(context.errors);
    throw error instanceof Error ? error : new Error(`the route failed: ${JSON.stringify(error)}`);
  }

  const router = createStaticRouter(handler.dataRoutes, context);
  // The same tree as src/main.tsx renders (providers, then the router), so useId values match on hydration.
  const { head: hints, html } = renderToHtml(
    <StrictMode>
      <AppProviders client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const state = serializeServerState({
    router: { loaderData: context.loaderData, actionData: null, errors: null },
    queries: cachedQueries(queryClient),
  });
  queryClient.clear();
  const modules = context.matches.flatMap(({ route }) => {
    const component = route.Component ?? (route.element as ReactElement | undefined)?.type;
    return pageModules.get(component as ComponentType) ?? [];
  });
  return { head: modulePreloads(modules) + hints, html, state };
};
