import type { Locator, Page } from '@playwright/test';
import { ADMIN_MESSAGES, CUSTOMER_MESSAGES, SIGN_IN_MESSAGES } from '@shop/contracts';
import { createAccount, JOURNEY_PASSWORD, signIn } from './support/accounts';
import { DASHBOARD_FIGURES, dashboardFigures } from './support/dashboard';
import { expect, submitLogin, test, uniqueEmail } from './support/fixtures';
import { ownProduct, ownProducts } from './support/products';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A customer of this journey's own, signed in through the API; answers the token. */
async function newCustomer(page: Page, prefix: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(prefix);
  await createAccount({ email, role: 'user', name: 'Polish Shopper' });
  const res = await page.request.post('/api/login', { data: { email, password: JOURNEY_PASSWORD } });
  expect(res.status()).toBe(200);
  return { email, token: ((await res.json()) as { token: string }).token };
}

/** The texts inside `root` that run over more than one line (screen-reader-only text left out). */
/**
 * An element's visible texts that wrap onto more than one line, its height, and how far the page is wider than the
 * window: one call into the page, for checks repeated at many widths.
 */
function layoutOf(root: Locator): Promise<{ wrapped: string[]; height: number; overflow: number }> {
  return root.evaluate((element) => {
    const wrapped: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const text = walker.currentNode as Text;
      const parent = text.parentElement;
      if (!text.textContent?.trim() || !parent || parent.closest('.sr-only') || !parent.checkVisibility())
        continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      const lines = new Set(
        [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
      );
      if (lines.size > 1) wrapped.push(text.textContent.trim());
    }
    return {
      wrapped,
      height: element.getBoundingClientRect().height,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
}

const wrappedTexts = async (root: Locator) => (await layoutOf(root)).wrapped;

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('on a phone, a guest opening a favorites link is asked to log in, never told the session expired, and comes back to the favorites', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const { email, token } = await newCustomer(page, 'fav-link');
  const product = await ownProduct('Linked Favorite Desk');
  const liked = await page.request.post('/api/favorites/toggle', {
    data: { type: 'product', id: product.id },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(liked.status()).toBe(200);

  // A guest: no request for favorites is made (a 401 would be a console error), the page says what to do.
  await page.goto('/products?favorites=true');
  await expect(page.getByText(SIGN_IN_MESSAGES.favoritesTitle)).toBeVisible();
  await expect(page.getByText(CUSTOMER_MESSAGES.sessionExpired)).toHaveCount(0);
  await page.getByRole('link', { name: SIGN_IN_MESSAGES.logIn }).click();
  await expect(page).toHaveURL('/login?next=%2Fproducts%3Ffavorites%3Dtrue');

  await submitLogin(page, email, JOURNEY_PASSWORD);
  await expect(page).toHaveURL('/products?favorites=true');
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await expect(page.getByRole('link', { name: product.name, exact: true })).toBeVisible();

  // Back after logging out shows the guest's page again, without 'Session expired'.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL('/login');
  await page.goBack();
  await expect(page).toHaveURL('/products?favorites=true');
  await expect(page.getByText(SIGN_IN_MESSAGES.favoritesTitle)).toBeVisible();
  await expect(page.getByText(CUSTOMER_MESSAGES.sessionExpired)).toHaveCount(0);
});

test('a guest opening a page of the customer area logs in and lands on that page', async ({ page }) => {
  const { email } = await newCustomer(page, 'deep-link');
  await page.goto('/user/profile-settings');
  await expect(page).toHaveURL('/login?next=%2Fuser%2Fprofile-settings');
  await expect(page.getByText(CUSTOMER_MESSAGES.sessionExpired)).toHaveCount(0);
  await submitLogin(page, email, JOURNEY_PASSWORD);
  await expect(page).toHaveURL('/user/profile-settings');
  await expect(page.getByRole('tab', { name: 'Profile Settings' })).toBeVisible();
});

test('a login link whose return path resolves to another site keeps the customer in the shop, signed in or not', async ({
  page,
}) => {
  const { email } = await newCustomer(page, 'dot-next');
  // '/.//evil.example/phish' resolves to '//evil.example/phish': another site, however it is written.
  const login = '/login?next=%2F.%2F%2Fevil.example%2Fphish';
  await page.goto(login);
  await submitLogin(page, email, JOURNEY_PASSWORD);
  await expect(page).toHaveURL('/');
  // Signed in, the same link goes straight on, to the dashboard.
  await page.goto(login);
  await expect(page).toHaveURL('/user/dashboard');
});

test('a signed-in customer is not sent to the login while the shop cannot be reached, and gets in with Try again', async ({
  page,
  refusals,
}) => {
  const { email } = await newCustomer(page, 'unreachable');
  await signIn(page, 'customer', email, '/user/design-status');
  await expect(page.getByRole('heading', { name: 'My Design Submissions' })).toBeVisible();

  // The account's own read fails as the app starts (the shop's instances restarting behind the load balancer).
  refusals.push({ status: 503, path: '/api/user' });
  let failing = true;
  await page.route('**/api/user', (route) =>
    failing ? route.fulfill({ status: 503, json: { message: 'Service unavailable.' } }) : route.fallback(),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: 'The shop could not be reached' })).toBeVisible();
  await expect(page.getByText(CUSTOMER_MESSAGES.serverError, { exact: false })).toBeVisible();
  await expect(page).toHaveURL('/user/design-status');

  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'My Design Submissions' })).toBeVisible();
  await expect(page).toHaveURL('/user/design-status');
  // The customer's own list, read with the kept session.
  await expect(page.getByText(CUSTOMER_MESSAGES.noDesigns)).toBeVisible();
});

