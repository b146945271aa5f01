import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  VERIFICATION_MESSAGES,
  messageResponse,
  verifyEmailRequest,
  verifyEmailResponse,
} from '@shop/contracts';
import { currentAuth, requireCustomer } from '../../platform/auth/guard';
import { errors, type ModuleOptions } from '../../platform/http';
import * as service from './email-verification';

export async function emailVerificationRoutes(base: FastifyInstance, { ctx }: ModuleOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // The mailed link may be opened in any browser: the token alone proves the address.
  app.post('/api/verify-email', {
    config: { skipAuth: true },
    schema: {
      tags: ['accounts'],
      body: verifyEmailRequest,
      response: { 200: verifyEmailResponse, ...errors(400, 410, 422) },
    },
    handler: async (request) => service.verifyEmail(ctx, request.body.token),
  });

  app.post('/api/user/email-verification', {
    onRequest: requireCustomer,
    schema: {
      tags: ['accounts'],
      response: { 200: messageResponse, ...errors(401, 403, 409, 429) },
    },
    handler: async (request) => {
      await service.resendVerificationLink(ctx, currentAuth(request));
      return { message: VERIFICATION_MESSAGES.resent };
    },
  });
}
