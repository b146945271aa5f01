import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { SERVER_MESSAGES } from '@shop/contracts';

export interface WebAppOptions {
  /** The built web app (apps/web/dist); absent in API-only tests. */
  distDir?: string;
  /** The <head> tags of a page (title, description, Open Graph), rendered on the server for crawlers. */
  renderHead?: (request: FastifyRequest) => Promise<{ head: string; status?: number } | null>;
}

// index.html holds its default title and description between these markers; a rendered head replaces them.
const HEAD_START = '<!--app-head-->';
const HEAD_END = '<!--/app-head-->';

function withHead(template: string, head: string): string {
  const start = template.indexOf(HEAD_START);
  if (start < 0) return template;
  const end = template.indexOf(HEAD_END, start);
  return end < 0
    ? template.replace(HEAD_START, head)
    : template.slice(0, start) + head + template.slice(end + HEAD_END.length);
}

/**
 * Serves the single-page web app from the same origin as the API: hashed assets with year-long caching,
 * other public files briefly cached, and index.html (with server-rendered head tags) for every page path.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: WebAppOptions) => {
  const dist = opts.distDir;
  const indexFile = dist ? path.join(dist, 'index.html') : undefined;
  const template = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;

  if (dist && template) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      index: false,
      wildcard: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    if (!template) return reply.code(404).send({ message: SERVER_MESSAGES.notFound });
    const rendered = opts.renderHead ? await opts.renderHead(request).catch(() => null) : null;
    const html = rendered ? withHead(template, rendered.head) : template;
    return reply
      .code(rendered?.status ?? 200)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  // The static plugin would answer the root directory itself (403): the home page is the app.
  app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply));

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi =
      url === '/api' ||
      url.startsWith('/api/') ||
      url.startsWith('/socket.io') ||
      url.startsWith('/media/') ||
      url.startsWith('/files/');
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && !path.extname(url)) {
      return sendPage(request, reply);
    }
    return reply.code(404).send({ message: SERVER_MESSAGES.notFound });
  });
});
