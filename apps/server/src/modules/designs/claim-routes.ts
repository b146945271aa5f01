import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { claimDesignRequest, claimDesignResponse } from '@shop/contracts';
import { currentAuth, requireCustomer } from '../../platform/auth/guard';
import { errors, type ModuleOptions } from '../../platform/http';
import { claimDesign } from './claim-guest-designs';

/** The claim link of a guest's 'design received' mail, followed by the signed-in owner of the address. */
export async function designClaimRoutes(base: FastifyInstance, { ctx }: ModuleOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post('/api/user/design-claims', {
    onRequest: requireCustomer,
    schema: {
      tags: ['designs'],
      body: claimDesignRequest,
      response: { 200: claimDesignResponse, ...errors(400, 401, 403, 410, 422) },
    },
    handler: async (request) => claimDesign(ctx, currentAuth(request), request.body.token),
  });
}
