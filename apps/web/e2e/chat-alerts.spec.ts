import type { Page, WebSocketRoute } from '@playwright/test';
import { CHAT } from '@shop/contracts';
import { signIn } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { adminToken, chatBubble, chatPair, secondBrowser } from './support/chat';
import { realtimeConnected } from './support/realtime';

// Chat is a shared inbox: these journeys run one after the other.
test.describe.configure({ mode: 'serial' });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Records the sounds a page plays (without playing them): window.__played holds their addresses. */
async function recordSounds(page: Page) {
  await page.addInitScript(() => {
    const played: string[] = [];
    (window as unknown as { __played: string[] }).__played = played;
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      played.push(new URL(this.src).pathname);
      return Promise.resolve();
    };
  });
}

const played = (page: Page) => page.evaluate(() => (window as unknown as { __played: string[] }).__played);

async function reply(page: Page, token: string, customerId: number, text: string) {
  const res = await page.request.post(`/api/messages/${customerId}`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { message: text },
  });
  expect(res.status()).toBe(200);
}

const DESKTOP = { width: 1280, height: 800 };

test('a message for a conversation that is not open plays the tone and titles the window on any screen of either area', async ({
  page,
  newPage,
}) => {
  const { tag, customerEmail, customerId, adminEmail } = await chatPair('alert', {
    customer: 'Alex',
    admin: 'Blair',
  });
  const token = await adminToken(page, adminEmail);

  // The customer is on the dashboard: the team's reply rings and titles the window there.
  await recordSounds(page);
  const connected = realtimeConnected(page);
  await signIn(page, 'customer', customerEmail, '/user/dashboard');
  await expect(page).toHaveTitle(/^Dashboard \| /);
  await connected;
  await reply(page, token, customerId, `Your quote is ready ${tag}`);
  await expect(page).toHaveTitle(`(1) ${CHAT.windowTitle}`);
  expect(await played(page)).toEqual([CHAT.tone]);

  // The title stays through the area's screens until the message is read.
  await page.getByRole('link', { name: /Profile Settings/ }).click();
  await expect(page).toHaveURL('/user/profile-settings');
  await expect(page).toHaveTitle(`(1) ${CHAT.windowTitle}`);
  await page.getByRole('link', { name: /Chat with Admin/ }).click();
  await expect(chatBubble(page, `Your quote is ready ${tag}`)).toBeVisible();
  await expect(page).toHaveTitle(/^Chat \| /);

  // A message in the open conversation neither rings nor titles the window.
  await reply(page, token, customerId, `And the delivery date ${tag}`);
  await expect(chatBubble(page, `And the delivery date ${tag}`)).toBeVisible();
  expect(await played(page)).toEqual([CHAT.tone]);
  await expect(page).toHaveTitle(/^Chat \| /);

  // The back-office: an admin on the users list hears the customer and sees the count in the title.
  const admin = await secondBrowser(newPage, DESKTOP);
  await recordSounds(admin.page);
  const adminConnected = realtimeConnected(admin.page);
  await signIn(admin.page, 'admin', adminEmail, '/admin/users');
  await expect(admin.page.getByRole('heading', { level: 1 })).toBeVisible();
  await adminConnected;
  const box = page.getByLabel('Message', { exact: true });
  await box.fill(`Thank you ${tag}`);
  await box.press('Enter');
  await expect(chatBubble(page, `Thank you ${tag}`)).toBeVisible();
  // The inbox is shared: other customers' unread messages may add to the count, and to the tones.
  await expect(admin.page).toHaveTitle(new RegExp(`^\\(\\d+\\) ${CHAT.windowTitle}$`));
  expect(await played(admin.page)).toContain(CHAT.tone);
  await admin.page.getByRole('banner').getByRole('link', { name: 'Chat' }).click();
  await admin.page.getByTestId(`conversation-${customerId}`).click();
  await expect(chatBubble(admin.page, `Thank you ${tag}`)).toBeVisible();
  await expect(admin.page.getByTestId(`conversation-${customerId}`)).not.toContainText('unread');

  expect(admin.errors).toEqual([]);
  await admin.context.close();
});

