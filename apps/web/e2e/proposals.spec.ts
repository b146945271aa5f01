import type { Locator, Page } from '@playwright/test';
import { SCHEDULING_MESSAGES } from '@shop/contracts';
import { createAccount, signIn, sql } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test, uniqueEmail, type NewPage } from './support/fixtures';
import { ownProduct } from './support/products';
import { pdfText } from '../../server/test/support/pdf-text';

const SHOTS = process.env.E2E_SHOTS_DIR;

/**
 * Axe at a phone's, a laptop's and a desktop's width, and no page wider than the window, with a screenshot of
 * each when E2E_SHOTS_DIR is set.
 */
async function checkPage(page: Page, name: string) {
  // 1024 px: the back-office's sidebar leaves its pages less room than a phone turned sideways.
  for (const width of [390, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousA11yViolations(page, `${name} at ${width} px`, { soft: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect.soft(overflow, `${name} at ${width} px is wider than the window`).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The element's text takes one line: it is not squeezed into a narrow column beside what follows it. */
async function expectOneLine(text: Locator) {
  const { height, lineHeight } = await text.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    lineHeight: parseFloat(getComputedStyle(el).lineHeight),
  }));
  expect(height).toBeLessThan(lineHeight * 1.5);
}

/** Every weekday 09:00-12:00 and 13:00-17:00, room for three bookings each, no blackout dates. */
async function openTheSchedule(page: Page, adminToken: string) {
  const weekly = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [
    { weekday, start: '09:00', end: '12:00', capacity: 3 },
    { weekday, start: '13:00', end: '17:00', capacity: 3 },
  ]);
  const res = await page.request.put('/api/admin/schedule', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { weekly, blackout_dates: [] },
  });
  expect(res.status()).toBe(200);
}

/**
 * The last windows of the horizon belong to the journey that fills a window: the others never pick them, so
 * it is the only one booking there.
 */
const RESERVED_FOR_FULL = 20;

/**
 * Checks one of the open windows, at random: the journeys run side by side on one schedule (three places a
 * window), so they do not all take the first window and fill it for each other. The list is in time order, and
 * the last RESERVED_FOR_FULL windows are left to the full-window journey.
 */
async function checkAnOpenWindow(scope: Page | Locator, { changeable = false } = {}) {
  const radios = scope.locator('input[type="radio"]');
  await radios.first().waitFor({ state: 'attached' });
  // A changeable booking starts more than 48 hours from now (a day more, so it stays so through the journey).
  const after = changeable ? Date.now() + 72 * 3_600_000 : 0;
  const open = await radios.evaluateAll(
    (all, { reserved, after }) =>
      all.flatMap((el, i) => {
        const input = el as HTMLInputElement;
        return i < all.length - reserved && !input.disabled && Date.parse(input.value) > after ? [i] : [];
      }),
    { reserved: RESERVED_FOR_FULL, after },
  );
  expect(open.length).toBeGreaterThan(0);
  await radios.nth(open[Math.floor(Math.random() * open.length)]!).check();
}

async function twoSides(newPage: NewPage, label: string) {
  const customerEmail = uniqueEmail(`${label}-customer`);
  const adminEmail = uniqueEmail(`${label}-admin`);
  await createAccount({ email: customerEmail, role: 'user', name: 'Robin Buyer' });
  await createAccount({ email: adminEmail, role: 'admin', name: 'Alex Dealer' });
  const customer = await newPage();
  const admin = await newPage();
  const customerToken = await signIn(customer, 'customer', customerEmail);
  const adminToken = await signIn(admin, 'admin', adminEmail);
  return { customer, admin, customerToken, adminToken, customerEmail };
}

