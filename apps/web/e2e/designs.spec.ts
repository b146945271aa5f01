import type { Page } from '@playwright/test';
import { ADMIN_MESSAGES, CUSTOMER_MESSAGES, DESIGN_SERVER_MESSAGES, requiredMessage } from '@shop/contracts';
import { signIn } from './support/accounts';
import { expect, logInAsAdmin, test, uniqueEmail } from './support/fixtures';

// Seeded by the server when SEED_DEMO=1 (decisions.md D11).
const DEMO_ADMIN = { email: 'admin@example.com', password: 'demo-admin-2026' };
const DEMO_ADMIN_NAME = 'Dana Whitfield';
const PASSWORD = 'Walnut-Desk-Panel-42';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/**
 * Signs a customer in through the API and hands the token to the web app as its login does (auth_token):
 * these journeys are about designs; the login screen has journeys of its own.
 */
async function signInCustomer(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await page.addInitScript((t) => localStorage.setItem('auth_token', t), token);
}

/** The home page's design form, reached as a visitor does from the About page's Get Started link. */
async function openHomeForm(page: Page) {
  await page.goto('/about-us');
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL('/#submit-design');
  const form = page.locator('#submit-design');
  await expect(form.getByRole('tab', { name: 'I Have a Design' })).toBeVisible();
  return form;
}

async function fillContact(
  scope: ReturnType<Page['locator']>,
  values: { name: string; email?: string; company: string },
) {
  await scope.getByRole('textbox', { name: 'Name', exact: true }).fill(values.name);
  if (values.email !== undefined) await scope.getByRole('textbox', { name: 'E-mail' }).fill(values.email);
  await scope.getByRole('textbox', { name: 'Company name' }).fill(values.company);
  await scope.getByRole('textbox', { name: 'ZIP code' }).fill('94107');
  await scope.getByRole('textbox', { name: 'Phone' }).fill('+1 555 010 2000');
}

test('the design form refuses a renamed non-image at the file step, before anything is sent', async ({
  page,
}) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/user/design-submissions')) sent.push(request.method());
  });
  const form = await openHomeForm(page);
  const picker = form.getByLabel('Design file');
  // A program renamed to .png: its first bytes say it is no image, whatever its name and declared type.
  await picker.setInputFiles({
    name: 'floor-plan.png',
    mimeType: 'image/png',
    buffer: Buffer.from('MZ\x90\x00 This program cannot be run in DOS mode.'),
  });
  await expect(form.getByText(DESIGN_SERVER_MESSAGES.designFileType)).toBeVisible();
  await expect(picker).toHaveAttribute('aria-invalid', 'true');
  await expect(picker).toHaveAccessibleDescription(DESIGN_SERVER_MESSAGES.designFileType);
  await form.getByLabel('Description').fill('Open plan for twelve people.');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByRole('alert')).toHaveText(CUSTOMER_MESSAGES.stepBlocked);
  await expect(form.getByText('Step 1 of 5')).toBeVisible();

  // Replaced by a real PNG: the refusal goes and the step lets the visitor on.
  await picker.setInputFiles({ name: 'floor-plan.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByText(DESIGN_SERVER_MESSAGES.designFileType)).toHaveCount(0);
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByText('Step 2 of 5')).toBeVisible();
  expect(sent).toEqual([]);
});