test('with the browser offline, the contact form says so at once, and sends once the connection is back', async ({
  page,
  context,
  refusals,
}) => {
  refusals.push({ status: 0, path: '/api/contact' });
  await page.goto('/contact');
  await page.getByLabel('First Name').fill('Robin');
  await page.getByLabel('Last Name').fill('Offline');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('contact-offline'));
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+1 555 010 7789');
  await page.getByRole('textbox', { name: /^Message/ }).fill('Sent while the connection was down.');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(CUSTOMER_MESSAGES.offline)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(/^Thank you for your message/)).toBeVisible();
});

test('on a phone, the contact form’s thanks is brought into view, focused and in a live region', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/contact');
  await page.getByLabel('First Name').fill('Robin');
  await page.getByLabel('Last Name').fill('Hayes');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('contact-phone'));
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+1 555 010 7788');
  await page.getByRole('textbox', { name: /^Message/ }).fill('Thirty workstations for a new floor in March.');
  // The live region is there before the thanks arrives (a region that appears with its text is not always read).
  const regions = await page.getByRole('status').count();
  expect(regions).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Send Message' }).click();
  const thanks = page.getByText(/^Thank you for your message/);
  await expect(thanks).toBeInViewport({ ratio: 1 });
  await expect(thanks).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for your message' })).toHaveCount(1);
  await expect(page.getByRole('status')).toHaveCount(regions);
  // Not hidden under the sticky header either.
  const header = await page.getByRole('banner').boundingBox();
  const box = await thanks.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
});

test('the header keeps every label and the logo on one line at every width from 320 to 1440 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const check = async (who: string) => {
    for (let width = 320; width <= 1440; width += 8) {
      await page.setViewportSize({ width, height: 800 });
      const { wrapped, overflow, height } = await layoutOf(page.getByRole('banner'));
      expect(wrapped, `${who} at ${width} px`).toEqual([]);
      expect(overflow, `${who}: the page is wider than ${width} px`).toBeLessThanOrEqual(0);
      expect(height, `${who}: header height at ${width} px`).toBeLessThanOrEqual(width >= 1024 ? 81 : 65);
    }
  };
  await page.goto('/');
  await check('a guest');
  const { token } = await newCustomer(page, 'header-width');
  await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
  await page.reload();
  await page.setViewportSize(DESKTOP);
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  await check('a customer');
});

test('on a phone, the navigation menu closes with Escape (focus returns to its button) and on any navigation', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/services');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link', { name: 'Inventory' })).toBeVisible();
  await menu.getByRole('link', { name: 'Inventory' }).focus();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

  // Any navigation closes it: here the browser's Back, with the menu opened on the page it leaves.
  await toggle.click();
  await menu.getByRole('link', { name: 'Inventory' }).click();
  await expect(page).toHaveURL('/products');
  await expect(menu).toHaveCount(0);
  await toggle.click();
  await expect(menu).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL('/services');
  await expect(menu).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('on a phone, clearing the inventory search with its x button keeps the keyboard in the search box', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/products');
  const search = page.getByRole('searchbox', { name: 'Search products' });
  await search.fill('desk');
  await expect(page).toHaveURL(/search=desk/);
  await page.getByRole('button', { name: 'Clear search' }).focus();
  await page.keyboard.press('Enter');
  await expect(search).toHaveValue('');
  await expect(search).toBeFocused();
  await expect(page).toHaveURL('/products');
  await page.keyboard.type('chair');
  await expect(page).toHaveURL(/search=chair/);
});

