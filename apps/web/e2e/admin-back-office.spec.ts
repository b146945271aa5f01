import type { Page } from '@playwright/test';
import { ADMIN_LABELS, ADMIN_MESSAGES, CUSTOMER_MESSAGES, PRODUCT_SERVER_MESSAGES } from '@shop/contracts';
import { createAccount } from './support/accounts';
import { DASHBOARD_FIGURES, dashboardFigures } from './support/dashboard';
import { expect, logInAsAdmin, submitLogin, test, uniqueEmail } from './support/fixtures';
import { PNG_1PX } from './support/images';

// Seeded by the server when SEED_DEMO=1 (decisions.md D11).
const DEMO_ADMIN = { email: 'admin@example.com', password: 'demo-admin-2026' };

const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG_1PX });

async function closeDialog(page: Page, title: string, message?: string) {
  const dialog = page.getByRole('alertdialog', { name: title });
  await expect(dialog).toBeVisible();
  if (message) await expect(dialog).toContainText(message);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Follows the list's Add Product link to the form. The URL changes before the form replaces the list, whose search
 * boxes are labelled "Search products by name" and "... by SKU": a field found by its label before the form's
 * heading shows would be the list's.
 */
async function openAddProduct(page: Page) {
  await page.getByRole('link', { name: 'Add Product' }).click();
  await expect(page).toHaveURL('/admin/products/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Product' })).toBeVisible();
}

/** A PNG's first bytes followed by padding up to `size` bytes. */
const bigPng = (name: string, size: number) => {
  const buffer = Buffer.alloc(size);
  PNG_1PX.copy(buffer);
  return { name, mimeType: 'image/png', buffer };
};

test('a refused product photo blocks Create Product until it is replaced', async ({ page }) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const name = `Refused Photo Desk ${tag}`;
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/admin/products')
      posts.push(request.url());
  });
  await logInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/admin/products/create');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('SKU').fill(`RFP-${tag}`);
  await page.getByLabel('Price').fill('310.00');
  await page.getByLabel('Stock quantity').fill('2');

  const photo = page.getByLabel(/Choose a photo/);
  // Ten megabytes through the browser's protocol: longer than the usual wait on a loaded CI machine.
  await photo.setInputFiles(bigPng('big.png', 10 * 1024 * 1024 + 1), { timeout: 60_000 });
  await expect(page.getByText('big.png is larger than 10 MB.')).toBeVisible();
  await expect(photo).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Create Product' }).click();
  // The form refuses before sending: the validation message is the barrier, and no request left.
  await closeDialog(page, ADMIN_MESSAGES.validationTitle, ADMIN_MESSAGES.fixErrors);
  await expect(page).toHaveURL('/admin/products/create');
  expect(posts).toEqual([]);

  // A text file renamed .png is refused by its bytes, and blocks saving too.
  await photo.setInputFiles({
    name: 'renamed.png',
    mimeType: 'image/png',
    buffer: Buffer.from('just some text'),
  });
  await expect(page.getByText('renamed.png is not a PNG, JPG or WEBP image.')).toBeVisible();
  await expect(page.getByText('big.png is larger than 10 MB.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Product' }).click();
  await closeDialog(page, ADMIN_MESSAGES.validationTitle, ADMIN_MESSAGES.fixErrors);
  expect(posts).toEqual([]);

  // Replaced by a real image: saved, with the photo.
  await photo.setInputFiles(png('main.png'));
  await expect(page.getByText(/is not a PNG, JPG or WEBP image/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page).toHaveURL('/admin/products');
  await closeDialog(page, ADMIN_MESSAGES.successTitle, PRODUCT_SERVER_MESSAGES.created);
  expect(posts).toHaveLength(1);
  const answer = await page.request.get(`/api/v1/frontend/products/refused-photo-desk-${tag}`);
  expect(answer.status()).toBe(200);
  const { product } = (await answer.json()) as { product: { photo_url: string | null } };
  expect(product.photo_url).toMatch(/^\/media\/products\//);
});

