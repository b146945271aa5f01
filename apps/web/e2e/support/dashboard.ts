import type { Locator, Page } from '@playwright/test';

/** The back-office dashboard's figures: the spec's four, and the proposals sent and accepted this month. */
export const DASHBOARD_FIGURES = 6;

/** Each figure the dashboard shows, once its stats have arrived (a number alone, thousands with commas). */
export function dashboardFigures(page: Page): Locator {
  return page.getByText(/^\d[\d,]*$/);
}
