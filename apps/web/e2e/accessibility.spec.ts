import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, seriousViolations } from './support/axe';
import { expect, logInAsAdmin, logInAsCustomer, test, uniqueEmail } from './support/fixtures';

// Seeded by the server when SEED_DEMO=1 (decisions.md D11).
const DEMO_CUSTOMER = { email: 'customer@example.com', password: 'demo-customer-2026' };
const DEMO_ADMIN = { email: 'admin@example.com', password: 'demo-admin-2026' };

const PUBLIC_PAGES = [
  '/',
  '/how-it-works',
  '/products',
  '/product/ergonomic-mesh-task-chair',
  '/services',
  '/privacy-policy',
  '/terms',
  '/contact',
  '/about-us',
];
const AUTH_PAGES = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=x&email=a@example.com',
  '/admin/login',
];
const CUSTOMER_PAGES = [
  '/user/dashboard',
  '/user/design-status',
  '/user/chat',
  '/user/notifications',
  '/user/profile-settings',
  '/user/designs-liked',
  '/user/submit-design',
];
const ADMIN_PAGES = [
  '/admin/dashboard',
  '/admin/users',
  '/admin/designs',
  '/admin/products',
  '/admin/products/create',
  '/admin/chat',
  '/admin/notifications',
  '/admin/settings',
];

const VIEWPORTS = [
  { name: 'desktop 1280 px', width: 1280, height: 800 },
  { name: 'phone 390 px', width: 390, height: 844 },
];

/** Opens a page and waits until its data has arrived (no request pending for a moment). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // A guard that sent the browser elsewhere would have axe check the wrong page.
  await expect(page).toHaveURL((url) => url.pathname === path.split('?')[0]);
  await expect(page.locator('#root')).not.toBeEmpty();
  // Realtime (Socket.IO) keeps a WebSocket open, which does not count as pending; long polling would.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
}

/** Visits each page and runs axe on it; every page is checked even when an earlier one fails. */
async function auditPages(page: Page, paths: string[]): Promise<void> {
  for (const path of paths) {
    await test.step(path, async () => {
      await open(page, path);
      await expectNoSeriousA11yViolations(page, path, { soft: true });
    });
  }
}

test('the axe helper reports a serious violation with its rule and selector', async ({ page }) => {
  await open(page, '/privacy-policy');
  // A button without a name and grey-on-grey text: what the helper exists to catch.
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    main.insertAdjacentHTML(
      'afterbegin',
      '<button id="nameless" type="button"></button><p id="faint">Barely legible</p>',
    );
    // Through the CSSOM: the Content-Security-Policy refuses style attributes in markup.
    const faint = document.getElementById('faint')!;
    faint.style.color = '#e5e7eb';
    faint.style.backgroundColor = '#ffffff';
  });
  const found = await seriousViolations(page);
  expect(found.find((v) => v.startsWith('button-name [critical]'))).toContain('#nameless');
  expect(found.find((v) => v.startsWith('color-contrast [serious]'))).toContain('#faint');
});

for (const viewport of VIEWPORTS) {
  test.describe(`axe, WCAG 2.1 AA, ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('public pages', async ({ page }) => {
      await auditPages(page, PUBLIC_PAGES);
    });

    test('sign-in pages', async ({ page }) => {
      await auditPages(page, AUTH_PAGES);
    });

    test('customer area, signed in as the demo customer', async ({ page }) => {
      await logInAsCustomer(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      await auditPages(page, CUSTOMER_PAGES);
    });

    test('back-office, signed in as the demo admin', async ({ page }) => {
      await logInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await auditPages(page, ADMIN_PAGES);
    });
  });
}

/** Presses Tab until the target has focus (at most `limit` times), as a keyboard user moves through a page. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) {
      await expectFocusVisible(target);
      return;
    }
  }
  throw new Error(`${String(target)} was not reached with ${limit} presses of Tab`);
}

/** The focused element shows where the keyboard is: an outline or a ring (box-shadow). */
async function expectFocusVisible(target: Locator): Promise<void> {
  const indicator = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
        ? `outline ${style.outlineWidth}`
        : '';
    const ring = style.boxShadow !== 'none' ? 'ring' : '';
    return { focusVisible: element.matches(':focus-visible'), indicator: outline || ring };
  });
  expect(indicator.focusVisible, `${String(target)} matches :focus-visible`).toBe(true);
  expect(indicator.indicator, `${String(target)} shows a focus outline or ring`).not.toBe('');
}

test.describe('keyboard only', () => {
  test('the login form is completed and sent with the keyboard', async ({ page }) => {
    await page.goto('/login');
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email).toBeVisible();

    await tabTo(page, email);
    await page.keyboard.type(DEMO_CUSTOMER.email);
    await tabTo(page, page.getByRole('textbox', { name: 'Password', exact: true }));
    await page.keyboard.type(DEMO_CUSTOMER.password);
    const remember = page.getByRole('checkbox', { name: 'Remember me' });
    await tabTo(page, remember);
    await page.keyboard.press('Space');
    await expect(remember).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Log In' }));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL('/');
    await expect(page.getByText('Logged in successfully!')).toBeVisible();
  });

  test('the contact form is completed and sent with the keyboard', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Send us a message' })).toBeVisible();
    const fields: [Locator, string][] = [
      [page.getByRole('textbox', { name: 'First Name' }), 'Robin'],
      [page.getByRole('textbox', { name: 'Last Name' }), 'Hayes'],
      [page.getByRole('textbox', { name: 'Email', exact: true }), uniqueEmail('keyboard')],
      [page.getByRole('textbox', { name: 'Phone', exact: true }), '+1 555 010 7788'],
      [page.getByRole('textbox', { name: /^Message/ }), 'We need 12 workstations and a meeting room.'],
    ];
    for (const [field, value] of fields) {
      await tabTo(page, field);
      await page.keyboard.type(value);
      await expect(field).toHaveValue(value);
    }
    await tabTo(page, page.getByRole('button', { name: 'Send Message' }));
    await page.keyboard.press('Enter');

    await expect(page.getByRole('status').filter({ hasText: 'Thank you for your message' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('');
  });
});
