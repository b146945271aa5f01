import { CHAT_INBOX_PAGE_SIZE } from '@shop/contracts';
import { createAccount, signIn, sql } from './support/accounts';
import { expect, test, uniqueEmail } from './support/fixtures';

test('the admin inbox searches past its first page and loads more from the keyboard', async ({ page }) => {
  const tag = Math.random().toString(36).slice(2, 7);
  const adminEmail = uniqueEmail('inbox-admin');
  await createAccount({ email: adminEmail, role: 'admin', name: `Inbox Admin ${tag}` });

  // A customer whose conversation is older than a full page of newer ones (all read, so no journey's unread
  // count moves).
  const quinnEmail = uniqueEmail(`quinn-${tag}`);
  const quinn = await createAccount({ email: quinnEmail, role: 'user', name: `Quinn Oldest ${tag}` });
  await sql(
    `with c as (
       insert into conversations (customer_id, last_message_at) values ($1, now() - interval '1 day')
       returning id, customer_id, last_message_at)
     insert into messages (conversation_id, sender_id, from_admin, body, seen, created_at)
     select id, customer_id, false, 'Do you deliver to Leeds?', true, last_message_at from c`,
    [quinn],
  );
  await sql(
    `with u as (
       insert into users (name, email, password_hash, role)
       select 'Inbox Filler ' || $1 || ' ' || i, 'filler-' || $1 || '-' || i || '@example.com', 'x', 'user'
         from generate_series(1, $2::int) i
       returning id),
     c as (
       insert into conversations (customer_id, last_message_at)
       select id, now() - interval '1 minute' - id * interval '1 millisecond' from u
       returning id, customer_id, last_message_at)
     insert into messages (conversation_id, sender_id, from_admin, body, seen, created_at)
     select id, customer_id, false, 'A filler question', true, last_message_at from c`,
    [tag, CHAT_INBOX_PAGE_SIZE + 5],
  );

  await signIn(page, 'admin', adminEmail, '/admin/chat');
  const list = page.getByRole('list', { name: 'Conversations' });
  const quinnRow = page.getByTestId(`conversation-${quinn}`);
  await expect(list.getByRole('listitem')).toHaveCount(CHAT_INBOX_PAGE_SIZE);
  await expect(quinnRow).toHaveCount(0);

  // The next page comes with the keyboard: the button takes focus, Enter loads the page and focus moves to its
  // first conversation.
  // Other journeys' conversations may arrive live meanwhile and change the first page (one the list does not hold
  // refetches it, which moves its last row onto the next page), so the rows listed are read in the page itself at
  // the moment Enter is pressed; the new page's first conversation is the focused one those rows did not hold.
  await page.evaluate(() => {
    document.addEventListener(
      'keydown',
      () => {
        const rows = document.querySelectorAll('[aria-label="Conversations"] [data-testid^="conversation-"]');
        document.body.dataset.listedAtPress = JSON.stringify(
          [...rows].map((row) => row.getAttribute('data-testid')),
        );
      },
      { capture: true, once: true },
    );
  });
  const more = page.getByRole('button', { name: 'Load more conversations' });
  await more.focus();
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('listitem').nth(CHAT_INBOX_PAGE_SIZE)).toBeVisible();
  const focused = list.locator('[data-testid^="conversation-"]:focus');
  await expect(focused).toHaveCount(1);
  const listedAtPress = JSON.parse((await page.locator('body').getAttribute('data-listed-at-press')) ?? '[]');
  expect(listedAtPress.length).toBeGreaterThanOrEqual(CHAT_INBOX_PAGE_SIZE);
  expect(listedAtPress).not.toContain(await focused.getAttribute('data-testid'));

  // The search runs on the server: it finds Quinn by e-mail although the first page does not hold them.
  const search = page.getByLabel('Filter conversations');
  await search.fill(quinnEmail.toUpperCase());
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(quinnRow).toContainText(`Quinn Oldest ${tag}`);
  await expect(quinnRow).toContainText('Do you deliver to Leeds?');
  await expect(page.getByRole('button', { name: 'Load more conversations' })).toHaveCount(0);

  // A search that matches nobody says so.
  await search.fill(`nobody ${tag}`);
  await expect(page.getByText(`No conversations match “nobody ${tag}”.`)).toBeVisible();

  // By name, and the conversation opens from the result.
  await search.fill(`quinn oldest ${tag}`);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await quinnRow.click();
  await expect(
    page.getByTestId('chat-message').filter({ hasText: 'Do you deliver to Leeds?' }),
  ).toBeVisible();
});

