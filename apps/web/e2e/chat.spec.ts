import { CHAT, CHAT_SERVER_MESSAGES, CUSTOMER_MESSAGES } from '@shop/contracts';
import { createAccount, signIn } from './support/accounts';
import { expect, test, uniqueEmail } from './support/fixtures';
import { chatBubble, chatPair, secondBrowser, seenByTheTeam } from './support/chat';

// Chat is a shared inbox: every admin sees every conversation, so these journeys run one after the other.
test.describe.configure({ mode: 'serial' });

test('the attach control refuses more than 5 files, files over 10 MB and files whose bytes are not an accepted type', async ({
  page,
}) => {
  const email = uniqueEmail('chat-limits');
  const customerId = await createAccount({ email, role: 'user', name: 'Limits Customer' });
  await signIn(page, 'customer', email, '/user/chat');
  await expect(page.getByRole('heading', { level: 2, name: 'Admin' })).toBeVisible();
  const input = page.getByTestId('chat-file-input');
  const small = (n: number) => ({
    name: `plan-${n}.txt`,
    mimeType: 'text/plain',
    buffer: Buffer.from(`plan ${n}\n`),
  });
  await input.setInputFiles([1, 2, 3, 4, 5, 6].map(small));
  await expect(page.getByRole('alert')).toHaveText(CUSTOMER_MESSAGES.chatMaxFiles);
  // Ten megabytes through the browser's protocol: longer than the usual wait on a loaded CI machine.
  await input.setInputFiles(
    { name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) },
    { timeout: 60_000 },
  );
  await expect(page.getByRole('alert')).toHaveText(CUSTOMER_MESSAGES.chatFileTooLarge('big.pdf'));
  // A file whose bytes are not what its name says is refused before anything is sent, as every form does.
  await input.setInputFiles({
    name: 'renamed.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]),
  });
  await expect(page.getByRole('alert')).toHaveText(CHAT_SERVER_MESSAGES.unsupportedAttachment('renamed.pdf'));
  await expect(page.getByRole('list', { name: 'Attachments to send' })).toHaveCount(0);
  // Nothing to send: Send sends nothing. The message sent next is the barrier: the only request is its own.
  const sends: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/messages/')) sends.push(r.url());
  });
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByLabel('Message', { exact: true }).fill('Plans for the third floor');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('chat-message')).toHaveCount(1);
  await expect(page.getByTestId('chat-message')).toContainText('Plans for the third floor');
  expect(sends).toHaveLength(1);
  await seenByTheTeam(page, customerId);
});

test('at 390 px the list and the conversation take turns, the admin’s chat fills the screen without scrolling it, and the admin goes back to the list', async ({
  page,
  newPage,
}) => {
  const { customerEmail, customerId, adminEmail } = await chatPair('chat-mobile', {
    customer: 'Mobile',
    admin: 'Morgan',
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'customer', customerEmail, '/user/chat');
  await expect(page.getByRole('heading', { level: 2, name: 'Admin' })).toBeVisible();
  await page.getByLabel('Message', { exact: true }).fill('Sent from my phone');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(chatBubble(page, 'Sent from my phone')).toBeVisible();

  const admin = await secondBrowser(newPage);
  await admin.page.setViewportSize({ width: 390, height: 844 });
  await signIn(admin.page, 'admin', adminEmail, '/admin/chat');
  const conversation = admin.page.getByTestId(`conversation-${customerId}`);
  await conversation.click();
  await expect(chatBubble(admin.page, 'Sent from my phone')).toBeVisible();
  await expect(conversation).toBeHidden();
  // The page fills the screen below the top bar, on a phone and beside the sidebar: the composer is in view and
  // the page itself does not scroll.
  for (const width of [390, 1024]) {
    await admin.page.setViewportSize({ width, height: 844 });
    await expect(admin.page.getByRole('button', { name: 'Send' })).toBeInViewport({ ratio: 1 });
    await expect
      .poll(() => admin.page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
      .toBeLessThanOrEqual(0);
  }
  await admin.page.setViewportSize({ width: 390, height: 844 });
  await admin.page.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(conversation).toBeVisible();
  await expect(admin.page).toHaveURL('/admin/chat');
  expect(admin.errors).toEqual([]);
  await admin.context.close();
});

test('on a phone, an admin’s link to no customer says so, and a deleted customer’s conversation closes for the admins and signs the customer out', async ({
  page,
  newPage,
  refusals,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { tag, customerEmail, customerId, adminEmail, adminId } = await chatPair('chat-gone', {
    customer: 'Gone',
    admin: 'Robin',
  });
  const missing = 2_147_483_000;
  refusals.push(
    { status: 404, path: `/api/messages/${missing}` },
    { status: 404, path: `/api/messages/${adminId}` },
  );

  // An unknown id and an admin's id open no conversation: nothing to name, nothing to write to.
  const adminToken = await signIn(page, 'admin', adminEmail, `/admin/chat?userId=${missing}`);
  await expect(page.getByRole('alert').filter({ hasText: CHAT.conversationNotFound })).toBeVisible();
  await expect(page.getByLabel('Message', { exact: true })).toHaveCount(0);
  await page.goto(`/admin/chat?userId=${adminId}`);
  await expect(page.getByRole('alert').filter({ hasText: CHAT.conversationNotFound })).toBeVisible();
  await expect(page.getByLabel('Message', { exact: true })).toHaveCount(0);

  // The customer writes; the admin opens the conversation on the phone.
  const customer = await newPage({ viewport: { width: 390, height: 844 } });
  await signIn(customer, 'customer', customerEmail, '/user/chat');
  const box = customer.getByLabel('Message', { exact: true });
  await box.fill(`Before I go ${tag}`);
  await box.press('Enter');
  await expect(chatBubble(customer, `Before I go ${tag}`)).toBeVisible();
  await page.goto(`/admin/chat?userId=${customerId}`);
  await expect(chatBubble(page, `Before I go ${tag}`)).toBeVisible();

  // Another admin deletes the customer: the open conversation closes here, and the customer's tab is signed out.
  const deleted = await page.request.delete(`/api/admin/users/${customerId}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  expect(deleted.status()).toBe(200);
  await expect(page.getByRole('alert').filter({ hasText: CHAT.conversationNotFound })).toBeVisible();
  await expect(page.getByLabel('Message', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(page.getByTestId(`conversation-${customerId}`)).toHaveCount(0);
  await expect(customer).toHaveURL('/login?next=%2Fuser%2Fchat');
  await expect(customer.getByText(CUSTOMER_MESSAGES.sessionExpired)).toBeVisible();
  await customer.context().close();
});
