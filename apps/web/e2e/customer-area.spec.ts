import type { Page } from '@playwright/test';
import { PAGE_OUT_OF_RANGE } from '@shop/contracts';
import { createAccount, signIn, sql } from './support/accounts';
import { expect, test, uniqueEmail } from './support/fixtures';
import { badgeStart, notifyMany } from './support/badges';

const PHONE = { width: 390, height: 844 };

/** `count` designs of a customer, "Design 1" the oldest: the list shows the newest first. */
async function designsFor(userId: number, email: string, count: number, tag: string) {
  await sql(
    `insert into design_submissions (slug, user_id, selected_tab, title, name, email, created_at)
     select $4 || '-' || n, $1, 'haveDesign', 'Design ' || n, 'Pat Paged', $2,
            now() - make_interval(mins => $3 - n)
     from generate_series(1, $3) as n`,
    [userId, email, count, tag],
  );
}

/** A notification of the list, by its number ("Update 15"). */
const note = (page: Page, n: number) => page.getByRole('link', { name: new RegExp(`^Update ${n} `) });

test('on a phone, notification pages are in the URL: the list starts at its top, reload and Back keep the page', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const email = uniqueEmail('paged-notes');
  const userId = await createAccount({ email, role: 'user', name: 'Paige Notes' });
  await notifyMany(userId, 25);
  await signIn(page, 'customer', email, '/user/notifications');
  await expect(note(page, 25)).toBeVisible();

  // Page 2, chosen at the bottom of page 1: the URL says so and the list's first item is in view.
  const pages = page.getByRole('navigation', { name: 'Pagination' });
  await pages.getByRole('button', { name: 'Page 2' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL('/user/notifications?page=2');
  const first = note(page, 15);
  await expect(first).toBeInViewport();
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  // A reload keeps the page.
  await page.reload();
  await expect(note(page, 15)).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  // Page 3 (the last five), then Back to page 2.
  await pages.getByRole('button', { name: 'Page 3' }).click();
  await expect(page).toHaveURL('/user/notifications?page=3');
  await expect(note(page, 5)).toBeInViewport();
  await page.goBack();
  await expect(page).toHaveURL('/user/notifications?page=2');
  await expect(note(page, 15)).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
});

test('"Back to Designs" from a design opened on page 2 of the list returns to page 2, after a reload too', async ({
  page,
}) => {
  const tag = `paged-${Math.random().toString(36).slice(2, 8)}`;
  const email = uniqueEmail('paged-designs');
  const userId = await createAccount({ email, role: 'user', name: 'Pat Paged' });
  await designsFor(userId, email, 12, tag);
  await signIn(page, 'customer', email, '/user/design-status');
  await expect(page.getByText('Design 12', { exact: true })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Design submissions pages' })
    .getByRole('button', { name: 'Page 2' })
    .click();
  await expect(page).toHaveURL('/user/design-status?page=2');
  await page.getByRole('link', { name: 'View details of Design 2' }).click();
  await expect(page).toHaveURL(`/user/design-status/${tag}-2`);
  await expect(page.getByRole('heading', { level: 1, name: 'Design 2' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to Designs' }).click();
  await expect(page).toHaveURL('/user/design-status?page=2');
  await expect(page.getByText('Design 1', { exact: true })).toBeVisible();

  // The page the design came from is kept in its history entry: a reload of the design keeps it too.
  await page.getByRole('link', { name: 'View details of Design 1' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Design 1' })).toBeVisible();
  await page.reload();
  await page.getByRole('link', { name: 'Back to Designs' }).click();
  await expect(page).toHaveURL('/user/design-status?page=2');

  // A design opened from elsewhere (a link, a notification) goes back to the list's first page.
  await page.goto(`/user/design-status/${tag}-3`);
  await page.getByRole('link', { name: 'Back to Designs' }).click();
  await expect(page).toHaveURL('/user/design-status');
});

test('the favorites page is in the URL: a reload and Back keep it, a page past the last says so', async ({
  page,
}) => {
  // A dozen products of this journey's own, liked a minute apart: "Liked Desk … 12" the newest, first.
  const tag = `liked${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;
  const email = uniqueEmail('paged-favorites');
  const userId = await createAccount({ email, role: 'user', name: 'Fay Paged' });
  await sql(
    `with p as (
       insert into products (name, slug, sku, price, stock_quantity)
       select 'Liked Desk ' || $1::text || ' ' || n, $1::text || '-' || n, upper($1::text) || '-' || n, 100 + n, 1
       from generate_series(1, 12) n
       returning id, name)
     insert into favorites (user_id, product_id, created_at)
     select $2, id, now() - make_interval(mins => 13 - split_part(name, ' ', 4)::int) from p`,
    [tag, userId],
  );
  const liked = (n: number) => page.getByRole('link', { name: `Liked Desk ${tag} ${n}`, exact: true });
  await signIn(page, 'customer', email, '/user/designs-liked');
  await expect(liked(12)).toBeVisible();
  await expect(liked(3)).toHaveCount(0);

  const pages = page.getByRole('navigation', { name: 'Favorites pages' });
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL('/user/designs-liked?page=2');
  await expect(liked(1)).toBeVisible();
  await expect(liked(12)).toHaveCount(0);
  await page.reload();
  await expect(liked(1)).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(page).toHaveURL('/user/designs-liked');
  await expect(liked(12)).toBeVisible();

  // A page past the last says so and offers the last one.
  await page.goto('/user/designs-liked?page=5');
  await expect(page.getByText(PAGE_OUT_OF_RANGE.title(5))).toBeVisible();
  await page.getByRole('button', { name: PAGE_OUT_OF_RANGE.action(2) }).click();
  await expect(page).toHaveURL('/user/designs-liked?page=2');
  await expect(liked(1)).toBeVisible();
});

test('on a phone, the menu reaches My Favorites and Submit New Designs; a 99+ badge leaves the bell in view', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const email = uniqueEmail('phone-nav');
  const userId = await createAccount({ email, role: 'user', name: 'Mo Bile' });
  await notifyMany(userId, 120);
  await signIn(page, 'customer', email, '/user/dashboard');

  // The badge starts right of the bell's middle: most of the bell stays visible, in both bars.
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toContainText('99+');
  await expect(bell).toContainText('120 unread notifications');
  for (const link of [
    bell,
    page.getByRole('navigation', { name: 'Customer area' }).getByRole('link', { name: /Notifications/ }),
  ]) {
    const { offset, iconWidth } = await badgeStart(link);
    expect(offset).toBeGreaterThanOrEqual(iconWidth * 0.6);
  }
  // Every label of the bottom bar is whole at this width, the long "Notifications" too.
  const cutLabels = await page.getByRole('navigation', { name: 'Customer area' }).evaluate((nav) =>
    [...nav.querySelectorAll('a')]
      .map((link) => link.lastElementChild as HTMLElement)
      .filter((label) => label.scrollWidth > label.clientWidth)
      .map((label) => label.textContent),
  );
  expect(cutLabels).toEqual([]);

  // One notification left unread: the count says it in the singular.
  await sql(
    'update notifications set read_at = now() where user_id = $1 and id <> (select max(id) from notifications where user_id = $1)',
    [userId],
  );
  await page.reload();
  await expect(bell).toContainText('1 unread notification');
  await expect(bell).not.toContainText('unread notifications');

  // The pages the bottom bar has no room for are in the top bar's menu.
  await page.getByRole('button', { name: 'More pages' }).click();
  await page.getByRole('menuitem', { name: 'My Favorites' }).click();
  await expect(page).toHaveURL('/user/designs-liked');
  await page.getByRole('button', { name: 'More pages' }).click();
  await page.getByRole('menuitem', { name: 'Submit New Designs' }).click();
  await expect(page).toHaveURL('/user/submit-design');
  await expect(page.getByRole('menu')).toHaveCount(0);
});
