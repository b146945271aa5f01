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
  /** Proposals sent this calendar month (first sending of each version), and accepted this month. */
  proposalsSentThisMonth: z.number().int().optional(),
  proposalsAcceptedThisMonth: z.number().int().optional(),
  /** Total value of the proposals accepted this month (decimal string), growth against last month in percent. */
  acceptedValueThisMonth: z.string().optional(),
  /** The ISO 4217 currency of the proposals' values (CURRENCY). */
  currency: z.string().optional(),
  acceptedValueGrowth: z.number().optional(),
  /** The next confirmed installations and site visits. */
  upcomingInstallations: z
    .array(
      z.object({
        id: z.number().int(),
        kind: z.string(),
        name: z.string(),
        slot_start: z.string(),
        slot_end: z.string().nullable().optional(),
        proposal_id: z.number().int().nullable(),
      }),
    )
    .optional(),
});
export type DashboardStats = z.infer<typeof dashboardStatsResponse>;
