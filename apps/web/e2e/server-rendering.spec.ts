import { CUSTOMER_MESSAGES } from '@shop/contracts';
import { createAccount, signIn } from './support/accounts';
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './support/fixtures';

const PRODUCT = '/product/ergonomic-mesh-task-chair';

/** Holds the browser's requests for `pattern` back until the function it answers with is called. */
async function holdBack(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Opens `path` with the page's own chunk held back: the server's markup is there and the app's entry has run
 * (DOMContentLoaded comes after the module scripts), but React has not attached yet. Answers the release.
 */
async function openBeforeItAnswers(page: Page, path: string, chunk: string): Promise<() => void> {
  const release = await holdBack(page, `**/assets/${chunk}-*.js`);
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForLoadState('domcontentloaded');
  return release;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the public pages arrive rendered: text, products and prices', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Workspaces planned around your team, delivered and installed.',
    );
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

    await page.goto('/products');
    await expect(page.getByTestId('product-card')).toHaveCount(9);
    await expect(page.getByRole('group', { name: 'Categories' }).getByRole('button')).not.toHaveCount(1);

    await page.goto(PRODUCT);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ergonomic Mesh Task Chair');
    await expect(page.getByTestId('product-price')).toHaveText(/^\$\d/);
    await expect(page.getByTestId('related-products').getByTestId('product-card')).not.toHaveCount(0);
  });

  test('the customer area and the sign-in screens are left to the browser', async ({ page }) => {
    for (const path of ['/login', '/user/dashboard']) {
      await page.goto(path);
      await expect(page.locator('#root')).toBeEmpty();
    }
  });
});

test('the page hydrates in place: the server’s elements stay and start to answer', async ({ page }) => {
  // Hold the app's code back until the server's markup has been looked at.
  const release = await holdBack(page, '**/assets/*.js');
  const listRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/frontend/products')) listRequests.push(request.url());
  });
  await page.goto('/products', { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Office furniture in stock');
  await expect(page.getByTestId('product-card')).toHaveCount(9);
  await page.evaluate(() => {
    (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('h1');
  });

  release();
  // The wishlist button answers a guest once React has attached to the markup.
  await expect(async () => {
    await page.getByTestId('product-card').first().getByTestId('wishlist-button').click();
    await expect(page.getByText(CUSTOMER_MESSAGES.wishlistLogin)).toBeVisible({ timeout: 1000 });
  }).toPass();
  expect(
    await page.evaluate(
      () =>
        (window as unknown as { serverHeading: Element | null }).serverHeading ===
        document.querySelector('h1'),
    ),
  ).toBe(true);
  // The browser started from the server's data: it did not ask for the list again.
  await expect(page.getByTestId('product-card')).toHaveCount(9);
  expect(listRequests).toEqual([]);
});

test('a tap on a button before the page answers is answered once it does', async ({ page }) => {
  const release = await openBeforeItAnswers(page, '/how-it-works', 'how-it-works-page');
  await page.getByRole('button', { name: 'Play video' }).click();
  await expect(page.locator('html[data-app-ready]')).toHaveCount(0);

  release();
  await expect(page.getByRole('dialog', { name: 'How It Works: the four steps' })).toBeVisible();
});

test('a search typed before the page answers is kept and searched once it does', async ({ page }) => {
  const release = await openBeforeItAnswers(page, '/products', 'products-page');
  const search = page.getByRole('searchbox', { name: 'Search products' });
  await search.fill('desk');
  await expect(page.locator('html[data-app-ready]')).toHaveCount(0);

  release();
  await expect(page).toHaveURL(/search=desk/);
  await expect(search).toHaveValue('desk');
});

test('a signed-in customer gets the guest’s page first, then their header and wishlist', async ({ page }) => {
  const email = uniqueEmail('hydrate');
  await createAccount({ email, role: 'user', name: 'Hydra Lee' });
  const token = await signIn(page, 'customer', email);
  const detail = await page.request.get(`/api/v1/frontend/products/${PRODUCT.split('/').pop()}`);
  const { product } = (await detail.json()) as { product: { id: number } };
  const toggled = await page.request.post('/api/favorites/toggle', {
    data: { type: 'product', id: product.id },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(toggled.status()).toBe(200);

  const html = await (await page.request.get(PRODUCT)).text();
  expect(html).toContain('aria-pressed="false"');
  expect(html).not.toContain('Hydra Lee');

  await page.goto(PRODUCT);
  await expect(page.getByRole('button', { name: 'Account menu for Hydra Lee' })).toBeVisible();
  await expect(page.getByTestId('wishlist-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('wishlist-button')).toHaveText('In your wishlist');
});
