import type { DashboardStats } from '@shop/contracts';
import type { AppContext } from '../../context';
import { inventoryFigures } from '../products-admin/service';
import { designFigures } from '../designs/design-stats';
import { dealFigures } from '../proposals/stats';
import { customerFigures } from '../users/service';

/**
 * Growth of what was created in the last 30 days against the 30 days before, in percent, one decimal.
 * With nothing before there is no ratio: 100 when something is new, 0 when both windows are empty.
 */
export function growthPercent(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/**
 * The admin dashboard. Users are customer accounts (admins are not counted), active or not. "Total Designs"
 * (activeDesigns) counts every submission whatever its status, as the card's title says; pendingApprovals those
 * still pending. Inventory counts active products, the ones the storefront shows.
 */
export async function dashboardStats(ctx: AppContext, now = new Date()): Promise<DashboardStats> {
  const [customers, designs, inventory, deals] = await Promise.all([
    customerFigures(ctx, now),
    designFigures(ctx.database.db, now),
    inventoryFigures(ctx, now),
    dealFigures(ctx, now),
  ]);
  return {
    totalUsers: customers.total,
    userGrowth: growthPercent(customers.last30, customers.prev30),
    activeDesigns: designs.total,
    designGrowth: growthPercent(designs.createdInLast30Days, designs.createdInThe30DaysBefore),
    pendingApprovals: designs.pending,
    inventoryItems: inventory.total,
    inventoryGrowth: growthPercent(inventory.last30, inventory.prev30),
    proposalsSentThisMonth: deals.sent,
    proposalsAcceptedThisMonth: deals.accepted,
    acceptedValueThisMonth: deals.value,
    currency: ctx.config.currency,
    // Money compared in cents, so the percent is of exact amounts.
    acceptedValueGrowth: growthPercent(
      Math.round(Number(deals.value) * 100),
      Math.round(Number(deals.previous) * 100),
    ),
    upcomingInstallations: deals.upcoming,
  };
}
