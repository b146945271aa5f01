import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { escapeHtml } from './html';
import { loggableError, redactUrlSecrets } from './log-redaction';
import {
  SERVER_MESSAGES,
  SERVER_STATE_ELEMENT_ID,
  SHOP_TIMEZONE_META,
  type PageRedirect,
  type RenderedPage,
} from '@shop/contracts';

export interface WebAppOptions {
  /** The built web app (apps/web/dist); absent in API-only tests. */
  distDir?: string;
  /** The <head> tags of a page (title, description, Open Graph), rendered on the server for crawlers. */
  renderHead?: (request: FastifyRequest) => Promise<{ head: string; status?: number } | null>;
  /**
   * The page's markup and hydration state, rendered on the server so it paints before the app's script has
   * run; null for pages the browser renders; a redirect for paths no route knows. A failure is logged and the
   * page is served without it.
   */
  renderPage?: (request: FastifyRequest) => Promise<RenderedPage | PageRedirect | null>;
  /** Folders of the build that are not served (the server renderer's code). */
  privateDirs?: string[];
  /**
   * The shop's IANA timezone (SHOP_TIMEZONE), written into every page as `<meta name="shop-timezone">`: the app
   * shows installation windows and bookings in it, as the shop's mails and notifications do.
   */
  shopTimezone?: string;
}

// index.html holds its default title and description between these markers; a rendered head replaces them.
const HEAD_START = '<!--app-head-->';
const HEAD_END = '<!--/app-head-->';

function withHead(template: string, head: string): string {
  const start = template.indexOf(HEAD_START);
  if (start < 0) return template;
  const end = template.indexOf(HEAD_END, start);
  // Sliced, not String#replace: the head holds shop content, in which '$&' or "$'" must stay text.
  const after = end < 0 ? start + HEAD_START.length : end + HEAD_END.length;
  return template.slice(0, start) + head + template.slice(after);
}

const EMPTY_ROOT = '<div id="root"></div>';

/** The page template with the shop's timezone at the end of its <head>. */
function withShopTimezone(template: string, timeZone: string | undefined): string {
  const headEnd = template.indexOf('</head>');
  if (!timeZone || headEnd < 0) return template;
  const meta = `<meta name="${SHOP_TIMEZONE_META}" content="${escapeHtml(timeZone)}">`;
  return template.slice(0, headEnd) + meta + template.slice(headEnd);
}

/**
 * The rendered page inside the root element, its state right after it (JSON: not a script the CSP would have
 * to allow) and its resource hints at the end of <head>.
 */
function withPage(html: string, page: RenderedPage): string {
  const root = html.indexOf(EMPTY_ROOT);
  const headEnd = html.indexOf('</head>');
  if (root < 0 || headEnd < 0 || headEnd > root) return html;
  return (
    html.slice(0, headEnd) +
    page.head +
    html.slice(headEnd, root) +
    `<div id="root">${page.html}</div>` +
    `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${page.state}</script>` +
    html.slice(root + EMPTY_ROOT.length)
  );
}

/** A GET of a path that is neither the API's, the realtime channel's, a stored file's nor a built file's. */
function isPageRequest(method: string | undefined, url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  const isApi =
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname.startsWith('/socket.io') ||
    pathname.startsWith('/media/') ||
    pathname.startsWith('/files/');
  return !isApi && (method === 'GET' || method === 'HEAD') && !path.extname(pathname);
}

/**
 * For Fastify's rewriteUrl: a page's address whose percent-encoding is broken ('/product/%E0%A4%A'), which the
 * router would refuse as a malformed request (400), with its '%' signs escaped. It then reaches the app as the
 * unknown page it names: its not-found view and meta, with the status an unknown page has (a missing product's
 * 404). Addresses of the API keep the refusal.
 */
export function escapeBrokenPageUrl(request: { method?: string; url?: string }): string {
  const url = request.url ?? '/';
  // Every request passes here: those without a '%' (nearly all) leave at once.
  if (!url.includes('%')) return url;
  const query = url.indexOf('?');
  const pathname = query < 0 ? url : url.slice(0, query);
  if (!pathname.includes('%') || !isPageRequest(request.method, url)) return url;
  try {
    decodeURI(pathname);
    return url;
  } catch {
    return pathname.replaceAll('%', '%25') + url.slice(pathname.length);
  }
}

/**
 * Serves the web app from the same origin as the API: hashed assets with year-long caching, other public
 * files briefly cached, and index.html for every page path, with server-rendered head tags and, for the pages
 * the server renders, their markup and hydration state.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: WebAppOptions) => {
  const dist = opts.distDir;
  const indexFile = dist ? path.join(dist, 'index.html') : undefined;
  const template =
    indexFile && existsSync(indexFile)
      ? withShopTimezone(readFileSync(indexFile, 'utf8'), opts.shopTimezone)
      : undefined;

  const privatePrefixes = (opts.privateDirs ?? []).map((dir) => `/${dir.replace(/^\/+|\/+$/g, '')}/`);

  if (dist && template) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      index: false,
      wildcard: true,
      allowedPath: (pathName) => !privatePrefixes.some((prefix) => pathName.startsWith(prefix)),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  async function renderPage(request: FastifyRequest): Promise<RenderedPage | PageRedirect | null> {
    if (!opts.renderPage || request.method !== 'GET') return null;
    try {
      return await opts.renderPage(request);
    } catch (err) {
      request.log.error(
        { err: loggableError(err), url: redactUrlSecrets(request.url) },
        'server rendering failed: the page is rendered in the browser',
      );
      return null;
    }
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    if (!template) return reply.code(404).send({ message: SERVER_MESSAGES.notFound });
    const [rendered, page] = await Promise.all([
      opts.renderHead ? opts.renderHead(request).catch(() => null) : null,
      renderPage(request),
    ]);
    if (page && 'redirect' in page) return reply.redirect(page.redirect, 302);
    const withRenderedHead = rendered ? withHead(template, rendered.head) : template;
    const html = page ? withPage(withRenderedHead, page) : withRenderedHead;
    return reply
      .code(rendered?.status ?? 200)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  // The static plugin would answer the root directory itself (403): the home page is the app.
  app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply));

  app.setNotFoundHandler(async (request, reply) => {
    if (isPageRequest(request.method, request.url)) return sendPage(request, reply);
    return reply.code(404).send({ message: SERVER_MESSAGES.notFound });
  });
});
