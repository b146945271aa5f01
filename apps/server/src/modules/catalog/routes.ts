import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  categoriesResponse,
  productDetailResponse,
  productListQuery,
  productPageResponse,
  productSlugParams,
} from '@shop/contracts';
import { dtoSerializer } from '../../platform/dto-serializer';
import { errors, type ModuleOptions } from '../../platform/http';
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
    // The storefront's hottest answers, built field by field: written as they are (platform/dto-serializer.ts).
    serializerCompiler: dtoSerializer,
    handler: async (request) => service.listStorefrontProducts(ctx, request.query, request.auth?.user.id),
  });

  app.get('/api/v1/frontend/products/:slug', {
    schema: {
      tags: ['catalog'],
      params: productSlugParams,
      response: { 200: productDetailResponse, ...errors(401, 403, 404) },
    },
    serializerCompiler: dtoSerializer,
    handler: async (request) => service.getProductDetail(ctx, request.params.slug, request.auth?.user.id),
  });
}