test('the inbox and a conversation say when they could not be loaded, and Try again reads them', async ({
  page,
  refusals,
}) => {
  const tag = Math.random().toString(36).slice(2, 7);
  const adminEmail = uniqueEmail('inbox-fail-admin');
  await createAccount({ email: adminEmail, role: 'admin', name: `Failing Inbox Admin ${tag}` });
  const customer = await createAccount({
    email: uniqueEmail(`inbox-fail-${tag}`),
    role: 'user',
    name: `Rowan Unreached ${tag}`,
  });
  await sql(
    `with c as (
       insert into conversations (customer_id, last_message_at) values ($1, now())
       returning id, customer_id, last_message_at)
     insert into messages (conversation_id, sender_id, from_admin, body, seen, created_at)
     select id, customer_id, false, 'Can the desks come before Friday?', true, last_message_at from c`,
    [customer],
  );

  // The inbox's reads fail (the shop's instances restarting behind the load balancer): first the list's, then,
  // once it is back, the conversation's. The list may be read again at any time (other journeys' messages arrive),
  // so each read fails only in its own step, and the list's until Try again is pressed (the page notes the press):
  // a read made just before still fails, and the failure is still there to be pressed.
  const failing = { list: true, messages: false };
  const pressed = () =>
    page
      .evaluate(() => (window as { tryAgainPressed?: boolean }).tryAgainPressed === true)
      .catch(() => false);
  refusals.push(
    { status: 503, path: '/api/conversations' },
    { status: 503, path: `/api/messages/${customer}` },
  );
  const unavailable = { status: 503, json: { message: 'Service unavailable.' } };
  await page.route(
    (url) => url.pathname === '/api/conversations',
    async (route) => (failing.list && !(await pressed()) ? route.fulfill(unavailable) : route.fallback()),
  );
  await page.route(
    (url) => url.pathname === `/api/messages/${customer}`,
    (route) => (failing.messages ? route.fulfill(unavailable) : route.fallback()),
  );
  await signIn(page, 'admin', adminEmail, '/admin/chat');
  const listFailure = page.getByRole('alert').filter({ hasText: 'Failed to load conversations.' });
  await expect(listFailure).toBeVisible();
  await expect(page.getByText('No conversations yet.')).toHaveCount(0);

  await page.evaluate(() =>
    document.addEventListener(
      'click',
      (event) => {
        if (
          event.target instanceof Element &&
          event.target.closest('button')?.textContent?.includes('Try again')
        )
          (window as { tryAgainPressed?: boolean }).tryAgainPressed = true;
      },
      true,
    ),
  );
  await listFailure.getByRole('button', { name: 'Try again' }).click();
  failing.list = false;
  const row = page.getByTestId(`conversation-${customer}`);
  // The search's own answer (one conversation), not the unsearched list that may still be shown.
  await page.getByLabel('Filter conversations').fill(`rowan unreached ${tag}`);
  await expect(page.getByRole('list', { name: 'Conversations' }).getByRole('listitem')).toHaveCount(1);
  await expect(row).toContainText('Can the desks come before Friday?');

  // The conversation's messages fail: not an empty conversation to start, and nothing can be written to it.
  failing.messages = true;
  await row.click();
  const paneFailure = page.getByRole('alert').filter({ hasText: 'Failed to load messages.' });
  await expect(paneFailure).toBeVisible();
  await expect(page.getByText('Start a conversation')).toHaveCount(0);
  await expect(page.getByLabel('Message', { exact: true })).toBeDisabled();

  failing.messages = false;
  await paneFailure.getByRole('button', { name: 'Try again' }).click();
  await expect(
    page.getByTestId('chat-message').filter({ hasText: 'Can the desks come before Friday?' }),
  ).toBeVisible();
  await expect(page.getByLabel('Message', { exact: true })).toBeEnabled();
});

test('a customer found by the search names the pane even while their messages cannot be read', async ({
  page,
  refusals,
}) => {
  const tag = Math.random().toString(36).slice(2, 7);
  const adminEmail = uniqueEmail('inbox-found-admin');
  await createAccount({ email: adminEmail, role: 'admin', name: `Searching Admin ${tag}` });
  const name = `Ellis Unwritten ${tag}`;
  const customer = await createAccount({ email: uniqueEmail(`inbox-found-${tag}`), role: 'user', name });

  // No conversation yet, so the inbox does not know the name: only the search's answer and the messages' read do.
  let failing = true;
  refusals.push({ status: 503, path: `/api/messages/${customer}` });
  await page.route(
    (url) => url.pathname === `/api/messages/${customer}`,
    (route) =>
      failing ? route.fulfill({ status: 503, json: { message: 'Service unavailable.' } }) : route.fallback(),
  );
  await signIn(page, 'admin', adminEmail, '/admin/chat');
  await page.getByLabel('New conversation').fill(name);
  await page.getByRole('list', { name: 'Customers found' }).getByRole('button', { name }).click();

  const pane = page.getByRole('region', { name: `Conversation with ${name}` });
  await expect(pane.getByRole('heading', { name })).toBeVisible();
  const failure = pane.getByRole('alert').filter({ hasText: 'Failed to load messages.' });
  await expect(failure).toBeVisible();
  await expect(page.getByLabel('Message', { exact: true })).toBeDisabled();

  failing = false;
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(pane.getByText('Start a conversation')).toBeVisible();
  await expect(page.getByLabel('Message', { exact: true })).toBeEnabled();
});
