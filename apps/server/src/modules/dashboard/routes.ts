import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardStatsResponse } from '@shop/contracts';
import { requireAdmin } from '../../platform/auth/guard';
import { errors, type ModuleOptions } from '../../platform/http';
import { dashboardStats } from './service';

export async function dashboardRoutes(base: FastifyInstance, { ctx }: ModuleOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/admin/dashboard-stats', {
    onRequest: requireAdmin,
    schema: { tags: ['admin dashboard'], response: { 200: dashboardStatsResponse, ...errors(401, 403) } },
    handler: async () => dashboardStats(ctx),
  });
}