test('on a phone, the inventory’s pager takes one line, its arrows still named Previous and Next', async ({
  page,
}) => {
  // Products of this journey's own: six pages (every number shown), and ten seen from the fifth (1 … 4 5 6 … 10);
  // on the phone, and on the narrowest screen a page is made for (320 px).
  for (const [count, at, pages] of [
    [54, 1, '1 2 3 4 5 6'],
    [90, 5, '1 4 5 6 10'],
  ] as const) {
    const tag = await ownProducts('pager', 'Phone Pager Desk', count, 100);
    for (const width of [PHONE.width, 320]) {
      await page.setViewportSize({ ...PHONE, width });
      await page.goto(`/products?search=${tag}${at > 1 ? `&page=${at}` : ''}`);
      const pager = page.getByRole('navigation', { name: 'Pagination' });
      await expect(pager.getByRole('button', { name: `Page ${at}`, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      const numbers = await pager.getByRole('button', { name: /^Page \d+$/ }).allTextContents();
      expect(numbers.join(' ')).toBe(pages);
      const box = (await pager.boundingBox())!;
      expect(box.height, `${count} products, page ${at}, ${width} px`).toBeLessThanOrEqual(40);
      expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(width);
      await expect(pager.getByRole('button', { name: 'Previous' })).toBeVisible();
      await expect(pager.getByRole('button', { name: 'Next' })).toBeVisible();
    }
  }
});

test('the How It Works video is described truthfully and its player controls are reached with the keyboard', async ({
  page,
}) => {
  await page.goto('/how-it-works');
  const play = page.getByRole('button', { name: 'Play video' });
  await play.click();
  const dialog = page.getByRole('dialog', { name: 'How It Works: the four steps' });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toContainText('minute');
  const video = dialog.getByTestId('intro-video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration)).toBeLessThan(60);

  // Focus starts in the dialog (its close button); Tab goes into the player and on through its own controls.
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await page.keyboard.press('Tab');
  await expect(video).toBeFocused();
  // The first control is the play button: Space plays.
  await page.keyboard.press('Space');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  await page.keyboard.press('Tab');
  await expect(video).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(play).toBeFocused();
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px toasts never cover the header’s login or account button`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const phone = viewport.width < 1024;
    await page.goto('/products');
    // A guest's Favorites asks for a login: a toast.
    await page.getByRole('button', { name: 'Favorites' }).click();
    const toast = page.locator('[data-toast-type]').filter({ hasText: CUSTOMER_MESSAGES.wishlistLogin });
    await expect(toast).toBeVisible();
    const login = phone
      ? page.getByRole('button', { name: 'Open menu' })
      : page.getByRole('banner').getByRole('link', { name: 'Login' });
    expect(overlaps((await toast.boundingBox())!, (await login.boundingBox())!)).toBe(false);
    await expect(login).toBeVisible();

    // A customer: the login toast and the account button.
    const { email } = await newCustomer(page, 'toast-place');
    await page.goto('/login');
    await submitLogin(page, email, JOURNEY_PASSWORD);
    const welcome = page.locator('[data-toast-type]').filter({ hasText: CUSTOMER_MESSAGES.loggedIn });
    await expect(welcome).toBeVisible();
    await welcome.hover(); // kept open while the header draws the account button
    const account = phone
      ? page.getByRole('button', { name: 'Open menu' })
      : page.getByRole('button', { name: /^Account menu for/ });
    await expect(account).toBeVisible();
    expect(overlaps((await welcome.boundingBox())!, (await account.boundingBox())!)).toBe(false);
  });
}

test('on a phone, the notifications opened under the header are drawn over the login toast', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const { email } = await newCustomer(page, 'toast-bell');
  await page.goto('/login?next=%2Fuser%2Fdashboard');
  await submitLogin(page, email, JOURNEY_PASSWORD);
  const welcome = page.locator('[data-toast-type]').filter({ hasText: CUSTOMER_MESSAGES.loggedIn });
  await expect(welcome).toBeVisible();
  await page.getByTestId('notification-bell').click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const heading = panel.getByRole('heading', { name: 'Notifications' });
  await expect(heading).toBeVisible();
  // Both take the width under the header; what the customer just opened is on top, its heading not under the toast.
  const box = (await heading.boundingBox())!;
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[role="dialog"]')?.getAttribute('aria-label'),
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(onTop).toBe('Notifications');
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px the back-office’s login toast never covers the page’s own action`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail('toast-admin');
    await createAccount({ email, role: 'admin', name: 'Toast Admin' });
    // Signed in on the way to the products: the login toast is still up when the page's Add Product appears.
    await page.goto('/admin/login?next=%2Fadmin%2Fproducts');
    await submitLogin(page, email, JOURNEY_PASSWORD);
    const welcome = page.locator('[data-toast-type]').filter({ hasText: ADMIN_MESSAGES.loginSuccess });
    const add = page.getByRole('link', { name: 'Add Product', exact: true });
    await expect(welcome).toBeVisible();
    // The toast is held open however long the products take to load (on a loaded machine, longer than its 5 s):
    // its Dismiss button takes the focus, as a keyboard user's would (a toast holds while focused or hovered). A
    // hover needs the toast where it was a moment before, and the page around it is still being drawn.
    await welcome.getByRole('button', { name: 'Dismiss' }).focus();
    await expect(add).toBeVisible();
    expect(overlaps((await welcome.boundingBox())!, (await add.boundingBox())!)).toBe(false);
    // Reached at once, while the toast is still there (a toast a pointer rests on stays open). Whether it was there
    // is read at the click itself: the toast's own 5 s may run out while the next page loads.
    await page.evaluate((text) => {
      document.addEventListener(
        'click',
        () => {
          const toasts = [...document.querySelectorAll('[data-toast-type]')];
          document.body.dataset.toastAtClick = String(toasts.some((t) => t.textContent?.includes(text)));
        },
        { capture: true, once: true },
      );
    }, ADMIN_MESSAGES.loginSuccess);
    // The 2 s bound the click itself (a toast over the link would hold it up); the next page may take longer.
    await add.click({ timeout: 2_000, noWaitAfter: true });
    await expect(page).toHaveURL('/admin/products/create');
    expect(await page.evaluate(() => document.body.dataset.toastAtClick)).toBe('true');
  });
}

for (const width of [390, 768, 1024, 1280]) {
  test(`at ${width} px pills and buttons keep their words on one line and the cards of a row are of one height`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const { token } = await newCustomer(page, 'pills');
    const sent = await page.request.post('/api/user/design-submissions', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: {
        selectedTab: 'dontHaveDesign',
        email: 'pills@example.com',
        totalNumber: '6-10',
        features: JSON.stringify(['Tall Walls']),
        interest: 'New Furniture',
        name: 'Robin Pills',
        company_name: 'Pill Works',
        zip_code: '10001',
        phone: '(212) 555-0142',
      },
    });
    expect(sent.status()).toBe(201);

    const rowsOfOneHeight = async (cards: Locator, where: string) => {
      const boxes = await cards.evaluateAll((elements) =>
        elements.map((e) => {
          const r = e.getBoundingClientRect();
          return { top: Math.round(r.top), height: Math.round(r.height) };
        }),
      );
      expect(boxes.length, `${where}: cards`).toBeGreaterThan(0);
      const rows = new Map<number, number[]>();
      for (const b of boxes) rows.set(b.top, [...(rows.get(b.top) ?? []), b.height]);
      for (const [top, heights] of rows)
        expect(
          new Set(heights).size,
          `${where}: the row at ${top} px has heights ${heights.join(', ')}`,
        ).toBe(1);
    };

    await page.goto('/products');
    const cards = page.getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    await rowsOfOneHeight(cards, '/products');
    const stock = page.getByText(/^(In Stock|Out of Stock)$/);
    await expect(stock).toHaveCount(await cards.count());
    for (let i = 0; i < (await stock.count()); i++) expect(await wrappedTexts(stock.nth(i))).toEqual([]);

    await page.goto('/');
    for (const name of ['Browse Inventory', 'Submit Your Design'])
      expect(await wrappedTexts(page.getByRole('link', { name }).first()), name).toEqual([]);

    await page.goto('/product/ergonomic-mesh-task-chair');
    await expect(page.getByRole('tab', { name: 'Product Info' })).toHaveAttribute('aria-selected', 'true');
    expect(await wrappedTexts(page.getByText('In Stock', { exact: true }).first())).toEqual([]);
    await expect(page.getByTestId('related-products').getByTestId('product-card').first()).toBeVisible();
    await rowsOfOneHeight(
      page.getByTestId('related-products').getByTestId('product-card'),
      'related products',
    );

    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    await page.goto('/user/design-status');
    const details = page.getByRole('link', { name: /^View details of/ }).first();
    await expect(details).toBeVisible();
    expect(await wrappedTexts(details)).toEqual([]);
  });
}

test('no page logs a console warning: public, sign-in, customer and back-office pages and unknown paths', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(`${page.url()}: ${message.text()}`);
  });
  // What shows once a page's data has arrived (pages not listed draw from the session alone); signed-in pages
  // also wait for their bell, a chunk of its own.
  // The wishlist's two pages say the same when nothing is liked.
  const noneLiked = () => page.getByText('You have not liked any products yet.').first();
  const arrived: Record<string, () => Locator> = {
    '/products': () => page.getByTestId('product-card').first(),
    '/product/ergonomic-mesh-task-chair': () =>
      page.getByTestId('related-products').getByTestId('product-card').first(),
    '/user/design-status': () => page.getByText(CUSTOMER_MESSAGES.noDesigns).first(),
    '/user/designs-liked': noneLiked,
    '/products?favorites=true': noneLiked,
    '/admin/dashboard': () => dashboardFigures(page).nth(DASHBOARD_FIGURES - 1),
    '/admin/users': () => page.getByRole('table').getByRole('row').nth(1),
    '/admin/designs': () =>
      page.getByRole('table').getByRole('row').nth(1).or(page.getByText('No designs found')),
    '/admin/products': () => page.getByRole('table').getByRole('row').nth(1),
  };
  const visit = async (paths: string[]) => {
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const landed = new URL(page.url());
      const data = arrived[landed.pathname + landed.search] ?? arrived[landed.pathname];
      if (data) await expect(data(), path).toBeVisible();
      if (/^\/(user|admin)\/(?!login)/.test(landed.pathname)) {
        await expect(page.getByTestId('notification-bell'), path).toBeVisible();
      }
    }
  };
  await visit(['/', '/how-it-works', '/products', '/product/ergonomic-mesh-task-chair', '/services']);
  await visit(['/about-us', '/contact', '/terms', '/privacy-policy', '/no/such/page']);
  await visit(['/login', '/register', '/forgot-password', '/admin/login', '/user', '/admin']);

  const customer = uniqueEmail('quiet-customer');
  await createAccount({ email: customer, role: 'user', name: 'Quiet Customer' });
  await signIn(page, 'customer', customer);
  await visit(['/user', '/user/dashboard', '/user/design-status', '/user/profile-settings', '/user/nowhere']);
  await visit(['/products?favorites=true', '/user/submit-design', '/user/designs-liked']);

  const admin = uniqueEmail('quiet-admin');
  await createAccount({ email: admin, role: 'admin', name: 'Quiet Admin' });
  await signIn(page, 'admin', admin);
  await visit(['/admin', '/admin/dashboard', '/admin/users', '/admin/designs', '/admin/products']);
  await visit(['/admin/settings', '/admin/nowhere']);
  expect(warnings).toEqual([]);
});

