import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParam,
  notificationReadResponse,
  notificationsResponse,
  pageQuery,
  realtimeChannels as channels,
} from '@shop/contracts';
import { currentAuth, requireAdmin, requireCustomer } from '../../platform/auth/guard';
import { errors, type ModuleOptions } from '../../platform/http';
import type { AppNotification } from '@shop/contracts';
import * as service from './service';

/**
 * Notifications of the customer area (`/api/notifications`) and of the back-office (`/api/admin/notifications`):
 * the same rules, each behind its area's guard. New notifications are pushed over realtime when created.
 */
export async function notificationRoutes(base: FastifyInstance, { ctx }: ModuleOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  for (const area of [
    { prefix: '/api/notifications', guard: requireCustomer, tags: ['notifications'] },
    { prefix: '/api/admin/notifications', guard: requireAdmin, tags: ['admin'] },
  ]) {
    const userId = (request: FastifyRequest) => currentAuth(request).user.id;

    app.get(area.prefix, {
      onRequest: area.guard,
      schema: {
        tags: area.tags,
        querystring: pageQuery,
        response: { 200: notificationsResponse, ...errors(401, 403, 422) },
      },
      handler: async (request) =>
        service.listNotifications(ctx, userId(request), request.query.page, request.query.per_page),
    });

    app.post(`${area.prefix}/mark-all-read`, {
      onRequest: area.guard,
      schema: { tags: area.tags, response: { 200: notificationReadResponse, ...errors(401, 403) } },
      handler: async (request) => ({
        message: 'All notifications marked as read.',
        unread_count: await service.markAllNotificationsRead(ctx, userId(request)),
      }),
    });

    app.post(`${area.prefix}/:id/read`, {
      onRequest: area.guard,
      schema: {
        tags: area.tags,
        params: idParam,
        response: { 200: notificationReadResponse, ...errors(401, 403, 404) },
      },
      handler: async (request) => ({
        message: 'Notification marked as read.',
        unread_count: await service.markNotificationRead(ctx, userId(request), request.params.id),
      }),
    });
  }

  // Push: each recipient's socket sits in exactly one of the two channels (by role), so emitting to both is exact.
  const push = (recipientId: number, notification: AppNotification, unreadCount: number) => {
    app.realtime.emit(
      [channels.userNotifications(recipientId), channels.adminNotifications(recipientId)],
      'notification',
      { notification, unread_count: unreadCount },
    );
  };
  ctx.hub.on('notificationCreated', push);
  app.addHook('onClose', async () => {
    ctx.hub.off('notificationCreated', push);
  });
}
