import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageMetaResponse } from '@shop/contracts';
import { errors, type ModuleOptions } from '../../platform/http';
import * as service from './service';

export async function seoRoutes(base: FastifyInstance, { ctx }: ModuleOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  const metaSchema = { tags: ['seo'], response: { 200: pageMetaResponse, ...errors(401, 403) } };
  app.get('/api/meta', {
    schema: metaSchema,
    handler: async () => service.getPageMeta(ctx, ''),
  });
  app.get('/api/meta/*', {
    schema: { ...metaSchema, params: z.object({ '*': z.string().max(500) }) },
    handler: async (request) => service.getPageMeta(ctx, request.params['*']),
  });

  app.get('/sitemap.xml', {
    config: { skipAuth: true },
    schema: { hide: true },
    handler: async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(await service.renderSitemap(ctx)),
  });

  app.get('/robots.txt', {
    config: { skipAuth: true },
    schema: { hide: true },
    handler: async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=86400')
        .send(service.renderRobots(ctx)),
  });
}
