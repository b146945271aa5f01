import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminUsersQuery,
  adminUsersResponse,
  idParam,
  messageResponse,
  realtimeChannels,
  userStatusRequest,
  userStatusResponse,
  ADMIN_MESSAGES,
  USER_STATUS,
} from '@shop/contracts';
import { requireAdmin } from '../../platform/auth/guard';
import { errors, type ModuleOptions } from '../../platform/http';
import * as service from './service';

export const USER_SERVER_MESSAGES = { deleted: 'User has been deleted.' } as const;

export async function userRoutes(base: FastifyInstance, { ctx }: ModuleOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/admin/users', {
    onRequest: requireAdmin,
    schema: {
      tags: ['admin users'],
      querystring: adminUsersQuery,
      response: { 200: adminUsersResponse, ...errors(401, 403, 422) },
    },
    handler: async (request) => service.listUsers(ctx, request.query),
  });

  app.post('/api/admin/users/:id/toggle-status', {
    onRequest: requireAdmin,
    schema: {
      tags: ['admin users'],
      params: idParam,
      body: userStatusRequest.nullish(),
      response: { 200: userStatusResponse, ...errors(401, 403, 404, 422) },
    },
    handler: async (request) => {
      const status = await service.toggleUserStatus(ctx, request.params.id, request.body?.status);
      return {
        status,
        message:
          status === USER_STATUS.active ? ADMIN_MESSAGES.userActivated : ADMIN_MESSAGES.userDeactivated,
      };
    },
  });

  app.delete('/api/admin/users/:id', {
    onRequest: requireAdmin,
    schema: {
      tags: ['admin users'],
      params: idParam,
      response: { 200: messageResponse, ...errors(401, 403, 404) },
    },
    handler: async (request) => {
      await service.deleteUser(ctx, request.params.id, request.log);
      // Other admins' open conversation with the customer closes (their own tabs were signed out with their sessions).
      app.realtime.emit(realtimeChannels.admins, 'customer:deleted', { userId: request.params.id });
      return { message: USER_SERVER_MESSAGES.deleted };
    },
  });
}
