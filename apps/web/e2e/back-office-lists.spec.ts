import type { Page } from '@playwright/test';
import { ADMIN_MESSAGES, CUSTOMER_MESSAGES, DESIGN_HISTORY_TEXTS, PAGE_OUT_OF_RANGE } from '@shop/contracts';
import { createAccount, JOURNEY_PASSWORD, signIn, sql } from './support/accounts';
import { expect, submitLogin, test, uniqueEmail, type NewPage } from './support/fixtures';
import { realtimeConnected, receivedFrames } from './support/realtime';

/** A design the customer submits through the API; answers its id and slug. */
async function submitDesign(page: Page, token: string, name: string) {
  const sent = await page.request.post('/api/user/design-submissions', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      selectedTab: 'dontHaveDesign',
      email: 'lists@example.com',
      totalNumber: '6-10',
      features: JSON.stringify(['Tall Walls']),
      interest: 'New Furniture',
      name,
      company_name: 'List Works',
      zip_code: '10001',
      phone: '(212) 555-0142',
    },
  });
  expect(sent.status()).toBe(201);
  const { slug } = ((await sent.json()) as { design: { slug: string } }).design;
  const mine = await page.request.get(`/api/user/design-submissions/${slug}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { id: ((await mine.json()) as { design: { id: number } }).design.id, slug };
}

/** An admin and a customer of this journey, each signed in in a browser context of their own. */
async function adminAndCustomer(newPage: NewPage, label: string, viewport = { width: 1280, height: 800 }) {
  const tag = Math.random().toString(36).slice(2, 8);
  const adminEmail = uniqueEmail(`${label}-admin`);
  const customerEmail = uniqueEmail(`${label}-customer`);
  const customerName = `Lister ${tag}`;
  await createAccount({ email: adminEmail, role: 'admin', name: 'List Admin' });
  const customerId = await createAccount({ email: customerEmail, role: 'user', name: customerName });
  const admin = await newPage({ viewport });
  const customer = await newPage({ viewport });
  const adminToken = await signIn(admin, 'admin', adminEmail);
  const customerToken = await signIn(customer, 'customer', customerEmail);
  return { tag, admin, adminEmail, adminToken, customer, customerToken, customerId, customerName };
}

/** The list says the page is past its last one, offers the last page, and never says it is empty. */
async function expectOutOfRange(page: Page, path: string, emptyText: string) {
  await page.goto(`${path}?page=9999`);
  await expect(page.getByText(PAGE_OUT_OF_RANGE.title(9999))).toBeVisible();
  await expect(page.getByText(emptyText)).toHaveCount(0);
  const goLast = page.getByRole('button', { name: /^Go to page \d+$/ });
  const last = Number(/\d+$/.exec((await goLast.textContent()) ?? '')![0]);
  if (last > 1) await expect(page.getByRole('button', { name: `Page ${last}`, exact: true })).toBeVisible();
  await goLast.click();
  await expect(page).toHaveURL(last > 1 ? `${path}?page=${last}` : path);
  await expect(page.getByText(PAGE_OUT_OF_RANGE.title(9999))).toHaveCount(0);
}

test('at 390 px every paged list answers a page past its last one with "out of range" and the last page, never its empty state', async ({
  newPage,
}) => {
  const { admin, customer, customerToken, customerName } = await adminAndCustomer(newPage, 'out-of-range', {
    width: 390,
    height: 844,
  });
  await submitDesign(customer, customerToken, customerName);

  await expectOutOfRange(admin, '/admin/users', 'No users yet');
  await expect(admin.getByRole('list', { name: 'Registered customers' })).toBeVisible();
  await expectOutOfRange(admin, '/admin/designs', 'No designs found');
  await expect(admin.getByRole('list', { name: 'Design Submissions' })).toBeVisible();
  await expectOutOfRange(admin, '/admin/products', ADMIN_MESSAGES.noProducts);
  await expectOutOfRange(admin, '/admin/notifications', ADMIN_MESSAGES.noNotifications);
  await expectOutOfRange(customer, '/user/design-status', CUSTOMER_MESSAGES.noDesigns);
  await expect(customer.getByRole('link', { name: /^View details of / }).first()).toBeVisible();
});

test('the users list keeps its page and search in the URL: reload, Back and Forward show the same list', async ({
  newPage,
}) => {
  const { admin, tag } = await adminAndCustomer(newPage, 'url-state');
  // 12 customers of this journey: two pages of 10 for its search.
  for (let i = 1; i <= 11; i++) {
    await createAccount({ email: uniqueEmail(`url-state-${i}`), role: 'user', name: `Lister ${tag} ${i}` });
  }
  await admin.goto('/admin/users');
  await admin.getByRole('searchbox', { name: 'Search users' }).fill(`Lister ${tag}`);
  await expect(admin).toHaveURL(
    `/admin/users?search=${encodeURIComponent(`Lister ${tag}`).replace(/%20/g, '+')}`,
  );
  await expect(admin.getByText('12 customers')).toBeVisible();
  const rows = admin.getByRole('table', { name: 'Registered customers' }).locator('tbody tr');
  await expect(rows).toHaveCount(10);

  await admin.getByRole('button', { name: 'Page 2' }).click();
  await expect(admin).toHaveURL(/[?&]page=2/);
  await expect(rows).toHaveCount(2);

  await admin.reload();
  await expect(admin.getByRole('searchbox', { name: 'Search users' })).toHaveValue(`Lister ${tag}`);
  await expect(admin.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(rows).toHaveCount(2);

  // Away to the dashboard and Back: the same page of the same search.
  await admin.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(admin).toHaveURL('/admin/dashboard');
  await admin.goBack();
  await expect(admin.getByRole('searchbox', { name: 'Search users' })).toHaveValue(`Lister ${tag}`);
  await expect(rows).toHaveCount(2);
  // Back again: page 1 of the search; Forward: page 2.
  await admin.goBack();
  await expect(admin).not.toHaveURL(/page=2/);
  await expect(rows).toHaveCount(10);
  await admin.goForward();
  await expect(rows).toHaveCount(2);
});

test('a long e-mail in the users table wraps after the @ or before a dot, never inside a word', async ({
  newPage,
}) => {
  const { admin, tag } = await adminAndCustomer(newPage, 'wrap');
  const email = `facilities.procurement.department.${tag}@headquarters.northwind-office-interiors.example.com`;
  await createAccount({ email, role: 'user', name: `Wrapper ${tag}` });
  await admin.goto(`/admin/users?search=${tag}`);
  const cell = admin.getByRole('row', { name: new RegExp(`Wrapper ${tag}`) }).getByText(email);
  await expect(cell).toBeVisible();
  // Each piece between two break opportunities lies on one line; the address takes several lines.
  const layout = await cell.evaluate((span) => {
    const pieces = Array.from(span.querySelectorAll('span'));
    const lineCounts = pieces.map((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
    });
    return { lineCounts, height: span.getBoundingClientRect().height };
  });
  expect(layout.lineCounts.length).toBeGreaterThan(3);
  expect(layout.lineCounts.every((count) => count === 1)).toBe(true);
  expect(layout.height).toBeGreaterThan(30);
});

test('beside the sidebar, a 1024 px window shows the lists as cards whose actions are whole, and 1280 px as tables', async ({
  newPage,
}) => {
  const { admin, customer, customerToken, customerName } = await adminAndCustomer(newPage, 'list-width', {
    width: 1024,
    height: 768,
  });
  await submitDesign(customer, customerToken, customerName);
  await admin.goto(`/admin/designs?search=${encodeURIComponent(customerName)}`);
  const cards = admin.getByRole('list', { name: 'Design Submissions' });
  await expect(cards).toBeVisible();
  await expect(admin.getByRole('table')).toBeHidden();
  // In the table these were beyond the list's right edge, to be scrolled to.
  for (const action of [
    cards.getByRole('link', { name: /^View / }),
    cards.getByRole('button', { name: /^Change status of / }),
    cards.getByRole('button', { name: /^Comment on / }),
  ]) {
    await expect(action.first()).toBeInViewport({ ratio: 1 });
  }
  await admin.goto(`/admin/users?search=${encodeURIComponent(customerName)}`);
  const card = admin.getByRole('list', { name: 'Registered customers' }).getByRole('listitem');
  for (const name of [`Deactivate ${customerName}`, `Delete ${customerName}`]) {
    await expect(card.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
  }
  for (const name of [
    `View Designs Submitted by ${customerName}`,
    `View Liked Products of ${customerName}`,
  ]) {
    await expect(card.getByRole('link', { name })).toBeInViewport({ ratio: 1 });
  }

  await admin.setViewportSize({ width: 1280, height: 800 });
  const table = admin.getByRole('table', { name: 'Registered customers' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('button', { name: `Delete ${customerName}` })).toBeInViewport({ ratio: 1 });
  await expect(admin.getByRole('list', { name: 'Registered customers' })).toBeHidden();
});

test('a designs list that fails to load says Error! and offers Try again, which loads it', async ({
  newPage,
  refusals,
}) => {
  refusals.push({ status: 500, path: '/api/admin/designs' });
  const { admin, customer, customerToken, customerName, tag } = await adminAndCustomer(newPage, 'retry');
  // The design's notification reaches the admin's open page before the list starts failing: one arriving later
  // reads the list again, and that read's failure is a second dialog.
  const frames = receivedFrames(admin);
  const connected = realtimeConnected(admin);
  await admin.goto('/admin/dashboard');
  await connected;
  const { slug } = await submitDesign(customer, customerToken, customerName);
  await expect.poll(() => frames.some((frame) => frame.includes(slug))).toBe(true);
  let failing = true;
  await admin.route(
    (url) => url.pathname === '/api/admin/designs',
    (route) =>
      failing ? route.fulfill({ status: 500, json: { message: 'Server Error' } }) : route.fallback(),
  );
  await admin.goto(`/admin/designs?search=${tag}`);
  const dialog = admin.getByRole('alertdialog', { name: ADMIN_MESSAGES.errorTitle });
  await expect(dialog).toContainText(ADMIN_MESSAGES.designsFailed);
  await dialog.getByRole('button', { name: 'OK' }).click();
  const alert = admin.getByRole('alert').filter({ hasText: ADMIN_MESSAGES.designsFailed });
  await expect(alert).toBeVisible();
  failing = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(admin.getByRole('table', { name: 'Design Submissions' })).toContainText(customerName);
  await expect(alert).toHaveCount(0);
});

test('a session that expires mid-action opens a clean login page, which returns the admin to the list', async ({
  newPage,
  refusals,
}) => {
  const { admin, adminEmail, customerId, customerName, tag } = await adminAndCustomer(newPage, 'expiry');
  refusals.push({ status: 401, path: `/api/admin/users/${customerId}/toggle-status` });
  const connected = realtimeConnected(admin);
  await admin.goto(`/admin/users?search=${tag}`);
  await expect(admin.getByRole('table', { name: 'Registered customers' })).toContainText(customerName);
  // The page's realtime socket has been let in: its handshake, which checks the session too, is over before the
  // session runs out (else the handshake, not the action, finds it expired and opens the login page first).
  await connected;

  // The session runs out while the admin is on the page.
  await sql(
    "update sessions set expires_at = now() - interval '1 minute' where user_id = (select id from users where email = $1)",
    [adminEmail],
  );
  await admin.getByRole('button', { name: `Deactivate ${customerName}` }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();

  await expect(admin).toHaveURL(`/admin/login?next=${encodeURIComponent(`/admin/users?search=${tag}`)}`);
  await expect(admin.getByText(CUSTOMER_MESSAGES.sessionExpired)).toBeVisible();
  await expect(admin.getByRole('alertdialog')).toHaveCount(0);
  await expect(admin.getByRole('dialog')).toHaveCount(0);

  await submitLogin(admin, adminEmail, JOURNEY_PASSWORD);
  await expect(admin).toHaveURL(`/admin/users?search=${tag}`);
  await expect(admin.getByRole('table', { name: 'Registered customers' })).toContainText(customerName);
  // The deactivation never happened.
  const [user] = await sql<{ status: number }>('select status from users where id = $1', [customerId]);
  expect(user!.status).toBe(1);
});

test('unsaved changes of a design review ask before the admin leaves, on the page and in the list dialogs', async ({
  newPage,
}) => {
  const { admin, customer, customerToken, customerName, tag } = await adminAndCustomer(newPage, 'unsaved');
  const design = await submitDesign(customer, customerToken, customerName);
  // Into the design from the list, inside the app.
  await admin.goto(`/admin/designs?search=${tag}`);
  await admin
    .getByRole('table', { name: 'Design Submissions' })
    .getByRole('link', { name: /^View / })
    .click();
  await expect(admin).toHaveURL(`/admin/design/view/${design.id}`);
  const comment = admin.getByRole('textbox', { name: DESIGN_HISTORY_TEXTS.newComment });
  await comment.fill('Please send the floor plan.');

  // A link inside the app: asked, Stay keeps the text.
  await admin.getByRole('link', { name: 'Back to Design Submissions' }).click();
  const ask = admin.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(admin).toHaveURL(`/admin/design/view/${design.id}`);
  await expect(comment).toHaveValue('Please send the floor plan.');

  // Closing the tab: the browser's own question, answered (Stay) before the next step, as a person must.
  const beforeUnload = new Promise<string>((resolve, reject) =>
    admin.once('dialog', (d) => {
      d.dismiss().then(() => resolve(d.type()), reject);
    }),
  );
  await admin.close({ runBeforeUnload: true });
  expect(await beforeUnload).toBe('beforeunload');
  expect(admin.isClosed()).toBe(false);

  // Back in the browser: asked; Leave goes.
  await admin.goBack();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Leave' }).click();
  await expect(admin).not.toHaveURL(`/admin/design/view/${design.id}`);

  // The list's comment dialog: Escape with a typed comment asks first.
  await admin.goto('/admin/designs');
  await admin
    .getByRole('button', { name: new RegExp(`^Comment on .*`) })
    .first()
    .click();
  const dialog = admin.getByRole('dialog', { name: 'Add Comment' });
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('Draft words');
  await admin.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Comment' })).toHaveValue('Draft words');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await ask.getByRole('button', { name: 'Leave' }).click();
  await expect(dialog).toHaveCount(0);
});
