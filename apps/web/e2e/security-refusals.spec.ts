import { PASSWORD_MESSAGES, UPLOAD_MESSAGES } from '@shop/contracts';
import { JOURNEY_PASSWORD, signIn, sql } from './support/accounts';
import { expect, test, uniqueEmail } from './support/fixtures';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const containing = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

test('the register form says why a weak password is refused', async ({ page, refusals }) => {
  refusals.push({ status: 422, path: '/api/register' });
  const email = uniqueEmail('weak-password');
  await page.goto('/register');
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  const confirmation = page.getByRole('textbox', { name: 'Confirm password', exact: true });
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await password.fill(email);
  await confirmation.fill(email);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  // The reason stands under the password field: its accessible description.
  await expect(password).toHaveAccessibleDescription(containing(PASSWORD_MESSAGES.personal));

  await password.fill('        ');
  await confirmation.fill('        ');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(password).toHaveAccessibleDescription(containing(PASSWORD_MESSAGES.blank));
  await expect(page).toHaveURL('/register');
});

test('the design form says why an upload is refused when the customer’s upload space is used up', async ({
  page,
  refusals,
}) => {
  refusals.push({ status: 413, path: '/api/user/design-submissions' });
  const email = uniqueEmail('full-space');
  const registered = await page.request.post('/api/register', {
    data: { email, password: JOURNEY_PASSWORD, password_confirmation: JOURNEY_PASSWORD, terms: true },
  });
  expect(registered.status()).toBe(201);
  // A first design whose file is on record as filling the whole default space (200 MB).
  const first = await page.request.post('/api/user/design-submissions', {
    headers: { authorization: `Bearer ${((await registered.json()) as { token: string }).token}` },
    multipart: {
      selectedTab: 'dontHaveDesign',
      totalNumber: '1-2',
      features: JSON.stringify(['Tall Walls']),
      interest: 'Both',
      name: 'Full Space',
      company_name: 'Space Co',
      zip_code: '94107',
      phone: '+1 555 010 2000',
    },
  });
  expect(first.status()).toBe(201);
  await sql('update design_submissions set design_file_size = $1 where email = $2', [
    200 * 1024 * 1024,
    email,
  ]);

  await signIn(page, 'customer', email, '/user/submit-design');
  await page.getByLabel('Design name').fill('One more plan');
  await page
    .getByLabel('Design file')
    .setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('Description').fill('Desks by the windows.');
  await page.getByRole('button', { name: 'Next' }).click();
  for (let step = 2; step <= 4; step++) await page.getByRole('button', { name: 'Skip' }).click();
  const main = page.locator('main');
  await main.getByRole('textbox', { name: 'Name', exact: true }).fill('Full Space');
  await main.getByRole('textbox', { name: 'Company name' }).fill('Space Co');
  await main.getByRole('textbox', { name: 'ZIP code' }).fill('94107');
  await main.getByRole('textbox', { name: 'Phone' }).fill('+1 555 010 2000');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(UPLOAD_MESSAGES.storageQuota(200))).toBeVisible();
  // Nothing new was stored: the customer still has the one design.
  const rows = await sql<{ n: number }>(
    'select count(*)::int as n from design_submissions where email = $1',
    [email],
  );
  expect(rows[0]!.n).toBe(1);
});