test('a guest sends a floor plan through the haveDesign tab, after a blocked first step', async ({
  page,
}) => {
  const form = await openHomeForm(page);
  await expect(form.getByText('Step 1 of 5')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Back' })).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Skip' })).toHaveCount(0);

  // Step 1 is mandatory: Next is refused until the file and the description are given.
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByRole('alert')).toHaveText(CUSTOMER_MESSAGES.stepBlocked);
  await expect(form.getByText('Step 1 of 5')).toBeVisible();
  await expect(form.getByText(requiredMessage('description'))).toBeVisible();
  await form
    .getByLabel('Design file')
    .setInputFiles({ name: 'floor-plan.png', mimeType: 'image/png', buffer: PNG });
  await form.getByLabel('Description').fill('Open plan for twelve people with a meeting corner.');
  // Corrected fields lose their messages as they change, before Next is pressed again.
  await expect(form.getByText(requiredMessage('description'))).toHaveCount(0);
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByRole('button', { name: 'Next' }).click();

  await expect(form.getByText('Step 2 of 5')).toBeVisible();
  await form.getByRole('button', { name: 'Skip' }).click();
  await expect(form.getByText('Step 3 of 5')).toBeVisible();
  await form.getByRole('checkbox', { name: 'Low Walls' }).check();
  await form.getByRole('checkbox', { name: 'Pedestals' }).check();
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByText('Step 4 of 5')).toBeVisible();
  await form.getByRole('group', { name: 'Interest' }).getByRole('radio', { name: 'Both' }).check();
  await form.getByRole('button', { name: 'Next' }).click();

  await expect(form.getByText('Step 5 of 5')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toHaveText(CUSTOMER_MESSAGES.stepBlocked);
  await fillContact(form, { name: 'Pat Guest', email: uniqueEmail('guest-plan'), company: 'Acme Widgets' });
  await form.getByRole('button', { name: 'Submit' }).click();

  await expect(form.getByRole('heading', { name: CUSTOMER_MESSAGES.designSuccessTitle })).toBeVisible();
  await expect(form.getByText(CUSTOMER_MESSAGES.designSuccessText, { exact: true })).toBeVisible();
  await expect(page.getByText(CUSTOMER_MESSAGES.designSubmitted)).toBeVisible();
});

test('a guest asks for help through the dontHaveDesign tab; switching tabs starts over', async ({ page }) => {
  const form = await openHomeForm(page);
  await form.getByLabel('Description').fill('Something to be cleared');
  await form.getByRole('tab', { name: "I Don't Have a Design" }).click();
  await expect(form.getByText('Step 1 of 5')).toBeVisible();

  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByRole('alert')).toHaveText(CUSTOMER_MESSAGES.stepBlocked);
  await expect(form.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await form.getByRole('radio', { name: '6-10' }).check();
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByRole('alert')).toHaveText(CUSTOMER_MESSAGES.stepBlocked);
  await form.getByRole('checkbox', { name: 'Tall Walls' }).check();
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('radio', { name: 'New Furniture' }).check();
  await form.getByRole('button', { name: 'Next' }).click();
  // Power and data are optional; the step still has no Skip on this tab.
  await expect(form.getByText('Step 4 of 5')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await form.getByRole('button', { name: 'Next' }).click();

  await expect(form.getByText('Step 5 of 5')).toBeVisible();
  await fillContact(form, {
    name: 'Nora Noplan',
    email: uniqueEmail('guest-help'),
    company: 'Blank Slate LLC',
  });
  // Back keeps what was chosen.
  await form.getByRole('button', { name: 'Back' }).click();
  await form.getByRole('button', { name: 'Back' }).click();
  await form.getByRole('button', { name: 'Back' }).click();
  await expect(form.getByRole('checkbox', { name: 'Tall Walls' })).toBeChecked();

  // Switching tabs clears every field and goes back to step 1.
  await form.getByRole('tab', { name: 'I Have a Design' }).click();
  await expect(form.getByText('Step 1 of 5')).toBeVisible();
  await expect(form.getByLabel('Description')).toHaveValue('');
  await form.getByRole('tab', { name: "I Don't Have a Design" }).click();
  await expect(form.getByRole('radio', { name: '6-10' })).not.toBeChecked();

  await form.getByRole('radio', { name: '11-49' }).check();
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('checkbox', { name: 'Overhead Bins' }).check();
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('radio', { name: 'Pre-Owned Furniture' }).check();
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('radio', { name: 'Data Outlets' }).check();
  await form.getByRole('button', { name: 'Next' }).click();
  await fillContact(form, {
    name: 'Nora Noplan',
    email: uniqueEmail('guest-help'),
    company: 'Blank Slate LLC',
  });
  await form.getByRole('button', { name: 'Submit' }).click();

  await expect(form.getByRole('heading', { name: CUSTOMER_MESSAGES.designSuccessTitle })).toBeVisible();
  await expect(page.getByText(CUSTOMER_MESSAGES.designSubmitted)).toBeVisible();
});

