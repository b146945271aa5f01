import type { Page } from '@playwright/test';
import { CHAT, CUSTOMER_MESSAGES, PAGE_TITLES, pageTitle } from '@shop/contracts';
import { createAccount, signIn } from './support/accounts';
import { expect, test, uniqueEmail } from './support/fixtures';

/**
 * A back-office page's title. The chat is a shared inbox: while a customer's message (of another journey) is
 * unread, '(N) My Chat App' stands in for every admin page's title (specs, Chat), so either is the page's.
 */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const adminTitle = (title: string) =>
  new RegExp(`^(${escaped(pageTitle(title))}|\\(\\d+\\) ${escaped(CHAT.windowTitle)})$`);

const canonical = (page: Page) => page.locator('link[rel="canonical"]').getAttribute('href');

test('every page has a title of its own with the shop’s name, and the canonical link follows navigation', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' && /Matched leaf route/.test(m.text())) warnings.push(m.text());
  });

  for (const [path, title] of [
    ['/login', PAGE_TITLES.login],
    ['/register', PAGE_TITLES.register],
    ['/forgot-password', PAGE_TITLES.forgotPassword],
    ['/admin/login', PAGE_TITLES.adminLogin],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(pageTitle(title));
  }

  // A product page: its name and the shop's; the canonical link changes with client-side navigation.
  await page.goto('/products?search=ergonomic%20mesh%20task%20chair');
  await expect(page).toHaveTitle(/^Inventory .*\| Cubicle Depot$/);
  await page.getByRole('link', { name: 'Ergonomic Mesh Task Chair' }).first().click();
  await expect(page).toHaveTitle('Ergonomic Mesh Task Chair | Cubicle Depot');
  await expect.poll(() => canonical(page)).toMatch(/\/product\/ergonomic-mesh-task-chair$/);

  const customer = uniqueEmail('titles');
  await createAccount({ email: customer, role: 'user', name: 'Title Reader' });
  await signIn(page, 'customer', customer, '/user');
  await expect(page).toHaveURL('/user/dashboard');
  await expect(page).toHaveTitle(pageTitle(PAGE_TITLES.userDashboard));
  await page.goto('/user/design-status');
  await expect(page).toHaveTitle('Design Status | Cubicle Depot');
  await expect.poll(() => canonical(page)).toMatch(/\/user\/design-status$/);
  await page.goto('/user/profile-settings');
  await expect(page).toHaveTitle(pageTitle(PAGE_TITLES.profileSettings));

  const admin = uniqueEmail('titles-admin');
  await createAccount({ email: admin, role: 'admin', name: 'Title Admin' });
  await signIn(page, 'admin', admin, '/admin');
  await expect(page).toHaveURL('/admin/dashboard');
  await expect(page).toHaveTitle(adminTitle(PAGE_TITLES.adminDashboard));
  for (const [path, title] of [
    ['/admin/users', PAGE_TITLES.adminUsers],
    ['/admin/designs', PAGE_TITLES.adminDesigns],
    ['/admin/products', PAGE_TITLES.adminProducts],
    ['/admin/notifications', PAGE_TITLES.adminNotifications],
    ['/admin/settings', PAGE_TITLES.adminSettings],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(adminTitle(title));
  }
  expect(warnings).toEqual([]);
});

test('on a phone, an unknown product answers 404 with its not-found view; unknown paths go home from the server', async ({
  page,
  refusals,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  refusals.push({ status: 404, path: '/product/no-such-desk-anywhere' });
  // The server's 404 is the answer: the browser does not ask the API again for what it was told is not there.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/frontend/products/')) asked.push(request.url());
  });
  const res = await page.goto('/product/no-such-desk-anywhere');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(CUSTOMER_MESSAGES.productNotFoundTitle);
  await expect(page.getByText(CUSTOMER_MESSAGES.productNotFound)).toBeVisible();
  await expect(page).toHaveTitle(pageTitle(CUSTOMER_MESSAGES.productNotFoundTitle));
  await page.getByRole('link', { name: 'Browse Inventory' }).click();
  await expect(page).toHaveURL('/products');
  // The inventory has drawn its products: anything the not-found view was going to ask has been asked by now.
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(asked).toEqual([]);

  for (const path of ['/no/such/page', '/products/extra', '/user/nowhere']) {
    const answer = await page.request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(302);
    expect(answer.headers()['location'], path).toBe('/');
  }
  for (const path of ['/user', '/admin', '/login', '/admin/login', '/products', '/']) {
    const answer = await page.request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(200);
  }
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/');
});
