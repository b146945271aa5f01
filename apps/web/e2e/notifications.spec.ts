import { JOURNEY_PASSWORD, createAccount, signIn, sql } from './support/accounts';
import { expect, test, uniqueEmail } from './support/fixtures';

test.describe.configure({ mode: 'serial' });

async function notify(userId: number, data: Record<string, unknown>) {
  await sql('insert into notifications (user_id, type, data) values ($1, $2, $3::jsonb)', [
    userId,
    data.type,
    JSON.stringify(data),
  ]);
}

test('a customer reads notifications from the bell and the full page; a chat reply arrives live', async ({
  page,
}) => {
  const email = uniqueEmail('notify');
  const customerId = await createAccount({ email, role: 'user', name: 'Nora Notified' });
  await notify(customerId, {
    type: 'design_update',
    message: 'Your design Open Plan was approved',
    design_id: 1,
    slug: 'open-plan-42',
  });
  await notify(customerId, { type: 'design_submission', message: 'We received your design Corner Office' });
  await signIn(page, 'customer', email, '/user/dashboard');

  const bell = page.getByTestId('notification-bell');
  await expect(bell).toContainText('2 unread notifications');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'View all notifications' })).toHaveAttribute(
    'href',
    '/user/notifications',
  );
  // Clicking a notification marks it read, closes the dropdown and goes where its type leads.
  await panel.getByRole('link', { name: /We received your design Corner Office/ }).click();
  await expect(page).toHaveURL('/user/design-status');
  await expect(panel).toBeHidden();
  await expect(bell).toContainText('1 unread notification');

  // A reply from the team arrives over realtime: the count rises without a reload.
  const admin = await createAccount({
    email: uniqueEmail('notify-admin'),
    role: 'admin',
    name: 'Team Member',
  });
  const login = await page.request.post('/api/admin/login', {
    data: {
      email: (await sql<{ email: string }>('select email from users where id = $1', [admin]))[0]!.email,
      password: JOURNEY_PASSWORD,
    },
  });
  const adminToken = ((await login.json()) as { token: string }).token;
  const reply = await page.request.post(`/api/messages/${customerId}`, {
    headers: { authorization: `Bearer ${adminToken}` },
    multipart: { message: 'We have a slot on Monday' },
  });
  expect(reply.status()).toBe(200);
  await expect(bell).toContainText('2 unread notifications');

  await page.goto('/user/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const items = page
    .getByRole('listitem')
    .filter({ hasText: /We received your design|New message from Admin|Open Plan/ });
  await expect(items).toHaveCount(3);
  await expect(
    items.filter({ hasText: 'Open Plan' }).getByRole('link', { name: 'View Design' }),
  ).toHaveAttribute('href', '/user/design-status/open-plan-42');
  await items.filter({ hasText: 'Open Plan' }).getByRole('button', { name: 'Mark as read' }).click();
  await expect(bell).toContainText('1 unread notification');
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).not.toContainText('unread');
  await expect(page.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);

  // A chat notification leads to the chat.
  await page.getByRole('link', { name: /New message from Admin/ }).click();
  await expect(page).toHaveURL('/user/chat');
  await expect(
    page.getByTestId('chat-message').filter({ hasText: 'We have a slot on Monday' }),
  ).toBeVisible();
});

test('on a 320 px phone the bell’s dropdown stays inside the viewport, and Escape closes it back to the bell', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const email = uniqueEmail('notify-narrow');
  const customerId = await createAccount({ email, role: 'user', name: 'Nia Narrow' });
  await notify(customerId, { type: 'other', message: 'A note for a narrow screen' });
  await signIn(page, 'customer', email, '/user/dashboard');

  const bell = page.getByTestId('notification-bell');
  await expect(bell).toContainText('1 unread notification');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('A note for a narrow screen')).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(320);

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
});
