import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { escapeHtml } from '../../platform/html';
import { getPageMeta, safeDecode } from './service';

/**
 * The <head> tags of a page for crawlers and link previews (decisions.md D10): the same data as
 * GET /api/meta/{path}, HTML-escaped, with absolute URLs. A product page of an unknown or inactive product
 * answers 404 (the app shows its not-found view); other unknown paths are redirected by the page renderer.
 */
export async function renderHead(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ head: string; status?: number }> {
  const path = safeDecode(request.url.split('?')[0] ?? '/');
  const meta = await getPageMeta(ctx, path);
  const tags: string[] = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
  ];
  if (meta.keywords) tags.push(`<meta name="keywords" content="${escapeHtml(meta.keywords)}">`);
  const missingProduct = /^\/product\/[^/]+\/?$/.test(path) && !meta.found;
  // A product that is not there has no address to name as its own, and nothing to index.
  tags.push(
    missingProduct
      ? '<meta name="robots" content="noindex">'
      : `<link rel="canonical" href="${escapeHtml(meta.url)}">`,
  );
  tags.push(
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}">`,
    `<meta property="og:type" content="${path.startsWith('/product/') && meta.found ? 'product' : 'website'}">`,
    `<meta property="og:site_name" content="${escapeHtml(ctx.config.appName)}">`,
  );
  if (meta.image) tags.push(`<meta property="og:image" content="${escapeHtml(meta.image)}">`);
  tags.push(
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
  );
  if (meta.image) tags.push(`<meta name="twitter:image" content="${escapeHtml(meta.image)}">`);
  return { head: tags.join('\n    '), ...(missingProduct ? { status: 404 } : {}) };
}
