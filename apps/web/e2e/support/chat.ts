import type { BrowserContextOptions, Page } from '@playwright/test';
import { createAccount, JOURNEY_PASSWORD } from './accounts';
import { expect, uniqueEmail, type NewPage } from './fixtures';

/**
 * A second browser (its own storage, closed with the journey) for the other side of a chat, collecting its console
 * errors (the meta and dashboard-stats calls a signed-in layout makes may fail while the test moves on) so the
 * journey can fail on them.
 */
export async function secondBrowser(newPage: NewPage, viewport?: BrowserContextOptions['viewport']) {
  const page = await newPage(viewport ? { viewport } : {});
  const context = page.context();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/\/api\/(meta|admin\/dashboard-stats)/.test(m.location().url))
      errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`Uncaught: ${e.message}`));
  return { context, page, errors };
}

/** The chat message bubbles holding the text. */
export const chatBubble = (page: Page, text: string) =>
  page.getByTestId('chat-message').filter({ hasText: text });

/**
 * The two sides of a journey's chat, its own: a customer and a team member, their names ending in one random tag
 * the journey can find them (and its messages) by.
 */
export async function chatPair(label: string, names: { customer: string; admin: string }) {
  const tag = Math.random().toString(36).slice(2, 7);
  const customerName = `${names.customer} ${tag}`;
  const customerEmail = uniqueEmail(`${label}-customer`);
  const customerId = await createAccount({ email: customerEmail, role: 'user', name: customerName });
  const adminEmail = uniqueEmail(`${label}-admin`);
  const adminId = await createAccount({ email: adminEmail, role: 'admin', name: `${names.admin} ${tag}` });
  return { tag, customerName, customerEmail, customerId, adminEmail, adminId };
}

/** A bearer token of an admin of the journey, signed in through the API. */
export async function adminToken(page: Page, email: string): Promise<string> {
  const res = await page.request.post('/api/admin/login', { data: { email, password: JOURNEY_PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** The team reads a customer's conversation: nothing of the journey stays unread in the shared inbox. */
export async function seenByTheTeam(page: Page, customerId: number): Promise<void> {
  const email = uniqueEmail('inbox-reader');
  await createAccount({ email, role: 'admin', name: 'Inbox Reader' });
  const seen = await page.request.post(`/api/conversations/${customerId}/seen`, {
    headers: { authorization: `Bearer ${await adminToken(page, email)}` },
  });
  expect(seen.status()).toBe(200);
}
