import { CUSTOMER_MESSAGES, SERVER_MESSAGES } from '@shop/contracts';
import { expect, logInAsCustomer, test, uniqueEmail } from './support/fixtures';
import { readResetLink } from './support/mail';

const PASSWORD = 'Walnut-Desk-Panel-42';

test('a visitor registers, logs out and logs back in with remember me', async ({ page, refusals }) => {
  refusals.push({ status: 422, path: '/api/register' });
  const email = uniqueEmail('register');
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  const confirmation = page.getByRole('textbox', { name: 'Confirm password', exact: true });
  await confirmation.fill(`${PASSWORD}-typo`);
  await page.getByRole('checkbox', { name: /I agree to the Terms & Conditions/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  // The mismatch is said under the field, and goes as soon as the two fields match.
  const mismatch = 'The password confirmation does not match.';
  await expect(confirmation).toHaveAccessibleDescription(mismatch);
  await expect(confirmation).toHaveAttribute('aria-invalid', 'true');
  await confirmation.fill(PASSWORD);
  await expect(confirmation).not.toHaveAccessibleDescription(mismatch);
  await expect(page.locator('[id$="-error"]').filter({ hasText: mismatch })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByText(SERVER_MESSAGES.registered)).toBeVisible();
  const accountMenu = page.getByRole('button', { name: /^Account menu for/ });
  await expect(accountMenu).toBeVisible();

  await accountMenu.click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Dashboard',
    'My Favorites',
    'Design Status',
    'Submit New Design',
    'Profile Settings',
    'Log Out',
  ]);
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByText(CUSTOMER_MESSAGES.loggedOut)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

  await logInAsCustomer(page, email, PASSWORD, true);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();

  // The session outlives a reload and opens the customer area.
  await page.reload();
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL('/user/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  for (const card of ['Submit New Design', 'Liked Products', 'Design Status']) {
    await expect(page.getByRole('main').getByRole('link', { name: new RegExp(`^${card}`) })).toBeVisible();
  }
});

test('a customer resets a forgotten password and logs in with the new one', async ({ page, refusals }) => {
  const email = uniqueEmail('reset');
  const registered = await page.request.post('/api/register', {
    data: { email, password: PASSWORD, password_confirmation: PASSWORD, terms: true },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  // The URL changes before this page replaces the login page, whose Email field would take the address.
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status').filter({ hasText: SERVER_MESSAGES.resetLinkSent })).toBeVisible();

  const link = await readResetLink(email);
  await page.goto(link);
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  const newPassword = 'Oak-Pedestal-Drawer-77';
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Update Password' }).click();
  // The strength check's dictionaries (about 780 kB gzip) and the server's argon2 come first: on a loaded CI
  // machine that took longer than the usual wait.
  await expect(page).toHaveURL('/login', { timeout: 30_000 });
  await expect(page.getByText(SERVER_MESSAGES.passwordReset)).toBeVisible();

  // The link is spent: opened again, it says so at once and leads to a new one.
  refusals.push({ status: 422, path: '/api/reset-password/check' });
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(SERVER_MESSAGES.resetTokenInvalid);
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();

  await logInAsCustomer(page, email, newPassword);
});

test('a reset link without its token sends the visitor to forgot-password', async ({ page }) => {
  await page.goto('/reset-password?email=someone%40example.com');
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByText(CUSTOMER_MESSAGES.resetLinkInvalid)).toBeVisible();
});