test('a customer submits a design, an admin approves it with a comment and a file, the customer downloads it', async ({
  page,
  newPage,
}) => {
  const email = uniqueEmail('designer');
  const registered = await page.request.post('/api/register', {
    data: { email, password: PASSWORD, password_confirmation: PASSWORD, terms: true },
  });
  expect(registered.status()).toBe(201);
  await signInCustomer(page, email, PASSWORD);

  const title = `Journey plan ${Math.random().toString(36).slice(2, 8)}`;
  await page.goto('/user/submit-design');
  await page.getByLabel('Design name').fill(title);
  await page
    .getByLabel('Design file')
    .setInputFiles({ name: 'journey-plan.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('Description').fill('Two rows of desks by the windows.');
  await page.getByRole('button', { name: 'Next' }).click();
  for (let step = 2; step <= 4; step++) await page.getByRole('button', { name: 'Skip' }).click();
  // The account's e-mail is shown, not asked.
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await expect(page.getByLabel('E-mail')).toHaveAttribute('readonly', '');
  await fillContact(page.locator('main'), { name: 'Jordan Designer', company: 'Journey Co' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: CUSTOMER_MESSAGES.designSuccessTitle })).toBeVisible();

  await page.getByRole('link', { name: 'View My Designs' }).click();
  await expect(page).toHaveURL('/user/design-status');
  await expect(page.getByRole('heading', { level: 1, name: 'My Design Submissions' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();

  // The admin reviews it in a session of their own.
  const admin = await newPage();
  const adminErrors: string[] = [];
  admin.on('console', (m) => {
    if (m.type() === 'error' && !/\/api\/(meta|admin\/dashboard-stats)/.test(m.location().url + m.text()))
      adminErrors.push(m.text());
  });
  await logInAsAdmin(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);

  await admin.goto('/admin/designs');
  await expect(admin.getByRole('heading', { level: 1, name: 'Design Submissions' })).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Search designs' }).fill(title);
  const adminRow = admin.getByRole('row').filter({ hasText: title });
  await expect(admin.getByRole('row')).toHaveCount(2);
  await expect(adminRow.getByRole('cell').first()).toHaveText('1');
  await adminRow.getByRole('link', { name: /^View / }).click();
  await expect(admin).toHaveURL(/\/admin\/design\/view\/\d+$/);
  await expect(admin.getByRole('img', { name: `Design file of ${title}` })).toBeVisible();

  const comment = 'Approved. We recommend medium walls; see the attached proposal.';
  await admin.getByLabel('Status', { exact: true }).selectOption('approved');
  await admin.getByLabel('Add a comment').fill(comment);
  await admin.getByLabel('Recommendation Notes').fill('Medium walls with glass tops.');
  await admin.getByLabel('Add recommendation files').setInputFiles([
    { name: 'proposal.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'render.png', mimeType: 'image/png', buffer: PNG },
  ]);
  // Images are previewed before they are saved (jpeg, jpg, png, webp), a PDF is not.
  const renderPreview = admin.getByRole('img', { name: 'Preview of render.png' });
  await expect(renderPreview).toBeVisible();
  await expect
    .poll(() => renderPreview.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(admin.getByRole('img', { name: 'Preview of proposal.pdf' })).toHaveCount(0);
  await admin.getByRole('button', { name: 'Save Changes' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('You are about to submit changes to this design.');
  await confirm.getByRole('button', { name: 'Yes, submit' }).click();
  const success = admin.getByRole('alertdialog', { name: ADMIN_MESSAGES.successTitle });
  await expect(success).toContainText(ADMIN_MESSAGES.designChangesSaved);
  await success.getByRole('button', { name: 'OK' }).click();
  await expect(admin.getByRole('button', { name: 'proposal.pdf', exact: true })).toBeVisible();
  // ...and after: the saved image is fetched with the admin's token and shown.
  const savedPreview = admin.getByRole('img', { name: 'Preview of render.png' });
  await expect(savedPreview).toBeVisible();
  await expect(savedPreview).toHaveAttribute('src', /^blob:/);
  await expect(admin.getByRole('region', { name: 'Comments' })).toContainText(comment);
  await expect(admin.getByRole('region', { name: 'History' })).toContainText(
    'Status changed from Pending to Approved',
  );

  // A second comment from the list is added beside the first: the dialog shows the latest, nothing is replaced.
  const second = 'Please confirm the delivery date.';
  await admin.goto('/admin/designs');
  await admin.getByRole('searchbox', { name: 'Search designs' }).fill(title);
  await expect(admin.getByRole('row')).toHaveCount(2);
  await adminRow.getByRole('button', { name: /^Comment on / }).click();
  const commentDialog = admin.getByRole('dialog', { name: 'Add Comment' });
  await expect(commentDialog).toContainText(comment);
  await expect(commentDialog).toContainText('earlier comments are kept');
  await commentDialog.getByRole('textbox', { name: /^Comment/ }).fill(second);
  await commentDialog.getByRole('button', { name: 'Add Comment' }).click();
  const added = admin.getByRole('alertdialog', { name: ADMIN_MESSAGES.commentAddedTitle });
  await expect(added).toContainText(ADMIN_MESSAGES.commentAdded);
  await added.getByRole('button', { name: 'OK' }).click();
  expect(adminErrors).toEqual([]);
  await admin.context().close();

  // The customer sees the verdict, the comment and downloads the recommendation.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(row.getByText('Approved', { exact: true })).toBeVisible();
  await expect(row).toContainText(second);
  await row.getByRole('link', { name: `View details of ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const comments = page.getByRole('region', { name: 'Comments' }).getByRole('listitem');
  await expect(comments).toHaveCount(2);
  await expect(comments.nth(0)).toContainText(comment);
  await expect(comments.nth(1)).toContainText(second);
  await expect(comments.nth(1)).toContainText(DEMO_ADMIN_NAME);
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Comment added');
  await expect(page.getByRole('region', { name: 'Recommendations' })).toContainText(
    'Medium walls with glass tops.',
  );
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'proposal.pdf', exact: true }).click();
  expect((await download).suggestedFilename()).toBe('proposal.pdf');
  await page.getByRole('link', { name: 'Back to Designs' }).click();
  await expect(page).toHaveURL('/user/design-status');
});

test('on a phone, the demo customer follows the seeded designs with comments cut to 50 characters', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInCustomer(page, 'customer@example.com', 'demo-customer-2026');
  await page.goto('/user/design-status');
  // Below 768 px the table becomes a list of cards.
  const designs = page.getByRole('list', { name: 'My Design Submissions' });
  const approved = designs.getByRole('listitem').filter({ hasText: 'Head office floor plan' });
  await expect(approved.getByText('Approved', { exact: true })).toBeVisible();
  await expect(
    designs
      .getByRole('listitem')
      .filter({ hasText: 'Call center expansion' })
      .getByText('Rejected', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Pending', { exact: true })).toHaveCount(2);
  const comment = 'A good plan. We suggest medium walls to keep the room bright; see our recommended layout.';
  await expect(approved).toContainText(`${comment.slice(0, 50).trimEnd()}...`);
  await expect(approved).not.toContainText(comment);
  // Nothing makes the page scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await approved.getByRole('link', { name: /^View details of/ }).click();
  await expect(page.getByRole('region', { name: 'Comments' })).toContainText(comment);
  await expect(page.getByRole('region', { name: 'Design Preferences' })).toContainText(
    'Medium Walls, Pedestals',
  );
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'recommended-layout.pdf', exact: true }).click();
  expect((await download).suggestedFilename()).toBe('recommended-layout.pdf');
});

test("on a phone, the admin's design list is a list of cards with the table's labels and links", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin', DEMO_ADMIN.email, '/admin/designs', DEMO_ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Design Submissions' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search designs' }).fill('Head office floor plan');

  // Below 768 px the table gives way to cards.
  const designs = page.getByRole('list', { name: 'Design Submissions' });
  await expect(designs.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('table')).toBeHidden();
  const card = designs.getByRole('listitem').first();
  await expect(card).toContainText('#1');
  await expect(card).toContainText('Head office floor plan');
  await expect(card.getByText('Approved', { exact: true })).toBeVisible();
  await expect(card.getByRole('term')).toHaveText('Submitted');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await card.getByRole('button', { name: /^Change status of .*Head office floor plan$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Status' });
  await expect(dialog.getByLabel('Status', { exact: true })).toHaveValue('approved');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await card.getByRole('link', { name: /^View .*Head office floor plan$/ }).click();
  await expect(page).toHaveURL(/\/admin\/design\/view\/\d+$/);
  await expect(page.getByRole('region', { name: 'Design Preferences' })).toContainText(
    'Medium Walls, Pedestals',
  );
});