test('on a phone the composer is in view above the bottom bar without scrolling; messages show links, thumbnails and readable times', async ({
  page,
  newPage,
}) => {
  const { tag, customerEmail, customerId, adminEmail } = await chatPair('phone-chat', {
    customer: 'Pip',
    admin: 'Quinn',
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'customer', customerEmail, '/user/chat');
  await expect(page.getByRole('heading', { level: 2, name: 'Admin' })).toBeVisible();

  // Everything of the composer is above the bottom bar, with the page not scrolled.
  const bar = (await page.getByRole('navigation', { name: 'Customer area' }).boundingBox())!;
  const send = page.getByRole('button', { name: 'Send' });
  const attach = page.getByRole('button', { name: 'Attach files' });
  for (const control of [send, attach, page.getByLabel('Message', { exact: true })]) {
    const box = (await control.boundingBox())!;
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
  }
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The attach control is an icon (no emoji font needed), named for screen readers.
  await expect(attach.locator('svg')).toBeVisible();
  await expect(attach).not.toContainText('📎');

  // A message with an address and markup: the http(s) address is a safe link, the rest stays text.
  const box = page.getByLabel('Message', { exact: true });
  await box.fill(`Plan at https://example.com/plans?id=7. Not javascript:alert(1) <b>bold</b> ${tag}`);
  await box.press('Enter');
  const mine = chatBubble(page, tag);
  const link = mine.getByRole('link', { name: 'https://example.com/plans?id=7' });
  await expect(link).toHaveAttribute('href', 'https://example.com/plans?id=7');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(mine.getByRole('link')).toHaveCount(1);
  await expect(mine).toContainText('<b>bold</b>');
  await expect(mine.locator('b')).toHaveCount(0);

  // The team sends an image: it shows as a thumbnail that opens the full image.
  const admin = await secondBrowser(newPage, DESKTOP);
  const token = await adminToken(admin.page, adminEmail);
  const res = await admin.page.request.post(`/api/messages/${customerId}`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      message: `Your layout ${tag}`,
      'attachments[0]': { name: 'layout.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(res.status()).toBe(200);
  const image = chatBubble(page, `Your layout ${tag}`).getByRole('img', { name: 'layout.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  const popup = page.waitForEvent('popup');
  await chatBubble(page, `Your layout ${tag}`).getByTestId('chat-image').click();
  expect((await popup).url()).toMatch(/^blob:/);
  await (await popup).close();

  // Both sides' times and sizes read clearly (axe: contrast); the chat's list and the toasts have their own names.
  await expectNoSeriousA11yViolations(page, 'customer chat at 390 px');
  await expect(page.getByRole('list', { name: 'Messages with Admin' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Messages', exact: true })).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Messages', exact: true })).not.toContainText(tag);

  // The team reads it: nothing of this journey stays unread in the shared inbox.
  const seen = await admin.page.request.post(`/api/conversations/${customerId}/seen`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(seen.status()).toBe(200);
  expect(admin.errors).toEqual([]);
  await admin.context.close();
});

test('a reply sent while the connection was down shows in the open conversation once it is back, without a reload', async ({
  page,
}) => {
  const { tag, customerEmail, customerId, adminEmail } = await chatPair('reconnect', {
    customer: 'Casey',
    admin: 'Drew',
  });
  const token = await adminToken(page, adminEmail);

  // The page's realtime connections pass through a hand the test holds: it can drop one, and keep the next from
  // reaching the server until it lets it.
  const sockets: WebSocketRoute[] = [];
  let holdNext = false;
  const held: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (holdNext) held.push(ws);
    else {
      ws.connectToServer();
      sockets.push(ws);
    }
  });
  const connected = realtimeConnected(page);
  await signIn(page, 'customer', customerEmail, '/user/chat');
  await expect(page.getByRole('heading', { level: 2, name: 'Admin' })).toBeVisible();
  await connected;
  await reply(page, token, customerId, `Before the drop ${tag}`);
  await expect(chatBubble(page, `Before the drop ${tag}`)).toBeVisible();

  // The connection drops; Socket.IO tries again, and that attempt is held: no event can reach the page.
  holdNext = true;
  await sockets[0]!.close();
  await expect.poll(() => held.length).toBe(1);
  await reply(page, token, customerId, `While you were away ${tag}`);

  // The connection is back: the conversation is read again and shows the reply no event brought.
  held[0]!.connectToServer();
  await expect(chatBubble(page, `While you were away ${tag}`)).toBeVisible();
  await expect(page).toHaveURL('/user/chat');
});
