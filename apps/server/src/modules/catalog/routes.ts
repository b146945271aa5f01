import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  categoriesResponse,
  productDetailResponse,
  productListQuery,
  productPageResponse,
  productSlugParams,
} from '@shop/contracts';
import { errors, type ModuleOptions } from '../../platform/http';
import { sendJsonText } from '../../platform/json-text';
import * as service from './service';

export async function catalogRoutes(base: FastifyInstance, { ctx }: ModuleOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/v1/frontend/categories', {
    schema: { tags: ['catalog'], response: { 200: categoriesResponse, ...errors(401, 403) } },
    handler: async () => service.listCategories(ctx),
  });

  app.get('/api/v1/frontend/products', {
    schema: {
      tags: ['catalog'],
      querystring: productListQuery,
      response: { 200: productPageResponse, ...errors(401, 403, 422) },
    },
    // The storefront's hottest answers, JSON text put together around the cards PostgreSQL writes.
    handler: async (request, reply) =>
      sendJsonText(reply, await service.listStorefrontProducts(ctx, request.query, request.auth?.user.id)),
  });

  app.get('/api/v1/frontend/products/:slug', {
    schema: {
      tags: ['catalog'],
      params: productSlugParams,
      response: { 200: productDetailResponse, ...errors(401, 403, 404) },
    },
    handler: async (request, reply) =>
      sendJsonText(reply, await service.getProductDetail(ctx, request.params.slug, request.auth?.user.id)),
  });
}
