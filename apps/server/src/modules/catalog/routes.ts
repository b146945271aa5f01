import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  categoriesResponse,
  productDetailResponse,
  productListQuery,
  productPageResponse,
  productSlugParams,
} from '@shop/contracts';
import { unauthenticated } from '../../platform/errors';
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
    handler: async (request) => {
      const query = request.query;
      const viewerId = request.auth?.user.id;
      if (query.favorites && viewerId === undefined) throw unauthenticated();
      return service.listProducts(ctx.database.db, ctx, {
        categoryId: query.category,
        favoritesOf: query.favorites ? viewerId : undefined,
        search: query.search,
        page: query.page,
        perPage: query.per_page,
        viewerId,
        baseUrl: `${ctx.config.publicUrl}/api/v1/frontend/products`,
        linkParams: {
          category: query.category?.toString(),
          favorites: query.favorites ? 'true' : undefined,
          search: query.search,
        },
      });
    },
  });

  app.get('/api/v1/frontend/products/:slug', {
    schema: {
      tags: ['catalog'],
      params: productSlugParams,
      response: { 200: productDetailResponse, ...errors(401, 403, 404) },
    },
    handler: async (request) => service.getProductDetail(ctx, request.params.slug, request.auth?.user.id),
  });
}
