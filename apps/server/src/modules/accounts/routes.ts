import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SERVER_MESSAGES,
  adminLoginResponse,
  adminProfileResponse,
  currentUserResponse,
  forgotPasswordRequest,
  loginRequest,
  loginResponse,
  messageResponse,
  registerRequest,
  resetLinkCheckRequest,
  resetLinkCheckResponse,
  resetPasswordRequest,
} from '@shop/contracts';
import { currentAuth, requireAdmin, requireSession } from '../../platform/auth/guard';
import { backgroundSettled } from '../../platform/background';
import { errors, requestMeta, type ModuleOptions } from '../../platform/http';
import * as service from './service';

export async function accountRoutes(base: FastifyInstance, { ctx }: ModuleOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Sign-in, sign-up and password reset: no session is read, and their answers (tokens) are never cached.
  const publicAuth = { skipAuth: true, noStore: true };
  // Reset mails queued after their answers are written before the database closes.
  app.addHook('onClose', async () => backgroundSettled());

  app.post('/api/login', {
    config: publicAuth,
    schema: {
      tags: ['accounts'],
      body: loginRequest,
      response: { 200: loginResponse, ...errors(401, 403, 422, 429) },
    },
    handler: async (request) => {
      const { token, user } = await service.login(ctx, request.body, 'customer', requestMeta(request));
      return { token, user: service.toUserDto(user), message: SERVER_MESSAGES.loggedIn };
    },
  });

  app.post('/api/register', {
    config: publicAuth,
    schema: {
      tags: ['accounts'],
      body: registerRequest,
      response: { 201: loginResponse, ...errors(409, 422, 429) },
    },
    handler: async (request, reply) => {
      const result = await service.registerCustomer(ctx, request.body, requestMeta(request));
      return reply.code(201).send(result);
    },
  });

  app.post('/api/logout', {
    onRequest: requireSession,
    schema: { tags: ['accounts'], response: { 200: messageResponse, ...errors(401) } },
    handler: async (request) => {
      await service.logout(ctx, currentAuth(request));
      return { message: SERVER_MESSAGES.loggedOut };
    },
  });

  app.post('/api/forgot-password', {
    config: publicAuth,
    schema: {
      tags: ['accounts'],
      body: forgotPasswordRequest,
      response: { 200: messageResponse, ...errors(422, 429) },
    },
    handler: async (request) => {
      await service.requestPasswordReset(ctx, request.body.email, requestMeta(request), request.log);
      return { message: SERVER_MESSAGES.resetLinkSent };
    },
  });

  app.post('/api/reset-password/check', {
    config: publicAuth,
    schema: {
      tags: ['accounts'],
      body: resetLinkCheckRequest,
      response: { 200: resetLinkCheckResponse, ...errors(422, 429) },
    },
    handler: async (request) => {
      await service.checkResetLink(ctx, request.body, requestMeta(request));
      return { valid: true as const };
    },
  });

  app.post('/api/reset-password', {
    config: publicAuth,
    schema: {
      tags: ['accounts'],
      body: resetPasswordRequest,
      response: { 200: messageResponse, ...errors(422, 429) },
    },
    handler: async (request) => {
      await service.resetPassword(ctx, request.body, requestMeta(request));
      return { message: SERVER_MESSAGES.passwordReset };
    },
  });

  app.get('/api/user', {
    onRequest: requireSession,
    schema: { tags: ['accounts'], response: { 200: currentUserResponse, ...errors(401, 403) } },
    handler: async (request) => ({ data: service.toUserDto(currentAuth(request).user) }),
  });

  app.post('/api/admin/login', {
    config: publicAuth,
    schema: {
      tags: ['admin'],
      body: loginRequest,
      response: { 200: adminLoginResponse, ...errors(401, 403, 422, 429) },
    },
    handler: async (request) => {
      const { token, user } = await service.login(ctx, request.body, 'admin', requestMeta(request));
      return { token, admin: service.toAdminDto(user), message: SERVER_MESSAGES.loggedIn };
    },
  });

  app.get('/api/admin/profile', {
    onRequest: requireAdmin,
    schema: { tags: ['admin'], response: { 200: adminProfileResponse, ...errors(401, 403) } },
    handler: async (request) => ({ admin: service.toAdminDto(currentAuth(request).user) }),
  });

  app.post('/api/admin/logout', {
    onRequest: requireAdmin,
    schema: { tags: ['admin'], response: { 200: messageResponse, ...errors(401, 403) } },
    handler: async (request) => {
      await service.logout(ctx, currentAuth(request));
      return { message: SERVER_MESSAGES.loggedOut };
    },
  });
}