test('the home page’s design form uses the shared tabs: arrow keys move between the two ways', async ({
  page,
}) => {
  await page.goto('/#submit-design');
  const have = page.getByRole('tab', { name: 'I Have a Design' });
  const dont = page.getByRole('tab', { name: "I Don't Have a Design" });
  // The form is a chunk of its own, fetched when its section nears the screen: on a busy machine that takes a while.
  await expect(have).toBeVisible({ timeout: 30_000 });
  await expect(have).toHaveAttribute('aria-selected', 'true');
  await have.focus();
  await page.keyboard.press('ArrowRight');
  await expect(dont).toBeFocused();
  await expect(dont).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: "I Don't Have a Design" })).toBeVisible();
  await page.keyboard.press('Home');
  await expect(have).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tablist', { name: 'Do you have a design?' })).toBeVisible();
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px the home page’s design form arrives without moving the footer`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const footerTop = () =>
      footer.evaluate((e) => Math.round(e.getBoundingClientRect().top + window.scrollY));
    // The form is fetched once its section nears the screen: the page's length is taken before that.
    await expect(page.getByRole('status').filter({ hasText: 'Loading the design form…' })).toBeAttached();
    const before = await footerTop();
    await footer.scrollIntoViewIfNeeded();
    await expect(page.getByRole('tab', { name: 'I Have a Design' })).toBeVisible({ timeout: 30_000 });
    expect(await footerTop()).toBe(before);
  });
}
