import {
  test as base,
  expect,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Response,
} from '@playwright/test';
import { ADMIN_LABELS, ADMIN_MESSAGES, CUSTOMER_LABELS, CUSTOMER_MESSAGES } from '@shop/contracts';

/**
 * An error answer a journey provokes on purpose (a wrong password, an invalid form), e.g. 422 on /api/login; status
 * 0 is a request that got no answer (the browser offline).
 */
export interface Refusal {
  status: number;
  path: string;
}

/** A page in a browser of its own (its own cookies and storage), as `browser.newPage` makes, closed with the journey. */
export type NewPage = (options?: BrowserContextOptions) => Promise<Page>;

export const test = base.extend<{
  consoleErrors: string[];
  refusals: Refusal[];
  realtimeFrames: string[];
  newPage: NewPage;
}>({
  // A server-rendered page's buttons answer only once React has attached to it, so after `goto` and `reload`
  // the journey goes on when the page says it answers (`<html data-app-ready>`).
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) untilTheAppAnswersAfterLoading(page);
    await use(page);
  },
  // The other sides of a journey (a team member beside the customer, a guest in another time zone). Each is closed
  // when the journey ends, passed or failed: a page left open in the worker's browser would go on running (its
  // socket, its refetches) through every later journey of that worker.
  newPage: async ({ browser }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (options) => {
      const context = await browser.newContext(options);
      opened.push(context);
      const page = await context.newPage();
      untilTheAppAnswersAfterLoading(page);
      return page;
    });
    await Promise.all(opened.map((context) => context.close()));
  },
  // A journey lists its intended refusals here (`refusals.push(...)`); Chromium logs each as a console error.
  // eslint-disable-next-line no-empty-pattern
  refusals: async ({}, use) => {
    await use([]);
  },
  // Every journey fails on any other console error or an uncaught exception in the page.
  consoleErrors: [
    async ({ page, refusals }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const url = message.location().url;
        const text = message.text();
        const status = /net::ERR_/.test(text) ? 0 : Number(/status of (\d{3})/.exec(text)?.[1]);
        const path = url ? new URL(url).pathname : '';
        if (refusals.some((r) => r.status === status && r.path === path)) return;
        errors.push(`${text} at ${url}`);
      });
      page.on('pageerror', (error) => errors.push(`Uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors during the journey').toEqual([]);
    },
    { auto: true },
  ],
  // The page's realtime (Socket.IO) frames with their times, printed and attached when a journey fails: whether
  // an event reached the page, and when, is otherwise not in the report. Session tokens are left out.
  realtimeFrames: [
    async ({ page }, use, testInfo) => {
      const frames: string[] = [];
      const note = (what: string) => frames.push(`${new Date().toISOString().slice(11, 23)} ${what}`);
      const shown = (payload: string | Buffer) =>
        String(payload)
          .replace(/"token":"[^"]*"/g, '"token":"…"')
          .slice(0, 200);
      page.on('websocket', (ws) => {
        if (!ws.url().includes('/socket.io/')) return;
        note('open');
        ws.on('framesent', ({ payload }) => note(`sent ${shown(payload)}`));
        ws.on('framereceived', ({ payload }) => note(`received ${shown(payload)}`));
        ws.on('close', () => note('close'));
      });
      await use(frames);
      if (testInfo.status !== testInfo.expectedStatus && frames.length) {
        console.info(`Realtime frames of ${testInfo.title}:\n${frames.join('\n')}`);
        await testInfo.attach('realtime frames', { body: frames.join('\n'), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Makes `page.goto` and `page.reload` also wait until the app answers on the loaded page (main.tsx sets
 * `data-app-ready` on `<html>` after hydrating or rendering), unless the caller asked for less than a loaded
 * page (`waitUntil: 'commit'`, to look at the server's markup first) or the answer is not one of the app's pages.
 */
export function untilTheAppAnswersAfterLoading(page: Page): void {
  const appAnswers = async (response: Response | null, waitUntil: string | undefined) => {
    if (waitUntil === 'commit' || !response?.headers()['content-type']?.startsWith('text/html')) return;
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  Object.assign(page, {
    goto: async (url: string, options?: Parameters<Page['goto']>[1]) => {
      const response = await goto(url, options);
      await appAnswers(response, options?.waitUntil);
      return response;
    },
    reload: async (options?: Parameters<Page['reload']>[0]) => {
      const response = await reload(options);
      await appAnswers(response, options?.waitUntil);
      return response;
    },
  });
}

/** A new e-mail per journey, so journeys never share an account. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Fills the login form on the page (the storefront's or the back-office's: both ask for Email and Password and
 * answer to Log In) and submits it. `remember` is the label of the form's remember-me box, ticked first.
 * What the form does next is the journey's to check.
 */
export async function submitLogin(
  page: Page,
  email: string,
  password: string,
  remember?: string,
): Promise<void> {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  if (remember) await page.getByLabel(remember).check();
  await page.getByRole('button', { name: ADMIN_LABELS.logIn }).click();
}

/** Logs a customer in through the storefront's login screen, which lands on the home page. */
export async function logInAsCustomer(page: Page, email: string, password: string, remember = false) {
  await page.goto('/login');
  await submitLogin(page, email, password, remember ? CUSTOMER_LABELS.rememberMe : undefined);
  await expect(page).toHaveURL('/');
  await expect(page.getByText(CUSTOMER_MESSAGES.loggedIn)).toBeVisible();
}

/** Logs a member of the team in through the back-office's login screen, which lands on the dashboard. */
export async function logInAsAdmin(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await submitLogin(page, email, password);
  await expect(page).toHaveURL('/admin/dashboard');
  await expect(page.getByText(ADMIN_MESSAGES.loginSuccess)).toBeVisible();
}