test('leaving the product form with unsaved changes asks first', async ({ page }) => {
  await logInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/admin/products/create');
  // Nothing typed yet: leaving does not ask.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/admin/products');
  await openAddProduct(page);

  await page.getByLabel('Name').fill('A desk not saved');
  await page.getByRole('link', { name: 'Cancel' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText('Your changes have not been saved.');
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL('/admin/products/create');
  await expect(page.getByLabel('Name')).toHaveValue('A desk not saved');

  // The browser's Back asks too; leaving goes.
  await page.goBack();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL('/admin/products');

  // Closing the tab with unsaved changes gets the browser's own question.
  await openAddProduct(page);
  await page.getByLabel('SKU').fill('NOT-SAVED');
  const question = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await question;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});

test('an admin adds a product with a photo and a gallery, sees it in the storefront, then deactivates it', async ({
  page,
  refusals,
}) => {
  refusals.push({ status: 422, path: '/api/admin/products' });
  const tag = Math.random().toString(36).slice(2, 8);
  const name = `Journey Desk ${tag}`;
  const slug = `journey-desk-${tag}`;
  await logInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);

  await page.getByRole('navigation').getByRole('link', { name: 'Products' }).first().click();
  await expect(page).toHaveURL('/admin/products');
  await openAddProduct(page);

  // A price with 3 decimals is refused by the server with the error under the field.
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('SKU').fill(`JRN-${tag}`);
  await page.getByLabel('Price').fill('749.999');
  await page.getByLabel('Stock quantity').fill('4');
  await page.getByLabel('Category').selectOption({ index: 1 });
  await page.getByLabel('Description').fill('A height-adjustable desk made for the journey.');
  await page.getByLabel(/Choose a photo/).setInputFiles(png('main.png'));
  await page.getByLabel(/Add gallery images/).setInputFiles([png('side.png'), png('back.png')]);
  await expect(page.getByRole('list', { name: 'Gallery images' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Create Product' }).click();
  await closeDialog(page, ADMIN_MESSAGES.validationTitle, ADMIN_MESSAGES.fixErrors);
  await expect(page.getByText('The price must be a number with at most 2 decimals.')).toBeVisible();

  await page.getByLabel('Price').fill('749.90');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page).toHaveURL('/admin/products');
  await closeDialog(page, ADMIN_MESSAGES.successTitle, PRODUCT_SERVER_MESSAGES.created);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('$749.90');
  await expect(row).toContainText('Active');

  // The storefront shows it, with its photo and gallery.
  const publicAnswer = await page.request.get(`/api/v1/frontend/products/${slug}`);
  expect(publicAnswer.status()).toBe(200);
  const { product } = (await publicAnswer.json()) as {
    product: { photo_url: string; gallery_urls: string[]; set_price: string };
  };
  expect(product.photo_url).toMatch(/^\/media\/products\//);
  expect(product.gallery_urls).toHaveLength(2);
  expect(product.set_price).toBe('749.90');
  expect((await page.request.get(product.photo_url)).headers()['content-type']).toBe('image/webp');
  await page.goto(`/product/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Deactivated, it disappears from the storefront.
  await page.goto('/admin/products');
  await page.getByRole('searchbox', { name: 'Search products by name' }).fill(name);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: `Deactivate ${name}` }).click();
  await expect(page.getByText(ADMIN_MESSAGES.productStatusUpdated)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Inactive');
  expect((await page.request.get(`/api/v1/frontend/products/${slug}`)).status()).toBe(404);
  const list = (await (
    await page.request.get(`/api/v1/frontend/products?search=${encodeURIComponent(name)}`)
  ).json()) as {
    data: { slug: string }[];
  };
  expect(list.data.map((p) => p.slug)).not.toContain(slug);

  // Editing keeps one gallery image out and the other in.
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  // The list's name search holds the name too: the form's heading first.
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await page.getByRole('button', { name: 'Remove gallery image 1' }).click();
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(page).toHaveURL('/admin/products');
  await closeDialog(page, ADMIN_MESSAGES.successTitle, PRODUCT_SERVER_MESSAGES.updated);

  // And deleting asks first: once the search has narrowed the list to its one row (a press on the row as the list
  // was drawn again for the search could be lost with the row it was on).
  await page.getByRole('searchbox', { name: 'Search products by name' }).fill(name);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText(ADMIN_MESSAGES.productDeleteConfirm(name));
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await closeDialog(page, ADMIN_MESSAGES.productDeletedTitle, ADMIN_MESSAGES.productDeleted);
  await expect(page.getByText(ADMIN_MESSAGES.noProducts)).toBeVisible();
});

test('an admin deactivates a customer, who is then refused at login and signed out', async ({
  page,
  newPage,
}) => {
  const email = uniqueEmail('deactivated');
  const password = 'Walnut-Desk-Panel-42';
  const customerName = `Dale ${Math.random().toString(36).slice(2, 7)}`;
  await createAccount({ email, role: 'user', password, name: customerName });
  const login = await page.request.post('/api/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };

  await logInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row).toContainText('Active');
  // Deactivating asks first; cancelling changes nothing.
  await row.getByRole('button', { name: /^Deactivate/ }).click();
  const confirm = page.getByRole('alertdialog', { name: `Deactivate ${customerName}?` });
  await expect(confirm).toContainText('signed out everywhere');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: /^Deactivate/ }).click();
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await closeDialog(page, ADMIN_MESSAGES.deactivatedTitle, ADMIN_MESSAGES.userDeactivated);
  await expect(row).toContainText('Inactive');

  // Their open session stopped at once, and the login refuses them.
  expect(
    (await page.request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } })).status(),
  ).toBe(401);
  const customer = await newPage();
  await customer.goto('/login');
  await submitLogin(customer, email, password);
  await expect(customer.getByText(CUSTOMER_MESSAGES.accountInactive)).toBeVisible();
  await expect(customer).toHaveURL('/login');
  await customer.close();

  // The row links lead to what they submitted and what they liked.
  await row.getByRole('link', { name: /^View Liked Products/ }).click();
  await expect(page).toHaveURL(/\/admin\/products\?userId=\d+$/);
  await expect(page.getByText(`Products liked by ${customerName}`)).toBeVisible();
  await expect(page.getByText(ADMIN_MESSAGES.noProducts)).toBeVisible();
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  await row.getByRole('link', { name: /^View Designs Submitted/ }).click();
  await expect(page).toHaveURL(/\/admin\/designs/);
  await expect(page.getByText(`Designs of ${customerName}`)).toBeVisible();
});

test('an admin changes their own password and signs in again with it', async ({ page, refusals }) => {
  refusals.push(
    { status: 422, path: '/api/admin/password/update' },
    { status: 401, path: '/api/admin/login' },
  );
  const email = uniqueEmail('admin');
  const oldPassword = 'Old-Admin-Passw0rd';
  const newPassword = 'New-Admin-Passw0rd-2';
  await createAccount({ email, role: 'admin', name: 'Journey Admin', password: oldPassword });
  await logInAsAdmin(page, email, oldPassword);

  await page.getByRole('button', { name: /^Admin menu for/ }).click();
  await page.getByRole('menuitem', { name: ADMIN_LABELS.accountSettings }).click();
  await expect(page).toHaveURL('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Profile Information' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('tab', { name: 'Change Password' }).click();

  await page.getByRole('textbox', { name: 'Current password', exact: true }).fill('not-my-password');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await closeDialog(page, ADMIN_MESSAGES.errorTitle, ADMIN_MESSAGES.passwordUpdateFailed);
  await expect(page.getByText('The current password is incorrect.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Current password', exact: true }).fill(oldPassword);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText(ADMIN_MESSAGES.passwordUpdated)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Current password', exact: true })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Confirm new password', exact: true })).toHaveValue('');

  await page.getByRole('button', { name: /^Admin menu for/ }).click();
  await page.getByRole('menuitem', { name: ADMIN_LABELS.signOut }).click();
  await expect(page).toHaveURL('/admin/login');
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/admin/login'));
  await submitLogin(page, email, oldPassword);
  expect((await refused).status()).toBe(401);
  await expect(page).toHaveURL('/admin/login');
  await logInAsAdmin(page, email, newPassword);

  // The dashboard shows the shop's figures.
  await expect(page.getByRole('heading', { name: ADMIN_LABELS.dashboardCards.inventoryItems })).toBeVisible();
  // The stats' answer has arrived.
  await expect(dashboardFigures(page)).toHaveCount(DASHBOARD_FIGURES);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});
