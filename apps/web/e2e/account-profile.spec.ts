import type { Page } from '@playwright/test';
import { CUSTOMER_LABELS } from '@shop/contracts';
import { JOURNEY_PASSWORD, createAccount, signIn } from './support/accounts';
import { expect, test, uniqueEmail } from './support/fixtures';
import { PNG_1PX } from './support/images';

/** A tiny real GIF besides the PNG: the profile photo takes any image type. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/**
 * A signed-in customer: the session token of an API login, stored where the web app keeps it. (The login form
 * itself is the foundation's journey; its full reload to / is not needed here.)
 */
async function registerAndLogIn(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await createAccount({ email, role: 'user' });
  const token = await signIn(page, 'customer', email);
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
  await page
    .getByLabel('Photo', { exact: true })
    .setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: GIF });
  await expect(page.getByRole('img', { name: 'New profile photo' })).toBeVisible();
  await expect(page.getByText('Selected: me.gif')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Profile photo', exact: true })).toHaveAttribute(
    'src',
    /^\/media\/avatars\/[a-f0-9]{24}\/320\.webp$/,
  );
  // The picker lets go of the saved file: it no longer shows it.
  await expect(page.getByLabel('Photo', { exact: true })).toHaveValue('');
  await expect(page.getByText('Selected: me.gif')).toHaveCount(0);

  // Saved on the server: a reload shows the same.
  await page.reload();
  await expect(page.getByLabel('Phone')).toHaveValue('+1 (555) 010-7788');
  await expect(page.getByLabel('Name')).toHaveValue('Robin Planner');
  const photo = page.getByRole('img', { name: 'Profile photo', exact: true });
  await expect(photo).toHaveAttribute('src', /^\/media\/avatars\//);
  expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // A second photo with a missing phone is refused under its field, and changes nothing: not the photo either.
  const savedPhoto = await photo.getAttribute('src');
  await page
    .getByLabel('Photo', { exact: true })
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1PX });
  await page.getByLabel('Phone').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  // Refused in the browser, nothing is sent: the reason under the field, and no failure toast.
  await expect(page.getByText('The phone field is required.')).toBeVisible();
  await expect(page.getByText('Failed to update profile. Please try again.')).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Phone')).toHaveValue('+1 (555) 010-7788');
  await expect(photo).toHaveAttribute('src', savedPhoto!);
});

test('a customer changes their password and signs in with the new one', async ({ page, refusals }) => {
  refusals.push({ status: 422, path: '/api/profile/password' });
  const { email } = await registerAndLogIn(page, 'password');
  await page.goto('/user/profile-settings');
  await page.getByRole('tab', { name: 'Change Password' }).click();
  await page.getByRole('textbox', { name: 'Current password', exact: true }).fill(JOURNEY_PASSWORD);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Fresh-Walnut-Desk-77');
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('Fresh-Walnut-Desk-99');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('The password confirmation does not match.')).toBeVisible();
  await expect(page.getByText('Failed to update password. Please try again.')).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('Fresh-Walnut-Desk-77');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveValue('');

  // Only the new password opens the account now.
  const withOld = await page.request.post('/api/login', { data: { email, password: JOURNEY_PASSWORD } });
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

  // Two seeded products no journey changes (the newest of the catalogue may be another journey's, deactivated or
  // deleted in parallel).
  const [first, second] = await Promise.all(
    ['ergonomic-mesh-task-chair', 'compact-writing-desk-48-in'].map(async (slug) => {
      const res = await page.request.get(`/api/v1/frontend/products/${slug}`);
      expect(res.status()).toBe(200);
      return ((await res.json()) as { product: { id: number; name: string; slug: string } }).product;
    }),
  );
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
