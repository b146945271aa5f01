import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attachmentIdParam,
  conversationsQuery,
  conversationsResponse,
  markSeenResponse,
  messagesQuery,
  messagesResponse,
  receiverIdParam,
  searchUsersQuery,
  searchUsersResponse,
  sendMessageResponse,
  userIdParam,
} from '@shop/contracts';
import { currentAuth, requireAdmin, requireSession } from '../../platform/auth/guard';
import { sendPrivateFile } from '../../platform/files/private-download';
import { errors, type ModuleOptions } from '../../platform/http';
import { acceptMultipart } from '../../platform/multipart';
import * as service from './service';

/** The shared support inbox (decisions.md D7): customers and admins use the same routes, the service decides per role. */
export async function chatRoutes(base: FastifyInstance, { ctx }: ModuleOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await acceptMultipart(app);
  const tags = ['chat'];

  app.get('/api/conversations', {
    onRequest: requireSession,
    schema: {
      tags,
      querystring: conversationsQuery,
      response: { 200: conversationsResponse, ...errors(400, 401, 403, 422) },
    },
    handler: async (request) => service.listConversations(ctx, currentAuth(request), request.query),
  });

  app.get('/api/conversations/unread-count', {
    onRequest: requireSession,
    schema: { tags, response: { 200: z.object({ unread: z.number().int() }), ...errors(401, 403) } },
    handler: async (request) => ({ unread: await service.unreadCount(ctx, currentAuth(request)) }),
  });

  app.get('/api/messages/:userId', {
    onRequest: requireSession,
    schema: {
      tags,
      params: userIdParam,
      querystring: messagesQuery,
      response: { 200: messagesResponse, ...errors(401, 403, 404, 422) },
    },
    handler: async (request) =>
      service.listMessages(
        ctx,
        app.realtime,
        currentAuth(request),
        request.params.userId,
        request.query.before,
      ),
  });

  app.post('/api/conversations/:userId/seen', {
    onRequest: requireSession,
    schema: { tags, params: userIdParam, response: { 200: markSeenResponse, ...errors(401, 403, 404) } },
    handler: async (request) =>
      service.markMessagesSeen(ctx, app.realtime, currentAuth(request), request.params.userId),
  });

  app.post('/api/messages/:receiverId', {
    onRequest: requireSession,
    schema: {
      tags,
      consumes: ['multipart/form-data'],
      params: receiverIdParam,
      response: { 200: sendMessageResponse, ...errors(400, 401, 403, 404, 413, 415, 422, 429, 507) },
    },
    handler: async (request) => ({
      message: await service.sendMessage(
        ctx,
        app.realtime,
        currentAuth(request),
        request.params.receiverId,
        request,
      ),
    }),
  });

  app.get('/api/search-users', {
    onRequest: requireAdmin,
    schema: {
      tags,
      querystring: searchUsersQuery,
      response: { 200: searchUsersResponse, ...errors(401, 403, 422) },
    },
    handler: async (request) => ({ users: await service.searchUsers(ctx, request.query.query) }),
  });

  app.get('/api/chat/attachments/:id', {
    onRequest: requireSession,
    schema: { tags, params: attachmentIdParam, response: { ...errors(401, 403, 404) } },
    handler: async (request, reply) =>
      sendPrivateFile(
        reply,
        await service.attachmentForDownload(ctx, currentAuth(request), request.params.id),
      ),
  });
}
