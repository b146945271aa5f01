import { queryOptions } from '@tanstack/react-query';
import type { DashboardStats } from '@shop/contracts';
import { api, OWN_ERRORS } from '../../../lib/api-client';

export const dashboardStatsQuery = queryOptions({
  queryKey: ['admin', 'dashboard-stats'],
  // The page shows its own 'Failed to fetch dashboard stats.'; an expired session keeps the global handling.
  queryFn: ({ signal }) => api.get<DashboardStats>('/api/admin/dashboard-stats', { signal, ...OWN_ERRORS }),
  // The figures follow what every other back-office screen changes (a design reviewed, a product added, a user
  // deactivated, a proposal sent): read again each time the dashboard opens, the last ones shown meanwhile.
  staleTime: 0,
});
