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

const HEAD_MARKER = '<!--app-head-->';

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
    const html = rendered ? template.replace(HEAD_MARKER, rendered.head) : template;
    return reply
      .code(rendered?.status ?? 200)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  }

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
