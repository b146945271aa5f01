import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactRequest, contactResponse } from '@shop/contracts';
import { errors, type ModuleOptions } from '../../platform/http';
import * as service from './service';

export async function contactRoutes(base: FastifyInstance, { ctx }: ModuleOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post('/api/contact', {
    schema: {
      tags: ['contact'],
      body: contactRequest,
      response: { 200: contactResponse, ...errors(401, 403, 422, 429) },
    },
    handler: async (request) => {
      const message = await service.submitContactMessage(ctx, request.body, request.ip);
      return { success: true as const, message };
    },
  });
}
