import { ADMIN_MESSAGES, CHAT } from '@shop/contracts';
import { signIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { chatBubble, chatPair, secondBrowser } from './support/chat';
import { realtimeConnected } from './support/realtime';

// The admin's unread counts (the window title, the top bar's chat badge) add up every customer's messages to the
// team: this journey runs in the "quiet shop" project, after all others, so the only unread message is its own.
test.describe.configure({ mode: 'serial' });

test('a customer and an admin chat both ways with an attachment; typing, badges and the title follow', async ({
  page,
  newPage,
}) => {
  const { customerName, customerEmail, customerId, adminEmail } = await chatPair('chat', {
    customer: 'Casey',
    admin: 'Avery',
  });

  const admin = await secondBrowser(newPage);
  const adminConnected = realtimeConnected(admin.page);
  await signIn(admin.page, 'admin', adminEmail, '/admin/chat');
  await expect(admin.page.getByText('Select a conversation to start chatting.')).toBeVisible();
  await adminConnected;

  await signIn(page, 'customer', customerEmail, '/user/chat');
  // The customer's single conversation, with the team, opens by itself.
  await expect(page.getByRole('heading', { level: 2, name: 'Admin' })).toBeVisible();
  await expect(page.getByText(ADMIN_MESSAGES.startConversation)).toBeVisible();

  // Shift+Enter starts a new line; Enter sends.
  const box = page.getByLabel('Message', { exact: true });
  await box.fill('Hello, I need 12 cubicles');
  await box.press('Shift+Enter');
  await box.pressSequentially('for a new office');
  await expect(box).toHaveValue('Hello, I need 12 cubicles\nfor a new office');
  await expect(chatBubble(page, 'Hello, I need 12 cubicles')).toHaveCount(0);
  await box.press('Enter');
  await expect(chatBubble(page, 'Hello, I need 12 cubicles')).toBeVisible();
  await expect(box).toHaveValue('');

  // The admin's inbox: the new conversation with its unread count, the title count and the top-bar badge.
  const conversation = admin.page.getByTestId(`conversation-${customerId}`);
  await expect(conversation).toContainText(customerName);
  await expect(conversation).toContainText('1 unread message');
  await expect(admin.page).toHaveTitle(`(1) ${CHAT.windowTitle}`);
  await expect(admin.page.getByRole('banner').getByRole('link', { name: 'Chat' })).toContainText(
    '1 unread message',
  );

  // Opening it reads it: the counts clear and the customer's message shows as seen.
  await conversation.click();
  await expect(admin.page).toHaveURL(`/admin/chat?userId=${customerId}`);
  await expect(chatBubble(admin.page, 'for a new office')).toBeVisible();
  await expect(conversation).not.toContainText('unread');
  await expect(admin.page).not.toHaveTitle(/^\(\d+\)/);
  await expect(admin.page.getByRole('banner').getByRole('link', { name: 'Chat' })).not.toContainText(
    'unread',
  );
  await expect(page.getByTestId('message-status').last()).toHaveAttribute('data-seen', 'true');

  // Typing shows on the other side and clears once the customer stops (3 s whisper stop).
  await box.pressSequentially('Also');
  await expect(admin.page.getByText(`${customerName} is typing…`)).toBeVisible();
  await expect(admin.page.getByText(`${customerName} is typing…`)).toBeHidden({ timeout: 9_000 });
  await box.fill('');

  // The customer leaves the chat; the admin replies with an attachment.
  await page.goto('/user/dashboard');
  await admin.page.getByTestId('chat-file-input').setInputFiles({
    name: 'quote.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('12 cubicles: $9,600\n'),
  });
  await expect(admin.page.getByRole('list', { name: 'Attachments to send' })).toContainText('quote.txt');
  await admin.page.getByLabel('Message', { exact: true }).fill('Here is your quote');
  await admin.page.getByRole('button', { name: 'Send' }).click();
  await expect(chatBubble(admin.page, 'Here is your quote')).toContainText('quote.txt');
  await expect(admin.page.getByTestId('message-status').last()).toHaveAttribute('data-seen', 'false');

  // The customer's chat badge and bell rise, then clear on opening the conversation.
  const chatLink = page.getByRole('link', { name: /Chat with Admin/ }).first();
  const bell = page.getByTestId('notification-bell');
  await expect(chatLink).toContainText('1 unread message');
  await expect(bell).toContainText('1 unread notification');
  // A second reply before the customer looks adds to the chat's count, not to the bell's.
  await admin.page.getByLabel('Message', { exact: true }).fill('And the delivery date');
  const secondReply = admin.page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/messages/${customerId}`),
  );
  await admin.page.getByRole('button', { name: 'Send' }).click();
  expect((await secondReply).status()).toBe(200);
  await expect(chatLink).toContainText('2 unread messages');
  // The reply has been stored with whatever it notifies: the server's counts after a reload say the same.
  await page.reload();
  await expect(chatLink).toContainText('2 unread messages');
  await expect(bell).toContainText('1 unread notification');
  await chatLink.click();
  const reply = chatBubble(page, 'Here is your quote');
  await expect(reply).toContainText('Admin');
  await expect(chatLink).not.toContainText('unread');
  await expect(bell).not.toContainText('unread');
  await expect(admin.page.getByTestId('message-status').last()).toHaveAttribute('data-seen', 'true');

  // The attachment downloads through the authorized route.
  const download = page.waitForEvent('download');
  await reply.getByRole('button', { name: /quote\.txt/ }).click();
  expect((await download).suggestedFilename()).toBe('quote.txt');

  // Both ways in real time while both are open.
  await page.getByLabel('Message', { exact: true }).fill('Thanks, received!');
  await page.getByLabel('Message', { exact: true }).press('Enter');
  await expect(chatBubble(admin.page, 'Thanks, received!')).toBeVisible();

  expect(admin.errors).toEqual([]);
  await admin.context.close();
});
