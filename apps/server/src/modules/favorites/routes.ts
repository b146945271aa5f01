import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  favoriteToggleRequest,
  favoriteToggleResponse,
  favoritesPageQuery,
  productPageResponse,
} from '@shop/contracts';
import { currentAuth, requireCustomer } from '../../platform/auth/guard';
import { errors, type ModuleOptions } from '../../platform/http';
import * as service from './service';

export async function favoriteRoutes(base: FastifyInstance, { ctx }: ModuleOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post('/api/favorites/toggle', {
    onRequest: requireCustomer,
    schema: {
      tags: ['favorites'],
      body: favoriteToggleRequest,
      response: { 200: favoriteToggleResponse, ...errors(401, 403, 404, 422) },
    },
    handler: async (request) => {
      const { id, favorite } = request.body;
      const isFavorited = await service.toggleFavorite(ctx, currentAuth(request).user.id, id, favorite);
      return { status: 'success', is_favorited: isFavorited };
    },
  });

  app.get('/api/user/favorites', {
    onRequest: requireCustomer,
    schema: {
      tags: ['favorites'],
      querystring: favoritesPageQuery,
      response: { 200: productPageResponse, ...errors(401, 403, 422) },
    },
    handler: async (request) =>
      service.listFavoriteProducts(
        ctx.database.db,
        currentAuth(request).user.id,
        request.query.page,
        request.query.per_page,
        { baseUrl: `${ctx.config.publicUrl}/api/user/favorites` },
      ),
  });
}
