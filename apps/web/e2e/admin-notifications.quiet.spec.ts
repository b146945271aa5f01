import { ADMIN_MESSAGES } from '@shop/contracts';
import { JOURNEY_PASSWORD, createAccount, signIn, sql } from './support/accounts';
import { expect, test, uniqueEmail } from './support/fixtures';
import { badgeStart, notifyMany } from './support/badges';

// Every admin receives the notifications of every customer: these journeys run in the "quiet shop" project,
// after all others, so the admin's notifications are the ones made here.
test.describe.configure({ mode: 'serial' });

async function notify(userId: number, data: Record<string, unknown>) {
  await sql('insert into notifications (user_id, type, data) values ($1, $2, $3::jsonb)', [
    userId,
    data.type,
    JSON.stringify(data),
  ]);
}

test('an admin sees the empty state, then a customer message in the table and the bell, and follows it to the chat', async ({
  page,
}) => {
  const adminEmail = uniqueEmail('notify-admin');
  await createAccount({ email: adminEmail, role: 'admin', name: 'Olive Admin' });
  const customerEmail = uniqueEmail('notify-customer');
  const customerId = await createAccount({ email: customerEmail, role: 'user', name: 'Quinn Customer' });
  // The bell's popover code is held back until the notification has come: the count is live from the layout's
  // first render, not only once that code has arrived.
  let releaseBell = () => {};
  const bellHeld = new Promise<void>((resolve) => (releaseBell = resolve));
  await page.route('**/assets/notification-bell-*.js', async (route) => {
    await bellHeld;
    await route.continue();
  });
  // Notifications of other journeys' customers went to the admins of their time; this admin starts empty.
  await signIn(page, 'admin', adminEmail, '/admin/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Notifications' })).toBeVisible();
  await expect(page.getByText(ADMIN_MESSAGES.noNotifications)).toBeVisible();
  await expect(page.getByText(ADMIN_MESSAGES.noNotificationsHint)).toBeVisible();

  const login = await page.request.post('/api/login', {
    data: { email: customerEmail, password: JOURNEY_PASSWORD },
  });
  const token = ((await login.json()) as { token: string }).token;
  const sent = await page.request.post(`/api/messages/${customerId}`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { message: 'Can you call me back?' },
  });
  expect(sent.status()).toBe(200);

  const placeholder = page.getByRole('button', { name: 'Notifications', disabled: true });
  await expect(placeholder).toContainText('1 unread notification');
  releaseBell();
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toContainText('1 unread notification');
  await page.reload();
  const row = page.getByRole('row', { name: /New message from Quinn Customer/ });
  await expect(row).toContainText('Unread');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('link', { name: 'View all notifications' })).toHaveAttribute(
    'href',
    '/admin/notifications',
  );
  await panel.getByRole('link', { name: /New message from Quinn Customer/ }).click();
  await expect(page).toHaveURL(`/admin/chat?userId=${customerId}`);
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Can you call me back?' })).toBeVisible();
  await expect(bell).not.toContainText('unread');
});

test('a page past the last one says so, keeps the pager and leads back to the last page', async ({
  page,
}) => {
  const email = uniqueEmail('notify-range');
  const adminId = await createAccount({ email, role: 'admin', name: 'Page Counter' });
  for (let i = 0; i < 11; i++) await notify(adminId, { type: 'other', message: `Range note ${i}` });
  await signIn(page, 'admin', email, '/admin/notifications?page=9999');
  await expect(page.getByText('There is no page 9999')).toBeVisible();
  await expect(page.getByText(ADMIN_MESSAGES.noNotifications)).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: /pagination/i })).toBeVisible();
  await page.getByRole('button', { name: 'Go to page 2' }).click();
  await expect(page).toHaveURL('/admin/notifications?page=2');
  await expect(page.getByText('Range note 0', { exact: true }).filter({ visible: true })).toHaveCount(1);

  await page.goto('/products?page=99');
  await expect(page.getByText('There is no page 99')).toBeVisible();
  await expect(page.getByText('Please check back soon.')).toHaveCount(0);
  await page.getByRole('button', { name: /^Go to page \d+$/ }).click();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
});

// Here, not with the customer area's phone journeys: another journey's customer message would change this admin's
// badge while it is measured.
test('on a phone, the back-office bell and chat icon keep their 99+ badges beside the icon', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail('badge-admin');
  const adminId = await createAccount({ email, role: 'admin', name: 'Bea Badge' });
  await notifyMany(adminId, 120);
  await signIn(page, 'admin', email, '/admin/notifications');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toContainText('99+');
  await expect(bell).toContainText('120 unread notifications');
  const { offset, iconWidth } = await badgeStart(bell);
  expect(offset).toBeGreaterThanOrEqual(iconWidth * 0.6);
});
