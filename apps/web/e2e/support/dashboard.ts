import type { Locator, Page } from '@playwright/test';

/** The back-office dashboard's figures: the spec's four, and the proposals sent and accepted this month. */
export const DASHBOARD_FIGURES = 6;

/**
 * Each figure the dashboard shows, once its stats have arrived (a number alone, thousands with commas): in the
 * page's main region, not the top bar, whose badges (the bell's unread count) are numbers alone too.
 */
export function dashboardFigures(page: Page): Locator {
  return page.getByRole('main').getByText(/^\d[\d,]*$/);
}