test('the whole deal: design, proposal, PDF, acceptance, installation window, confirmation', async ({
  newPage,
}) => {
  // Two browsers, a dozen pages and an accessibility check on each: 1.7-3.1 min on CI's two loaded cores.
  test.setTimeout(300_000);
  const { customer, admin, customerToken, adminToken } = await twoSides(newPage, 'deal');
  await openTheSchedule(admin, adminToken);
  const product = await ownProduct('Deal Workstation');

  // The customer submits a design.
  const sent = await customer.request.post('/api/user/design-submissions', {
    headers: { Authorization: `Bearer ${customerToken}` },
    multipart: {
      selectedTab: 'dontHaveDesign',
      email: 'robin@example.com',
      totalNumber: '6-10',
      features: JSON.stringify(['Tall Walls']),
      interest: 'New Furniture',
      name: 'Robin Buyer',
      company_name: 'Buyer Works',
      zip_code: '10001',
      phone: '(212) 555-0142',
    },
  });
  expect(sent.status()).toBe(201);
  const { slug } = ((await sent.json()) as { design: { slug: string } }).design;
  const mine = await customer.request.get(`/api/user/design-submissions/${slug}`, {
    headers: { Authorization: `Bearer ${customerToken}` },
  });
  const designId = ((await mine.json()) as { design: { id: number } }).design.id;

  // The admin builds a proposal on the design page and sends it.
  await admin.goto(`/admin/design/view/${designId}`);
  await expect(admin.getByRole('button', { name: 'Build a proposal' })).toBeVisible();
  await checkPage(admin, 'admin-design-detail');
  await admin.getByRole('button', { name: 'Build a proposal' }).click();
  await admin.getByRole('searchbox', { name: 'Add a product' }).fill(product.name);
  await admin
    .getByRole('button', { name: `Add ${product.name}` })
    .first()
    .click();
  // The picked product is a line, and the results are closed, before the next button is pressed.
  await expect(admin.getByRole('textbox', { name: 'Unit price' })).toHaveCount(1);
  await expect(admin.getByRole('list', { name: 'Products found' })).toBeHidden();
  await admin.getByRole('button', { name: 'Add installation' }).click();
  await admin.getByRole('textbox', { name: 'Unit price' }).nth(1).fill('250');
  await expect(admin.getByTestId('line-total-1')).toHaveText('Line total $250.00');
  await admin.getByRole('button', { name: 'Save draft' }).click();
  await expect(admin).toHaveURL(/\/admin\/proposals\/\d+$/);
  const proposalId = Number(admin.url().split('/').pop());
  const status = admin.getByRole('region', { name: 'Status' });
  await expect(status.getByText('Draft', { exact: true })).toBeVisible();
  await admin.getByRole('button', { name: 'Send to customer' }).click();
  await expect(admin.getByText('Proposal sent to the customer.')).toBeVisible();
  await expect(status.getByText('Sent', { exact: true })).toBeVisible();
  const heading = await admin.getByRole('heading', { level: 1 }).textContent();
  const number = /Proposal (\S+)/.exec(heading ?? '')![1]!;
  await checkPage(admin, 'admin-proposal-detail');
  await admin.goto('/admin/proposals');
  await expect(admin.getByRole('link', { name: `View proposal ${number} version 1` }).first()).toBeVisible();
  await checkPage(admin, 'admin-proposals');

  // The customer finds it in the customer area and on the design page, and reads the PDF.
  await customer.goto('/user/proposals');
  await customer.getByRole('link', { name: `Open proposal ${number} version 1` }).click();
  await expect(customer).toHaveURL(`/user/proposals/${proposalId}`);
  await expect(customer.getByRole('list', { name: 'Proposal lines' })).toContainText(product.name);
  const pdf = await customer.request.get(`/api/user/proposals/${proposalId}/pdf`, {
    headers: { Authorization: `Bearer ${customerToken}` },
  });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect(pdfText(await pdf.body())).toContain(number);
  await checkPage(customer, 'user-proposal-detail');

  // Accepts, and books the first open window.
  await customer.getByRole('button', { name: 'Accept', exact: true }).click();
  const dialog = customer.getByRole('dialog', { name: `Accept proposal ${number}` });
  await dialog.getByRole('textbox', { name: 'Comment (optional)' }).fill('Looks right.');
  await dialog.getByRole('button', { name: 'Accept proposal' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    customer.getByRole('region', { name: 'Status' }).getByText('Accepted', { exact: true }),
  ).toBeVisible();
  await checkAnOpenWindow(customer, { changeable: true });
  await customer.getByRole('textbox', { name: 'Installation address' }).fill('12 Harbor Road, Suite 400');
  await checkPage(customer, 'user-proposal-slots');
  await customer.getByRole('button', { name: 'Book this window' }).click();
  await expect(customer.getByText('Your installation date is booked.')).toBeVisible();
  const date = customer.getByRole('region', { name: 'Installation date' });
  await expect(date.getByText('Requested', { exact: true })).toBeVisible();
  await expect(date.getByText('Address: 12 Harbor Road, Suite 400', { exact: true })).toBeVisible();

  // The admin confirms the booking; both sides see it confirmed, and where the crew goes.
  await admin.goto(`/admin/proposals/${proposalId}`);
  const installation = admin.getByRole('region', { name: 'Installation' });
  await expect(installation.getByText('Address: 12 Harbor Road, Suite 400', { exact: true })).toBeVisible();
  await installation.getByRole('button', { name: 'Confirm' }).click();
  await expect(installation.getByText('Confirmed', { exact: true })).toBeVisible();
  await admin.goto('/admin/bookings');
  await expect(admin.getByRole('list', { name: 'Bookings' })).toContainText(`Proposal ${number}`);
  await checkPage(admin, 'admin-bookings');
  await admin.goto('/admin/dashboard');
  await expect(admin.getByRole('heading', { name: 'Proposals this month' })).toBeVisible();
  const upcoming = admin.getByRole('region', { name: 'Upcoming installations and visits' });
  await expect(upcoming.getByRole('link', { name: 'Open the proposal' }).first()).toBeVisible();

  await customer.reload();
  await expect(date.getByText('Confirmed', { exact: true })).toBeVisible();
  // The crew goes elsewhere: the customer changes the address, and the shop reads the new one.
  await date.getByRole('button', { name: 'Change address' }).click();
  const where = customer.getByRole('dialog', { name: 'Change the address' });
  // The dialog opens on its field: the keyboard types the address at once.
  await expect(where.getByRole('textbox', { name: 'Installation address' })).toBeFocused();
  await where.getByRole('textbox', { name: 'Installation address' }).fill('Pier 9, Dock Street');
  await checkPage(customer, 'user-booking-address');
  await where.getByRole('button', { name: 'Save address' }).click();
  await expect(customer.getByText('The address is saved. The shop is told.')).toBeVisible();
  await expect(date.getByText('Address: Pier 9, Dock Street', { exact: true })).toBeVisible();
  await expect(date.getByText('Confirmed', { exact: true })).toBeVisible();
  await admin.goto(`/admin/proposals/${proposalId}`);
  await expect(installation.getByText('Address: Pier 9, Dock Street', { exact: true })).toBeVisible();
  // The customer calls with the gate to use: the shop adds it, and the customer reads it.
  await installation.getByRole('button', { name: 'Change address' }).click();
  const correction = admin.getByRole('dialog', { name: 'Change the address' });
  await correction.getByRole('textbox', { name: 'Installation address' }).fill('Pier 9, Dock Street, Gate B');
  await correction.getByRole('button', { name: 'Save address' }).click();
  await expect(admin.getByText('The address is saved. The customer is told.')).toBeVisible();
  await expect(installation.getByText('Address: Pier 9, Dock Street, Gate B', { exact: true })).toBeVisible();
  await customer.reload();
  await expect(date.getByText('Address: Pier 9, Dock Street, Gate B', { exact: true })).toBeVisible();
  await customer.goto(`/user/design-status/${slug}`);
  const onDesign = customer.getByRole('region', { name: 'Proposals and installation' });
  await expect(onDesign.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(onDesign.getByRole('link', { name: `Open proposal ${number} version 1` })).toBeVisible();
  await checkPage(customer, 'user-design-status');
  // On a phone a proposal's name keeps its line; its status, total and link wrap below it.
  await customer.setViewportSize({ width: 390, height: 900 });
  await expectOneLine(onDesign.getByText(`Proposal ${number} · version 1`));
  await customer.goto('/user/proposals');
  await expectOneLine(customer.getByRole('paragraph').filter({ hasText: `Proposal ${number}` }));
  await checkPage(customer, 'user-proposals');
});

test('a quote request from the wishlist is answered with a proposal', async ({ newPage }) => {
  test.setTimeout(120_000);
  const { customer, admin, customerToken } = await twoSides(newPage, 'quote');
  const product = await ownProduct('Quoted Workstation');
  const liked = await customer.request.post('/api/favorites/toggle', {
    headers: { Authorization: `Bearer ${customerToken}` },
    data: { type: 'product', id: product.id },
  });
  expect(liked.status()).toBe(200);

  await customer.goto('/user/designs-liked');
  await customer.getByRole('button', { name: 'Request a quote' }).click();
  const dialog = customer.getByRole('dialog', { name: 'Request a quote' });
  await dialog.getByRole('spinbutton', { name: `Quantity of ${product.name}` }).fill('12');
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('For the new floor.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(
    customer.getByText('Your quote request is sent. We will answer with a proposal.'),
  ).toBeVisible();

  await admin.goto('/admin/quote-requests');
  await checkPage(admin, 'admin-quote-requests');
  await admin
    .getByRole('button', { name: 'Answer the request of Robin Buyer with a proposal' })
    .first()
    .click();
  const builder = admin.getByRole('dialog', { name: 'Proposal for Robin Buyer' });
  await expect(builder.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('12');
  await builder.getByRole('button', { name: 'Save draft' }).click();
  await expect(admin).toHaveURL(/\/admin\/proposals\/\d+$/);
  const proposalId = Number(admin.url().split('/').pop());
  await admin.getByRole('button', { name: 'Send to customer' }).click();
  await expect(admin.getByText('Proposal sent to the customer.')).toBeVisible();

  await customer.goto(`/user/proposals/${proposalId}`);
  await expect(customer.getByRole('list', { name: 'Proposal lines' })).toContainText(product.name);
  await expect(customer.getByRole('button', { name: 'Accept', exact: true })).toBeVisible();
});

test('a guest books a site visit from the home page; the schedule page is accessible', async ({
  newPage,
}) => {
  test.setTimeout(180_000);
  const adminEmail = uniqueEmail('visit-admin');
  await createAccount({ email: adminEmail, role: 'admin', name: 'Alex Dealer' });
  const admin = await newPage();
  const adminToken = await signIn(admin, 'admin', adminEmail);
  await openTheSchedule(admin, adminToken);
  await admin.goto('/admin/schedule');
  await expect(admin.getByRole('combobox', { name: 'Weekday' }).first()).toBeVisible();
  await checkPage(admin, 'admin-schedule');

  // The guest's browser keeps Tokyo's time; the shop's windows still read on its own clock (New York).
  const page = await newPage({ timezoneId: 'Asia/Tokyo' });
  await page.goto('/');
  await page.getByRole('link', { name: 'Book a Site Visit' }).click();
  await expect(page).toHaveURL('/site-visit');
  await expect(page.getByRole('heading', { name: 'Book a Site Visit' })).toBeVisible();
  const guest = uniqueEmail('visit-guest');
  await page.getByRole('textbox', { name: 'Name' }).fill('Gale Guest');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(guest);
  await page.getByRole('textbox', { name: 'Phone' }).fill('(212) 555-0177');
  await page.getByRole('textbox', { name: 'Company' }).fill('Guest Offices');
  const address = page.getByRole('textbox', { name: 'Site address' });
  await expect(address).toHaveAccessibleDescription('Where we come to measure: street, city and ZIP code.');
  await address.fill('12 Harbor Street, Suite 4\nBrooklyn, NY 11201');
  await checkAnOpenWindow(page);
  const newYorkWindow = /(9:00\sAM – 12:00\sPM|1:00\sPM – 5:00\sPM) E[SD]T/;
  await expect(page.locator('label').filter({ has: page.getByRole('radio', { checked: true }) })).toHaveText(
    newYorkWindow,
  );
  await checkPage(page, 'site-visit');
  await page.getByRole('button', { name: 'Book the visit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your visit is requested.' })).toBeVisible();
  await expect(page.locator('section').filter({ hasText: 'Thank you' })).toContainText(newYorkWindow);

  await expect(page.locator('section').filter({ hasText: 'Thank you' })).toContainText(
    'Address: 12 Harbor Street, Suite 4',
  );

  await admin.goto('/admin/bookings');
  const visit = admin
    .getByRole('list', { name: 'Bookings' })
    .getByRole('listitem')
    .filter({ hasText: 'Site visit · Gale Guest' })
    .filter({ hasText: guest });
  await expect(visit).toContainText('Address: 12 Harbor Street, Suite 4 Brooklyn, NY 11201');
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A design of the customer's and a proposal on it sent by the admin, all through the API; accepted if asked. */
async function sentProposal(
  sides: Awaited<ReturnType<typeof twoSides>>,
  { accepted = false, designId }: { accepted?: boolean; designId?: number } = {},
) {
  const { customer, admin, customerToken, adminToken } = sides;
  let design = designId;
  if (!design) {
    const sent = await customer.request.post('/api/user/design-submissions', {
      headers: auth(customerToken),
      multipart: {
        selectedTab: 'dontHaveDesign',
        email: 'robin@example.com',
        totalNumber: '6-10',
        features: JSON.stringify(['Tall Walls']),
        interest: 'New Furniture',
        name: 'Robin Buyer',
        company_name: 'Buyer Works',
        zip_code: '10001',
        phone: '(212) 555-0142',
      },
    });
    expect(sent.status()).toBe(201);
    const { slug } = ((await sent.json()) as { design: { slug: string } }).design;
    const mine = await customer.request.get(`/api/user/design-submissions/${slug}`, {
      headers: auth(customerToken),
    });
    design = ((await mine.json()) as { design: { id: number } }).design.id;
  }
  const product = await ownProduct('Proposed Workstation');
  const created = await admin.request.post(`/api/admin/designs/${design}/proposals`, {
    headers: auth(adminToken),
    data: { valid_until: inDays(20), lines: [{ product_id: product.id, quantity: 2 }] },
  });
  expect(created.status()).toBe(201);
  const { id, number } = ((await created.json()) as { proposal: { id: number; number: string } }).proposal;
  expect(
    (await admin.request.post(`/api/admin/proposals/${id}/send`, { headers: auth(adminToken) })).status(),
  ).toBe(200);
  if (accepted) {
    const res = await customer.request.post(`/api/user/proposals/${id}/accept`, {
      headers: auth(customerToken),
      data: {},
    });
    expect(res.status()).toBe(200);
  }
  return { id, number, designId: design };
}

async function openSlots(page: Page, token: string, proposalId: number) {
  const res = await page.request.get(`/api/user/proposals/${proposalId}/slots`, { headers: auth(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { slots: { start: string; end: string; available: boolean }[] }).slots;
}

test('the schedule blacks out no day a customer has a booking on, and says so under that date', async ({
  newPage,
}) => {
  const { admin, customer, customerToken, adminToken } = await twoSides(newPage, 'blackout');
  await openTheSchedule(admin, adminToken);
  // A day of this journey's own, asked for by its customer: no other journey books a day without a window there.
  const day = inDays(40 + Math.floor(Math.random() * 15));
  const asked = await customer.request.post('/api/site-visits', {
    headers: auth(customerToken),
    data: { requested_date: day },
  });
  expect(asked.status()).toBe(201);

  await admin.goto('/admin/schedule');
  await admin.getByRole('button', { name: 'Add a blackout date' }).click();
  const date = admin.getByLabel('Blackout date 1', { exact: true });
  await date.fill(day);
  await admin.getByRole('button', { name: 'Save availability' }).click();
  await expect(date).toHaveAccessibleDescription(SCHEDULING_MESSAGES.blackoutBooked);
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  const saved = await admin.request.get('/api/admin/schedule', { headers: auth(adminToken) });
  expect(((await saved.json()) as { blackout_dates: string[] }).blackout_dates).not.toContain(day);

  // The refusal links to that day's bookings, where the customer's request is, to move or cancel it.
  const { booking } = (await asked.json()) as { booking: { email: string } };
  await admin.getByRole('link', { name: /^See the bookings of / }).click();
  await expect(admin).toHaveURL(`/admin/bookings?date=${day}`);
  await expect(admin.getByLabel('Day', { exact: true })).toHaveValue(day);
  await expect(
    admin.getByRole('list', { name: 'Bookings' }).getByRole('listitem').filter({ hasText: booking.email }),
  ).toContainText('Site visit');
  await checkPage(admin, 'admin-bookings-day');
});

test('a sent proposal is revised into version 2; the customer sees it arrive, the history, and decides', async ({
  newPage,
}) => {
  test.setTimeout(120_000);
  const sides = await twoSides(newPage, 'revise');
  const { customer, admin } = sides;
  const v1 = await sentProposal(sides);

  // The customer has version 1 open while the shop revises it.
  await customer.goto(`/user/proposals/${v1.id}`);
  const customerStatus = customer.getByRole('region', { name: 'Status' });
  await expect(customerStatus.getByText('Sent', { exact: true })).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Accept', exact: true })).toBeVisible();

  await admin.goto(`/admin/proposals/${v1.id}`);
  await admin.getByRole('button', { name: 'Revise' }).click();
  await expect(admin.getByText('Version 2 created as a draft.')).toBeVisible();
  await expect(admin).not.toHaveURL(`/admin/proposals/${v1.id}`);
  await expect(admin).toHaveURL(/\/admin\/proposals\/\d+$/);
  const v2 = Number(admin.url().split('/').pop());
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(`Proposal ${v1.number} · version 2`);
  const adminStatus = admin.getByRole('region', { name: 'Status' });
  await expect(adminStatus.getByText('Draft', { exact: true })).toBeVisible();
  // A draft is the shop's only: version 1 is still open to the customer, fresh from the server.
  await customer.reload();
  await expect(customerStatus.getByText('Sent', { exact: true })).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Accept', exact: true })).toBeVisible();
  await admin.getByRole('button', { name: 'Send to customer' }).click();
  await expect(admin.getByText('Proposal sent to the customer.')).toBeVisible();
  const adminVersions = admin.getByRole('list', { name: 'Versions' });
  await expect(adminVersions.getByRole('listitem').filter({ hasText: 'Version 1' })).toContainText(
    'Superseded',
  );

  // Without a reload, the customer's version 1 turns superseded and can no longer be decided.
  await expect(customerStatus.getByText('Superseded', { exact: true })).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Accept', exact: true })).toBeHidden();
  const history = customer.getByRole('list', { name: 'Versions' });
  await history.getByRole('link', { name: 'Version 2' }).click();
  await expect(customer).toHaveURL(`/user/proposals/${v2}`);
  await expect(history.getByRole('listitem').filter({ hasText: 'Version 1' })).toContainText('Superseded');
  await expect(history.getByText('Version 2')).toHaveAttribute('aria-current', 'page');
  await checkPage(customer, 'user-proposal-versions');

  // The customer declines version 2; the shop's open page shows it without a reload.
  await customer.getByRole('button', { name: 'Decline' }).click();
  const dialog = customer.getByRole('dialog', { name: `Decline proposal ${v1.number}` });
  await dialog.getByRole('textbox', { name: /Comment/ }).fill('Over our budget this quarter.');
  await dialog.getByRole('button', { name: 'Decline proposal' }).click();
  await expect(dialog).toBeHidden();
  await expect(customerStatus.getByText('Declined', { exact: true })).toBeVisible();
  await expect(adminStatus.getByText('Declined', { exact: true })).toBeVisible();
  await expect(admin.getByRole('region', { name: "Customer's comment" })).toContainText(
    'Over our budget this quarter.',
  );
});

test('the customer asks for another date, the shop proposes a window, the customer confirms it', async ({
  newPage,
}) => {
  test.setTimeout(180_000);
  const sides = await twoSides(newPage, 'ask-date');
  const { customer, admin, adminToken } = sides;
  await openTheSchedule(admin, adminToken);
  const deal = await sentProposal(sides, { accepted: true });

  await customer.goto(`/user/proposals/${deal.id}`);
  const date = customer.getByRole('region', { name: 'Installation date' });
  await date.getByRole('button', { name: 'Ask for another date' }).click();
  await date.getByLabel('Preferred date').fill(inDays(12));
  await date.getByRole('textbox', { name: /Note/ }).fill('The floor is painted the week before.');
  await date.getByRole('button', { name: 'Send request' }).click();
  await expect(customer.getByText('Your request is sent.')).toBeVisible();
  await expect(date.getByTestId('booking-date')).toHaveText(/^Asked for /);
  await expect(date.getByText('Requested', { exact: true })).toBeVisible();

  await admin.goto(`/admin/proposals/${deal.id}`);
  const installation = admin.getByRole('region', { name: 'Installation' });
  await expect(installation).toContainText('The floor is painted the week before.');
  // A date without a time cannot be confirmed: the shop proposes a window.
  await expect(installation.getByRole('button', { name: 'Confirm' })).toBeHidden();
  await installation.getByRole('button', { name: 'Propose another date' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Propose another date' });
  await checkAnOpenWindow(dialog);
  await checkPage(admin, 'admin-propose-date');
  await dialog.getByRole('button', { name: 'Propose', exact: true }).click();
  await expect(admin.getByText('The new date is proposed to the customer.')).toBeVisible();
  await expect(installation.getByText('Proposed', { exact: true })).toBeVisible();

  // The customer sees the proposed window without a reload and confirms it; the shop sees the confirmation.
  await expect(date.getByText('Proposed', { exact: true })).toBeVisible();
  await date.getByRole('button', { name: 'Confirm this date' }).click();
  await expect(customer.getByText('The date is confirmed.')).toBeVisible();
  await expect(date.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(installation.getByText('Confirmed', { exact: true })).toBeVisible();
});

test('bookings are moved and cancelled up to 48 hours before, by either side, and not later; the shop declines a late request', async ({
  newPage,
}) => {
  test.setTimeout(150_000);
  const sides = await twoSides(newPage, 'move');
  const { customer, admin, customerToken, adminToken } = sides;
  await openTheSchedule(admin, adminToken);
  const deal = await sentProposal(sides, { accepted: true });
  const slots = await openSlots(customer, customerToken, deal.id);
  const later = slots.filter((s) => s.available && Date.parse(s.start) - Date.now() > 72 * 3_600_000);
  const booked = await customer.request.post(`/api/user/proposals/${deal.id}/booking`, {
    headers: auth(customerToken),
    data: { slot_start: later[0]!.start },
  });
  expect(booked.status()).toBe(201);

  // The customer moves the window.
  await customer.goto(`/user/proposals/${deal.id}`);
  const date = customer.getByRole('region', { name: 'Installation date' });
  const before = await date.getByTestId('booking-date').textContent();
  await date.getByRole('button', { name: 'Reschedule' }).click();
  const move = customer.getByRole('dialog', { name: 'Reschedule the installation' });
  await move.locator(`input[type="radio"][value="${later[1]!.start}"]`).check();
  await move.getByRole('button', { name: 'Move to this time' }).click();
  await expect(customer.getByText('The installation is moved.')).toBeVisible();
  await expect(date.getByTestId('booking-date')).not.toHaveText(before!);

  // The shop cancels it; the customer's page offers the windows again without a reload.
  await admin.goto(`/admin/proposals/${deal.id}`);
  const installation = admin.getByRole('region', { name: 'Installation' });
  await expect(installation.getByTestId('booking-date')).not.toHaveText(before!);
  await installation.getByRole('button', { name: 'Cancel booking' }).click();
  const cancel = admin.getByRole('alertdialog', { name: 'Cancel this booking?' });
  // It opens on Keep it; the reason is asked above it.
  await expect(cancel.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await cancel
    .getByLabel('Reason (optional)')
    .fill('  Our crew is needed on a warehouse fit-out that day.  ');
  await cancel.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(admin.getByText('The booking is cancelled.')).toBeVisible();
  // Both sides still see the cancelled window, when and by whom it was cancelled, and why; the customer books again.
  const reason = 'Reason: “Our crew is needed on a warehouse fit-out that day.”';
  await expect(installation.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(installation.getByText(/^Cancelled by the shop on /)).toBeVisible();
  await expect(installation.getByText(reason, { exact: true })).toBeVisible();
  await expect(date.getByText(reason, { exact: true })).toBeVisible();
  await expect(installation.getByRole('button', { name: 'Cancel booking' })).toBeHidden();
  await expect(installation).toContainText('The customer can book a new date from their proposal.');
  await expect(date.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(date.getByText(/^Cancelled by the shop on /)).toBeVisible();
  await expect(date.getByRole('button', { name: 'Book this window' })).toBeVisible();

  // A window less than 48 hours away: the customer can neither move nor cancel it; the shop may still decline the
  // request until it confirms it, and then nobody can cancel it. No window that near is offered (one booked could
  // not be undone): a booking comes that near as time passes, here moved there in the database.
  const soon = await sentProposal(sides, { accepted: true, designId: deal.designId });
  const offered = await openSlots(customer, customerToken, soon.id);
  expect(offered.every((s) => Date.parse(s.start) - Date.now() > 48 * 3_600_000)).toBe(true);
  const open = offered.slice(0, -RESERVED_FOR_FULL).filter((s) => s.available);
  const held = await customer.request.post(`/api/user/proposals/${soon.id}/booking`, {
    headers: auth(customerToken),
    data: { slot_start: open[Math.floor(Math.random() * open.length)]!.start },
  });
  expect(held.status()).toBe(201);
  const heldId = ((await held.json()) as { booking: { id: number } }).booking.id;
  await sql(
    `update bookings set slot_start = now() + interval '30 hours', slot_end = now() + interval '33 hours'
     where id = $1`,
    [heldId],
  );
  await customer.goto(`/user/proposals/${soon.id}`);
  await expect(date.getByText('Requested', { exact: true })).toBeVisible();
  await expect(date.getByRole('button', { name: 'Reschedule' })).toBeHidden();
  await expect(date.getByRole('button', { name: 'Cancel booking' })).toBeHidden();
  await admin.goto(`/admin/proposals/${soon.id}`);
  await expect(installation.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
  await expect(installation.getByRole('button', { name: 'Propose another date' })).toBeHidden();
  await installation.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('The date is confirmed.')).toBeVisible();
  await expect(installation.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(installation.getByRole('button', { name: 'Cancel booking' })).toBeHidden();
  const late = await customer.request.post(`/api/user/bookings/${heldId}/cancel`, {
    headers: auth(customerToken),
  });
  expect(late.status()).toBe(409);
});

test('a signed-in customer finds their site visit under Proposals and confirms the time the shop proposes', async ({
  newPage,
}) => {
  test.setTimeout(120_000);
  const sides = await twoSides(newPage, 'visit');
  const { customer, admin, customerToken, adminToken } = sides;
  await openTheSchedule(admin, adminToken);
  const asked = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const booked = await customer.request.post('/api/site-visits', {
    headers: auth(customerToken),
    data: { requested_date: asked, note: 'Any morning' },
  });
  expect(booked.status()).toBe(201);
  const visit = ((await booked.json()) as { booking: { id: number } }).booking;

  // The shop proposes one of the open windows (not one the full-window journey keeps).
  const res = await admin.request.get('/api/site-visits/slots');
  const all = ((await res.json()) as { slots: { start: string; available: boolean }[] }).slots;
  const open = all.slice(0, -RESERVED_FOR_FULL).filter((s) => s.available);
  const window = open[Math.floor(Math.random() * open.length)]!.start;
  const proposed = await admin.request.post(`/api/admin/bookings/${visit.id}/propose`, {
    headers: auth(adminToken),
    data: { slot_start: window },
  });
  expect(proposed.status()).toBe(200);

  await customer.goto('/user/proposals');
  const visits = customer.getByRole('region', { name: 'Your site visits' });
  await expect(visits.getByText('Proposed', { exact: true })).toBeVisible();
  await visits.getByRole('button', { name: 'Confirm this date' }).click();
  await expect(visits.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(visits.getByRole('button', { name: 'Confirm this date' })).toHaveCount(0);
  // The confirmation's toast is dismissed before the page is checked: one still fading in is not measured at its
  // final colours (CI on PostgreSQL 15: axe read its text half-transparent).
  const toast = customer.getByRole('listitem').filter({ hasText: 'The date is confirmed.' });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toHaveCount(0);
  await checkPage(customer, 'user-site-visits');
});

test('a full window is shown full and cannot be booked', async ({ newPage }) => {
  test.setTimeout(120_000);
  const sides = await twoSides(newPage, 'full');
  const { customer, admin, customerToken, adminToken } = sides;
  await openTheSchedule(admin, adminToken);
  // One of the last windows, which no other journey picks, filled to its capacity of three by this customer.
  const res = await customer.request.get('/api/site-visits/slots');
  const slots = ((await res.json()) as { slots: { start: string; available: boolean }[] }).slots;
  const late = slots.slice(-RESERVED_FOR_FULL).filter((s) => s.available);
  const window = late[Math.floor(Math.random() * late.length)]!.start;
  for (let i = 0; i < 3; i++) {
    const held = await customer.request.post('/api/site-visits', {
      headers: auth(customerToken),
      data: { slot_start: window },
    });
    expect(held.status()).toBe(201);
  }
  // A guest, who has no visit ahead, is refused by the window alone.
  const fourth = await customer.request.post('/api/site-visits', {
    data: { slot_start: window, name: 'Guest', email: uniqueEmail('full-window'), phone: '555 0100' },
  });
  expect(fourth.status()).toBe(409);
  expect(((await fourth.json()) as { message: string }).message).toBe(SCHEDULING_MESSAGES.windowFull);

  await customer.goto('/site-visit');
  const full = customer.locator(`input[type="radio"][value="${window}"]`);
  await expect(full).toBeDisabled();
  await expect(customer.locator('label').filter({ has: full })).toContainText('(full)');
});

/** Presses Tab until the element has the focus (at most `max` times), as a keyboard user reaches it. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

test('a failed load shows an error with a retry; the deal is decided and booked with the keyboard alone', async ({
  newPage,
  refusals,
}) => {
  test.setTimeout(120_000);
  const sides = await twoSides(newPage, 'keys');
  const { customer, admin, adminToken } = sides;
  await openTheSchedule(admin, adminToken);
  const deal = await sentProposal(sides);

  // The network fails on the first load: an alert with a retry, not a blank page.
  refusals.push({ status: 503, path: `/api/user/proposals/${deal.id}` });
  let failing = true;
  await customer.route(`**/api/user/proposals/${deal.id}`, (route) =>
    failing ? route.fulfill({ status: 503, json: { message: 'Service unavailable.' } }) : route.fallback(),
  );
  await customer.goto(`/user/proposals/${deal.id}`);
  const alert = customer.getByRole('alert').filter({ hasText: 'Failed to load proposal details.' });
  await expect(alert).toBeVisible();
  await checkPage(customer, 'user-proposal-failed');
  failing = false;
  await tabTo(customer, alert.getByRole('button', { name: 'Try again' }));
  await customer.keyboard.press('Enter');
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText(`Proposal ${deal.number}`);

  // Accept with the keyboard: Enter opens the dialog, Tab reaches its fields, Enter submits.
  await tabTo(customer, customer.getByRole('button', { name: 'Accept', exact: true }));
  await customer.keyboard.press('Enter');
  const dialog = customer.getByRole('dialog', { name: `Accept proposal ${deal.number}` });
  await expect(dialog).toBeVisible();
  const comment = dialog.getByRole('textbox', { name: 'Comment (optional)' });
  await tabTo(customer, comment);
  await customer.keyboard.type('Agreed by phone.');
  // The first press fails (no connection): the dialog stays, and so does the focus on its button, so a second
  // Enter tries again. Then the Accept button is gone, and the focus is on the status that says the outcome.
  let acceptFails = true;
  await customer.route(`**/api/user/proposals/${deal.id}/accept`, (route) =>
    acceptFails ? route.abort() : route.fallback(),
  );
  const submit = dialog.getByRole('button', { name: 'Accept proposal' });
  await tabTo(customer, submit);
  await customer.keyboard.press('Enter');
  // The toast that says so is drawn in the dialog, above its backdrop, where it is read out and can be dismissed.
  await expect(dialog.getByRole('alert')).toContainText('Network error. Please check your connection.');
  await expect(submit).toBeFocused();
  await checkPage(customer, 'user-proposal-accept-failed');
  acceptFails = false;
  await customer.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(customer.getByRole('heading', { name: 'Status' })).toBeFocused();

  // Book the first open window: Tab into the radio group, Space picks it, Enter books.
  const date = customer.getByRole('region', { name: 'Installation date' });
  const first = date.locator('input[type="radio"]:not([disabled])').first();
  await tabTo(customer, first);
  await customer.keyboard.press('Space');
  await expect(first).toBeChecked();
  await tabTo(customer, date.getByRole('button', { name: 'Book this window' }));
  await customer.keyboard.press('Enter');
  await expect(customer.getByText('Your installation date is booked.')).toBeVisible();
  await expect(date.getByText('Requested', { exact: true })).toBeVisible();

  // The back-office list fails once too, and recovers on retry.
  refusals.push({ status: 503, path: '/api/admin/bookings' });
  let listFails = true;
  await admin.route('**/api/admin/bookings?*', (route) =>
    listFails ? route.fulfill({ status: 503, json: { message: 'Service unavailable.' } }) : route.fallback(),
  );
  await admin.goto('/admin/bookings');
  const listAlert = admin.getByRole('alert').filter({ hasText: 'Failed to load bookings.' });
  await expect(listAlert).toBeVisible();
  await checkPage(admin, 'admin-bookings-failed');
  listFails = false;
  await listAlert.getByRole('button', { name: 'Try again' }).click();
  await expect(admin.getByRole('list', { name: 'Bookings' })).toContainText(`Proposal ${deal.number}`);
});
