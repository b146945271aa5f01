import { ADMIN_LABELS, ADMIN_MESSAGES, CUSTOMER_MESSAGES, PAGE_HEADINGS } from '@shop/contracts';
import { DASHBOARD_FIGURES, dashboardFigures } from './support/dashboard';
import { expect, logInAsCustomer, submitLogin, test } from './support/fixtures';

// Seeded by the server when SEED_DEMO=1 (decisions.md D11).
const DEMO_ADMIN = { email: 'admin@example.com', password: 'demo-admin-2026' };
const DEMO_CUSTOMER = { email: 'customer@example.com', password: 'demo-customer-2026' };

test('an admin signs in, reaches the dashboard and signs out', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: ADMIN_LABELS.loginHeading })).toBeVisible();
  await expect(page.getByText(ADMIN_LABELS.loginSubtitle)).toBeVisible();
  await expect(page.getByText(ADMIN_MESSAGES.unauthorizedFooter)).toBeVisible();

  await submitLogin(page, DEMO_ADMIN.email, DEMO_ADMIN.password, ADMIN_LABELS.rememberMe);

  await expect(page).toHaveURL('/admin/dashboard');
  await expect(page.getByText(ADMIN_MESSAGES.loginSuccess)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  for (const card of Object.values(ADMIN_LABELS.dashboardCards)) {
    await expect(page.getByRole('heading', { name: card })).toBeVisible();
  }
  await expect(page.getByText(ADMIN_MESSAGES.awaitingReview)).toBeVisible();

  // The figures loaded, and no 'Error!' dialog.
  await expect(dashboardFigures(page)).toHaveCount(DASHBOARD_FIGURES);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await page.getByRole('button', { name: /^Admin menu for/ }).click();
  await page.getByRole('menuitem', { name: ADMIN_LABELS.signOut }).click();
  await expect(page).toHaveURL('/admin/login');
  expect(await page.evaluate(() => localStorage.getItem('admin_auth_token'))).toBeNull();
});

test('a customer visiting the back-office is sent to the admin login, which comes back to the page', async ({
  page,
}) => {
  await logInAsCustomer(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL('/admin/login?next=%2Fadmin%2Fdashboard');
  await expect(page.getByRole('heading', { name: ADMIN_LABELS.loginHeading })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('admin_auth_token'))).toBeNull();
});

test('a guest is sent to the login of the customer area and of the back-office, and comes back after it', async ({
  page,
}) => {
  await page.goto('/user/dashboard');
  await expect(page).toHaveURL('/login?next=%2Fuser%2Fdashboard');
  await page.goto('/admin/users?search=chris');
  await expect(page).toHaveURL('/admin/login?next=%2Fadmin%2Fusers%3Fsearch%3Dchris');
  await expect(page.getByText(CUSTOMER_MESSAGES.sessionExpired)).toHaveCount(0);

  await submitLogin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL('/admin/users?search=chris');
  await expect(page.getByRole('heading', { level: 1, name: PAGE_HEADINGS.userManagement })).toBeVisible();
});
