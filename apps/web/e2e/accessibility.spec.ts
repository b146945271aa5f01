import type { Locator, Page } from '@playwright/test';
import { createAccount, signIn } from './support/accounts';
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

    test('sign-in pages', async ({ page, refusals }) => {
      // The reset page's form, as a link that can still be used opens it (the check answered here)...
      await page.route('**/api/reset-password/check', (route) => route.fulfill({ json: { valid: true } }));
      await auditPages(page, AUTH_PAGES);
      // ...and what a used or expired link shows instead (this link's token is no token: the server says so).
      await page.unroute('**/api/reset-password/check');
      refusals.push({ status: 422, path: '/api/reset-password/check' });
      await auditPages(page, ['/reset-password?token=x&email=a@example.com']);
      await expect(page.getByRole('heading', { name: 'This link can no longer be used' })).toBeVisible();
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
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
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

  test('the back-office drawer at 390 px is modal and gives the focus back to Open menu however it is dismissed', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const email = uniqueEmail('drawer-admin');
    await createAccount({ email, role: 'admin' });
    await signIn(page, 'admin', email, '/admin/dashboard');
    // Found by what it controls: while the drawer is open, the bar it sits in is inert, out of the page's roles.
    const open = page.locator('header button[aria-controls="admin-sidebar"]');
    await expect(open).toHaveAccessibleName('Open menu');
    const dismissals: [string, () => Promise<void>][] = [
      ['Escape', () => page.keyboard.press('Escape')],
      ['Close menu', () => page.getByRole('button', { name: 'Close menu' }).press('Enter')],
      ['the backdrop', () => page.mouse.click(380, 400)],
    ];
    for (const [how, dismiss] of dismissals) {
      await open.focus();
      await page.keyboard.press('Enter');
      await expect(open).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
      // The page behind the open drawer is out of reach: Tab never lands in its bar or its page.
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      if (how === 'Escape') {
        for (let i = 0; i < 20; i++) {
          await page.keyboard.press('Tab');
          const behind = await page.evaluate(
            () =>
              !!document.activeElement?.closest('[inert]') ||
              !!document.activeElement?.closest('main, header'),
          );
          expect(behind, `Tab ${i + 1}`).toBe(false);
        }
        await page.getByRole('button', { name: 'Close menu' }).focus();
      }
      await dismiss();
      await expect(open, how).toHaveAttribute('aria-expanded', 'false');
      await expect(open, how).toBeFocused();
    }
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

/**
 * Presses Tab from the top of the page until focus comes back to a control it already reached (or `limit` presses),
 * and returns each stop that does not show where the keyboard is. A stop shows it with its own outline or ring, or
 * with the outline of a box around it (a product card, whose whole face is the link) while it holds focus; an outline
 * that a scrolling box around it cuts away does not count.
 */
async function unseenFocusStops(page: Page, limit = 150): Promise<string[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const unseen: string[] = [];
  const reached = new Set<string>();
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const focused = document.activeElement as (HTMLElement & { dataset: DOMStringMap }) | null;
      if (!focused || focused === document.body) return null;
      focused.dataset.tabStop ??= String(document.querySelectorAll('[data-tab-stop]').length);
      const name = `${focused.tagName.toLowerCase()} "${(focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 50)}"`;
      const outlined = (element: Element) => {
        const style = getComputedStyle(element);
        return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      };
      let shown: Element | null = null;
      if (outlined(focused) || getComputedStyle(focused).boxShadow !== 'none') shown = focused;
      for (let box = focused.parentElement; !shown && box && box !== document.body; box = box.parentElement) {
        if (outlined(box)) shown = box;
      }
      if (!shown) return { id: focused.dataset.tabStop, name, problem: 'no focus outline or ring' };
      if (outlined(shown)) {
        const style = getComputedStyle(shown);
        const reach = Math.max(0, parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset));
        const rect = shown.getBoundingClientRect();
        for (
          let box = shown.parentElement;
          box && box !== document.documentElement;
          box = box.parentElement
        ) {
          const boxStyle = getComputedStyle(box);
          if (boxStyle.overflowX === 'visible' && boxStyle.overflowY === 'visible') continue;
          const edge = box.getBoundingClientRect();
          const left = edge.left + box.clientLeft;
          const top = edge.top + box.clientTop;
          const cut =
            rect.left - reach < left - 0.5 ||
            rect.top - reach < top - 0.5 ||
            rect.right + reach > left + box.clientWidth + 0.5 ||
            rect.bottom + reach > top + box.clientHeight + 0.5;
          if (cut)
            return { id: focused.dataset.tabStop, name, problem: 'focus outline cut off by a scrolling box' };
        }
      }
      return { id: focused.dataset.tabStop, name, problem: '' };
    });
    if (!stop) continue;
    if (reached.has(stop.id)) break;
    reached.add(stop.id);
    if (stop.problem) unseen.push(`${stop.name}: ${stop.problem}`);
  }
  expect(reached.size, 'the page has controls to reach with Tab').toBeGreaterThan(3);
  return unseen;
}

test.describe('every Tab stop shows where the keyboard is', () => {
  for (const viewport of VIEWPORTS) {
    test(`the inventory and a product page, ${viewport.name}`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      for (const path of ['/products', '/product/ergonomic-mesh-task-chair']) {
        await open(page, path);
        await expect(page.getByTestId('product-card').first()).toBeVisible();
        expect(await unseenFocusStops(page), path).toEqual([]);
      }
    });
  }

  test('the back-office chat with customers found', async ({ page }) => {
    const tag = Math.random().toString(36).slice(2, 7);
    const adminEmail = uniqueEmail('focus-admin');
    await createAccount({ email: adminEmail, role: 'admin', name: `Focus Admin ${tag}` });
    const name = `Focus Customer ${tag}`;
    await createAccount({ email: uniqueEmail(`focus-${tag}`), role: 'user', name });
    await signIn(page, 'admin', adminEmail, '/admin/chat');

    await page.getByLabel('New conversation').fill(name);
    const found = page.getByRole('list', { name: 'Customers found' }).getByRole('button', { name });
    await expect(found).toBeVisible();
    expect(await unseenFocusStops(page)).toEqual([]);
    // The customer found is a stop of its own, and Enter opens their conversation, whose message box takes the focus.
    await found.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: `Conversation with ${name}` })).toBeVisible();
    await expect(page.getByLabel('Message', { exact: true })).toBeFocused();
  });
});
