import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { CUSTOMER_LABELS } from '@shop/contracts';
import { expect, test as journey, uniqueEmail } from './support/fixtures';

interface Refusal {
  status: number;
  path: string;
}

/**
 * The journeys fail on any console error, and Chromium logs every 4xx answer as one. The refusals a journey
 * provokes on purpose (a form with a wrong value, a login with an old password) are declared with `refusals`,
 * and exactly those, no others, are let through.
 */
const test = journey.extend<{ refusals: Refusal[] }>({
  // eslint-disable-next-line no-empty-pattern
  refusals: async ({}, use) => {
    await use([]);
  },
  // Replaces the shared fixture of the same name (and stays automatic, as overrides keep the original's options).
  consoleErrors: async ({ page, refusals }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const url = message.location().url;
      const status = Number(/status of (\d{3})/.exec(message.text())?.[1]);
      const path = url ? new URL(url).pathname : '';
      if (refusals.some((r) => r.status === status && r.path === path)) return;
      errors.push(`${message.text()} at ${url}`);
    });
    page.on('pageerror', (error) => errors.push(`Uncaught: ${error.message}`));
    await use(errors);
    expect(errors, 'console errors during the journey').toEqual([]);
  },
});

const PASSWORD = 'Walnut-Desk-Panel-42';
/** A tiny real PNG and a GIF: the profile photo takes any image type. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** The database of the server under test: DATABASE_URL's copy, or the embedded server in the data folder. */
async function databaseUrl(): Promise<string> {
  if (process.env.E2E_DATABASE_URL) return process.env.E2E_DATABASE_URL;
  const dataDir = process.env.E2E_DATA_DIR!;
  const password = (await readFile(path.join(dataDir, 'postgres', '.password'), 'utf8')).trim();
  const port = process.env.E2E_EMBEDDED_PG_PORT ?? '54410';
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/shop`;
}

/**
 * An account of this journey's own, written as `npm run admin:create` writes one (argon2id, OWASP parameters).
 * Registration is rate limited per address and every journey shares 127.0.0.1; admins have no public sign-up.
 */
async function createAccount(
  email: string,
  password: string,
  role: 'user' | 'admin',
  name = 'Journey Account',
) {
  const client = new pg.Client({ connectionString: await databaseUrl() });
  await client.connect();
  try {
    const passwordHash = await hash(password, {
      algorithm: 2,
      memoryCost: 19456,
      timeCost: 2,
      parallelism: 1,
    });
    await client.query('insert into users (name, email, password_hash, role) values ($1, $2, $3, $4)', [
      name,
      email,
      passwordHash,
      role,
    ]);
  } finally {
    await client.end();
  }
}

/**
 * A signed-in customer: the session token of an API login, stored where the web app keeps it. (The login form
 * itself is the foundation's journey; its full reload to / is not needed here.)
 */
async function registerAndLogIn(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await createAccount(email, PASSWORD, 'user');
  const res = await page.request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
  return { email, token };
}

test('a customer changes their profile photo and phone; the e-mail stays read-only', async ({
  page,
  refusals,
}) => {
  refusals.push({ status: 422, path: '/api/profile/update' });
  const { email } = await registerAndLogIn(page, 'profile');
  await page.goto('/user/profile-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Profile Settings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Change Password' })).toBeVisible();

  const emailField = page.getByLabel('E-mail');
  await expect(emailField).toHaveValue(email);
  await expect(emailField).toBeDisabled();

  await page.getByLabel('Name').fill('Robin Planner');
  await page.getByLabel('Phone').fill('+1 (555) 010-7788');
  await page.getByLabel('Photo').setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: GIF });
  await expect(page.getByRole('img', { name: 'New profile photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Profile photo', exact: true })).toHaveAttribute(
    'src',
    /^\/media\/avatars\/[a-f0-9]{24}\/320\.webp$/,
  );

  // Saved on the server: a reload shows the same.
  await page.reload();
  await expect(page.getByLabel('Phone')).toHaveValue('+1 (555) 010-7788');
  await expect(page.getByLabel('Name')).toHaveValue('Robin Planner');
  const photo = page.getByRole('img', { name: 'Profile photo', exact: true });
  await expect(photo).toHaveAttribute('src', /^\/media\/avatars\//);
  expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // A second photo replaces the first; a missing phone is refused under its field.
  await page.getByLabel('Photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('Phone').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Failed to update profile. Please try again.')).toBeVisible();
  await expect(page.getByText('The phone field is required.')).toBeVisible();
});

test('a customer changes their password and signs in with the new one', async ({ page, refusals }) => {
  refusals.push({ status: 422, path: '/api/profile/password' });
  const { email } = await registerAndLogIn(page, 'password');
  await page.goto('/user/profile-settings');
  await page.getByRole('tab', { name: 'Change Password' }).click();
  await page.getByRole('textbox', { name: 'Current password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Fresh-Walnut-Desk-77');
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('Fresh-Walnut-Desk-99');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Failed to update password. Please try again.')).toBeVisible();
  await expect(page.getByText('The password confirmation does not match.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('Fresh-Walnut-Desk-77');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveValue('');

  // Only the new password opens the account now.
  const withOld = await page.request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(withOld.status()).toBe(401);
  const withNew = await page.request.post('/api/login', {
    data: { email, password: 'Fresh-Walnut-Desk-77' },
  });
  expect(withNew.status()).toBe(200);
});

test("a customer's dashboard leads to their liked products, listed with links to them", async ({ page }) => {
  const { token } = await registerAndLogIn(page, 'liked');
  await page.goto('/user/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  const main = page.getByRole('main');
  for (const card of Object.values(CUSTOMER_LABELS.dashboardCards)) {
    await expect(main.getByRole('link', { name: new RegExp(`^${card}`) })).toBeVisible();
  }

  await page.goto('/user/designs-liked');
  await expect(page.getByText('You have not liked any products yet.')).toBeVisible();

  const catalogue = (await (await page.request.get('/api/v1/frontend/products?per_page=2')).json()) as {
    data: { id: number; name: string; slug: string }[];
  };
  const [first, second] = catalogue.data;
  for (const product of [first!, second!]) {
    const liked = await page.request.post('/api/favorites/toggle', {
      data: { type: 'product', id: product.id },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(liked.status()).toBe(200);
  }
  await page.reload();
  await expect(page.getByRole('link', { name: first!.name, exact: true })).toHaveAttribute(
    'href',
    `/product/${first!.slug}`,
  );
  await expect(page.getByRole('link', { name: second!.name, exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Remove ${second!.name} from favourites` }).click();
  await expect(page.getByText('Item removed from wishlist.')).toBeVisible();
  await expect(page.getByRole('link', { name: second!.name, exact: true })).toHaveCount(0);

  await page.getByRole('link', { name: first!.name, exact: true }).click();
  await expect(page).toHaveURL(`/product/${first!.slug}`);
});

test('the profile settings work on a 390 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerAndLogIn(page, 'mobile');
  await page.goto('/user/profile-settings');
  await page.getByLabel('Phone').fill('555 0199');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully.')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
