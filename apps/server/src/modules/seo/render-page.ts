import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { PageRedirect, PageRenderer, RenderedPage } from '@shop/contracts';
import type { AppContext } from '../../context';
import { loggableError } from '../../platform/log-redaction';
import { createStorefrontSource } from '../catalog/storefront-source';

/** Where the web app's server build sits inside its browser build (apps/web/vite.config.ts); never served. */
export const PAGE_RENDERER_DIR = 'server';
const PAGE_RENDERER_FILE = path.join(PAGE_RENDERER_DIR, 'entry-server.js');

/**
 * The web app's server renderer from the built app, or null when the build has none (an API-only setup, a
 * build without it): pages are then rendered in the browser, as they are for any page it does not render.
 */
export async function loadPageRenderer(
  distDir: string | undefined,
  log: FastifyBaseLogger,
): Promise<PageRenderer | null> {
  if (!distDir) return null;
  const file = path.join(distDir, PAGE_RENDERER_FILE);
  if (!existsSync(file)) {
    log.warn({ file }, 'no server renderer in the web build: pages are rendered in the browser');
    return null;
  }
  try {
    const module = (await import(pathToFileURL(file).href)) as Partial<PageRenderer>;
    if (typeof module.renderPage !== 'function') throw new Error('it exports no renderPage function');
    return { renderPage: module.renderPage };
  } catch (err) {
    log.error(
      { err: loggableError(err), file },
      'the server renderer could not be loaded: pages are rendered in the browser',
    );
    return null;
  }
}

/**
 * Renders the public page a request asks for, as a guest sees it, with the storefront's data read
 * in-process; null for pages the browser renders (customer and admin areas, sign-in screens). Throws when
 * rendering fails: the caller then serves the page without it.
 */
export function createPageRendering(ctx: AppContext, renderer: PageRenderer) {
  const source = createStorefrontSource(ctx);
  const origin = new URL(ctx.config.publicUrl).origin;
  return (request: FastifyRequest): Promise<RenderedPage | PageRedirect | null> =>
    renderer.renderPage(`${origin}${request.url}`, source);
}
