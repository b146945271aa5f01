import { z } from 'zod';

/**
 * The admin dashboard figures. Growth figures compare what was created in the last 30 days with the 30 days
 * before, in percent, rounded to one decimal (see growthPercent on the server).
 */
export const dashboardStatsResponse = z.object({
  totalUsers: z.number().int(),
  userGrowth: z.number(),
  activeDesigns: z.number().int(),
  designGrowth: z.number(),
  pendingApprovals: z.number().int(),
  inventoryItems: z.number().int(),
  inventoryGrowth: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStatsResponse>;
