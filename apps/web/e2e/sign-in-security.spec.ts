import { SERVER_MESSAGES } from '@shop/contracts';
import { expect, logInAsCustomer, submitLogin, test, uniqueEmail } from './support/fixtures';

const PASSWORD = 'Walnut-Desk-Panel-42';

test('signing in without Remember me keeps the token in this tab only, not in localStorage', async ({
  page,
}) => {
  const email = uniqueEmail('no-remember');
  const res = await page.request.post('/api/register', {
    data: { email, password: PASSWORD, password_confirmation: PASSWORD, terms: true },
  });
  expect(res.status()).toBe(201);

  await logInAsCustomer(page, email, PASSWORD);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('auth_token'))).toBeTruthy();
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);

  // The tab's session outlives a reload and opens the customer area.
  await page.reload();
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL('/user/dashboard');

  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();

  // Signing out clears it.
  await page.goto('/');
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => sessionStorage.getItem('auth_token'))).toBeNull();
});

test('the sign-in screens say how long to wait after too many attempts', async ({ page, refusals }) => {
  const email = uniqueEmail('throttled');
  const res = await page.request.post('/api/register', {
    data: { email, password: PASSWORD, password_confirmation: PASSWORD, terms: true },
  });
  expect(res.status()).toBe(201);
  // Ten wrong passwords from this browser's address use up the attempts of this account from here.
  for (let i = 0; i < 10; i++) {
    const wrong = await page.request.post('/api/login', { data: { email, password: `Wrong-Guess-${i}` } });
    expect(wrong.status()).toBe(401);
  }
  refusals.push({ status: 429, path: '/api/login' }, { status: 429, path: '/api/admin/login' });
  const waitText = SERVER_MESSAGES.tooManyAttempts(15);

  await page.goto('/login');
  await submitLogin(page, email, PASSWORD);
  await expect(page.getByText(waitText)).toBeVisible();
  await expect(page).toHaveURL('/login');

  await page.goto('/admin/login');
  await submitLogin(page, email, PASSWORD);
  await expect(page.getByText(waitText)).toBeVisible();
  await expect(page).toHaveURL('/admin/login');
});
