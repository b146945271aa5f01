import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { escapeHtml } from '../../platform/mail/queue';
import { getPageMeta, safeDecode } from './service';

/**
 * The <head> tags of a page for crawlers and link previews (decisions.md D10): the same data as
 * GET /api/meta/{path}, HTML-escaped, with absolute URLs. Pages that do not exist still get the app shell
 * (the single-page app shows its own message), so the status stays 200.
 */
export async function renderHead(ctx: AppContext, request: FastifyRequest): Promise<{ head: string }> {
  const path = safeDecode(request.url.split('?')[0] ?? '/');
  const meta = await getPageMeta(ctx, path);
  const tags: string[] = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
  ];
  if (meta.keywords) tags.push(`<meta name="keywords" content="${escapeHtml(meta.keywords)}">`);
  tags.push(
    `<link rel="canonical" href="${escapeHtml(meta.url)}">`,
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
  return { head: tags.join('\n    ') };
}
