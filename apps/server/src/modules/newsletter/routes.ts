import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponse, newsletterConfirmQuery, newsletterRequest } from '@shop/contracts';
import { errors, type ModuleOptions } from '../../platform/http';
import * as service from './service';

export async function newsletterRoutes(base: FastifyInstance, { ctx }: ModuleOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post('/api/newsletter', {
    schema: {
      tags: ['newsletter'],
      body: newsletterRequest,
      response: { 200: messageResponse, ...errors(401, 403, 422, 429) },
    },
    handler: async (request) => ({ message: await service.subscribe(ctx, request.body.email, request.ip) }),
  });

  // The link of the confirmation e-mail: confirms, then lands on the home page, which shows the outcome.
  app.get('/api/newsletter/confirm', {
    config: { skipAuth: true },
    schema: { tags: ['newsletter'], querystring: newsletterConfirmQuery },
    handler: async (request, reply) => {
      const confirmed = await service.confirmSubscription(ctx, request.query.token);
      return reply.redirect(confirmed ? '/?newsletter=confirmed' : '/?newsletter=invalid', 303);
    },
  });
}
