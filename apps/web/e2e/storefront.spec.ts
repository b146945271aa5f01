import type { Page } from '@playwright/test';
import { ABOUT_STATS, CUSTOMER_MESSAGES } from '@shop/contracts';
import { sql } from './support/accounts';
import { ownProducts } from './support/products';
import { expect, test, uniqueEmail } from './support/fixtures';

const PASSWORD = 'Oak-Credenza-Lamp-77';

const cards = (page: Page) => page.getByTestId('product-card');
const cardNames = (page: Page) => cards(page).getByRole('heading').allInnerTexts();

/** Registers a new customer through the API and signs this browser in with its token (storage key auth_token). */
async function signInNewCustomer(page: Page): Promise<string> {
  const email = uniqueEmail('shopper');
  const res = await page.request.post('/api/register', {
    data: { email, password: PASSWORD, password_confirmation: PASSWORD, terms: true },
  });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
  return token;
}

test('a visitor browses a category, searches, pages, and a reload keeps the filters from the URL', async ({
  page,
}) => {
  await page.goto('/products');
  await expect(cards(page)).toHaveCount(9);
  await expect(page.getByRole('button', { name: 'Clear All Filters' })).toHaveCount(0);
  const categories = page.getByRole('group', { name: 'Categories' });
  await expect(categories.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

  await categories.getByRole('button', { name: 'Office Chairs' }).click();
  await expect(page).toHaveURL(/\/products\?category=\d+$/);
  await expect(categories.getByRole('button', { name: 'Office Chairs' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Clear All Filters' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  await expect.poll(() => cardNames(page)).toContain('Ergonomic Mesh Task Chair');

  // A search (debounced) keeps the category and starts again at page 1.
  await page.getByLabel('Search products').fill('mesh');
  await expect(page).toHaveURL(/category=\d+&search=mesh$/);
  await expect.poll(() => cardNames(page)).toContain('Ergonomic Mesh Task Chair');
  await page.reload();
  await expect(page.getByLabel('Search products')).toHaveValue('mesh');
  await expect(categories.getByRole('button', { name: 'Office Chairs' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(() => cardNames(page)).toContain('Ergonomic Mesh Task Chair');

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\/products\?category=\d+$/);
  await page.getByRole('button', { name: 'Clear All Filters' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(cards(page)).toHaveCount(9);

  // Pagination, over a dozen products of this journey's own: other journeys add and remove products in parallel,
  // which moves the pages of the whole catalogue. Next, a page number, and the page in the URL survives a reload.
  const tag = await ownProducts('pager', 'Pager Desk', 12, 100);
  await page.goto(`/products?search=${tag}`);
  await expect(cards(page)).toHaveCount(9);
  // Screen readers hear each search's outcome from one status line that is there all along.
  const outcome = page.getByRole('status').filter({ hasText: /products? found|^\d+ products?$/ });
  await expect(outcome).toHaveText('12 products');
  const firstPage = await cardNames(page);
  expect(firstPage.every((name) => name.includes(tag))).toBe(true);
  const pages = page.getByRole('navigation', { name: 'Pagination' });
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/products\\?search=${tag}&page=2$`));
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(cards(page)).toHaveCount(3);
  const secondPage = await cardNames(page);
  expect(secondPage.every((name) => name.includes(tag) && !firstPage.includes(name))).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The keyboard starts the new page at its heading: the next Tab reaches its first product (its heart, then its
  // name), not what follows the pager.
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(cards(page).first().getByRole('button')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(cards(page).first().getByRole('link')).toBeFocused();
  await page.reload();
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => cardNames(page)).toEqual(secondPage);
  await pages.getByRole('button', { name: 'Page 1' }).click();
  await expect(page).toHaveURL(new RegExp(`/products\\?search=${tag}$`));
  await expect.poll(() => cardNames(page)).toEqual(firstPage);
});

test('the inventory says when its products could not be loaded, and Try again reads them', async ({
  page,
  refusals,
}) => {
  const tag = await ownProducts('retry', 'Retry Cabinet', 3, 200);
  await page.goto('/products');
  await expect(cards(page).first()).toBeVisible();

  // The catalogue's instances stop answering while the shopper searches.
  let failing = true;
  refusals.push({ status: 503, path: '/api/v1/frontend/products' });
  await page.route(
    (url) => url.pathname === '/api/v1/frontend/products',
    (route) =>
      failing ? route.fulfill({ status: 503, json: { message: 'Service unavailable.' } }) : route.fallback(),
  );
  await page.getByLabel('Search products').fill(tag);
  const failure = page.getByRole('alert').filter({ hasText: CUSTOMER_MESSAGES.productsFailed });
  await expect(failure).toBeVisible();
  await expect(cards(page)).toHaveCount(0);

  failing = false;
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(cards(page)).toHaveCount(3);
  expect((await cardNames(page)).every((name) => name.includes(tag))).toBe(true);
  await expect(failure).toHaveCount(0);
});

test('a product page that could not be loaded says so, and Try again reads it', async ({
  page,
  refusals,
}) => {
  const slug = 'ergonomic-mesh-task-chair';
  await page.goto('/products?search=ergonomic%20mesh%20task%20chair');
  let failing = true;
  refusals.push({ status: 503, path: `/api/v1/frontend/products/${slug}` });
  await page.route(`**/api/v1/frontend/products/${slug}`, (route) =>
    failing ? route.fulfill({ status: 503, json: { message: 'Service unavailable.' } }) : route.fallback(),
  );
  await cards(page).first().getByRole('link', { name: 'Ergonomic Mesh Task Chair' }).click();
  const failure = page.getByRole('alert').filter({ hasText: CUSTOMER_MESSAGES.productFailed });
  // The page tries twice more by itself before it says so.
  await expect(failure).toBeVisible({ timeout: 15_000 });
  failing = false;
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ergonomic Mesh Task Chair');
  await expect(failure).toHaveCount(0);
});

test('a misspelled search still finds the product', async ({ page }) => {
  await page.goto('/products?search=ergonomc%20chiar');
  await expect(cards(page).first().getByRole('heading')).toHaveText('Ergonomic Mesh Task Chair');
});

test('a visitor opens a product: gallery, price, stock, contact and related products', async ({ page }) => {
  await page.goto('/products?search=ergonomic%20mesh%20task%20chair');
  await cards(page).first().getByRole('link', { name: 'Ergonomic Mesh Task Chair' }).click();
  await expect(page).toHaveURL('/product/ergonomic-mesh-task-chair');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ergonomic Mesh Task Chair');
  await expect(page).toHaveTitle('Ergonomic Mesh Task Chair | Cubicle Depot');
  await expect(page.getByTestId('product-price')).toHaveText('$329.00');
  // The product's own badge comes before those of the related products.
  await expect(page.getByText('In Stock', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Product Info' })).toHaveAttribute('aria-selected', 'true');

  const main = page.getByTestId('product-main-image');
  const before = await main.getAttribute('src');
  const thumbs = page.getByRole('list', { name: 'Product images' }).getByRole('button');
  await expect(thumbs).toHaveCount(3);
  await thumbs.nth(1).focus();
  await page.keyboard.press('Enter');
  await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(main).not.toHaveAttribute('src', before ?? '');

  const related = page.getByTestId('related-products');
  await expect(related.getByTestId('product-card').first()).toBeVisible();
  await expect(related.getByTestId('wishlist-button')).toHaveCount(0);

  await page.getByRole('link', { name: 'Contact Us Now' }).click();
  await expect(page).toHaveURL('/contact');
});

test('an out-of-stock product cannot be contacted about', async ({ page }) => {
  await page.goto('/product/call-center-pod-of-6-48-in-panels');
  await expect(page.getByText('Out of Stock', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Contact Us Now' })).toBeDisabled();
});

test('a guest is asked to log in for the wishlist; a customer adds, filters by and removes favorites', async ({
  page,
}) => {
  await page.goto('/products');
  await cards(page).first().getByTestId('wishlist-button').click();
  await expect(page.getByText(CUSTOMER_MESSAGES.wishlistLogin)).toBeVisible();
  await page.getByRole('button', { name: 'Favorites' }).click();
  await expect(page).toHaveURL(/\/products$/);

  const token = await signInNewCustomer(page);
  await page.goto('/products?search=leather%20executive');
  const card = cards(page).filter({ hasText: 'Leather' }).first();
  const name = (await card.getByRole('heading').innerText()).trim();
  const heart = card.getByTestId('wishlist-button');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(page.getByText(CUSTOMER_MESSAGES.wishlistAdded)).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  // Search turned favorites off; the Favorites toggle shows only the wishlist.
  await page.getByRole('button', { name: 'Clear All Filters' }).click();
  await page.getByRole('button', { name: 'Favorites' }).click();
  await expect(page).toHaveURL(/\/products\?favorites=true$/);
  await expect.poll(() => cardNames(page)).toEqual([name]);

  await cards(page).first().getByRole('link', { name }).click();
  // The product's page, not the list's card (whose heart is pressed too).
  await expect(page).toHaveURL(/\/product\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const detailHeart = page.getByTestId('wishlist-button');
  await expect(detailHeart).toHaveAttribute('aria-pressed', 'true');
  // Another tab takes it off the wishlist meanwhile. This page still shows it on, and its heart's press leaves it
  // off: the heart asks for what it offers (a flip would put it back).
  const slug = new URL(page.url()).pathname.split('/').pop()!;
  const { product } = (await (await page.request.get(`/api/v1/frontend/products/${slug}`)).json()) as {
    product: { id: number };
  };
  const elsewhere = await page.request.post('/api/favorites/toggle', {
    data: { type: 'product', id: product.id },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await elsewhere.json()) as { is_favorited: boolean }).is_favorited).toBe(false);
  await detailHeart.click();
  await expect(page.getByText(CUSTOMER_MESSAGES.wishlistRemoved)).toBeVisible();
  await expect(detailHeart).toHaveAttribute('aria-pressed', 'false');
  await page.goBack();
  // The wishlist is empty now: seen, and heard from the status line; the page leads back to the products.
  await expect(
    page.getByText('You have not liked any products yet.').and(page.locator(':not([role=status])')),
  ).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'You have not liked any products yet.' }),
  ).toHaveCount(1);
  await page.getByRole('link', { name: 'Browse Inventory' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Favorites' })).toHaveAttribute('aria-pressed', 'false');
});

test('a visitor sends the contact form', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact details' })).toBeVisible();
  await page.getByLabel('First Name').fill('Robin');
  await page.getByLabel('Last Name').fill('Hayes');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('contact'));
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+1 555 010 7788');
  await page
    .getByRole('textbox', { name: /^Message/ })
    .fill('We are moving to a new floor in March and need 30 workstations.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for your message' })).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('');
});

test('the How It Works video opens and closes, and focus returns to the play button', async ({ page }) => {
  await page.goto('/how-it-works');
  for (const n of ['01', '02', '03', '04']) await expect(page.getByText(n, { exact: true })).toBeVisible();
  const play = page.getByRole('button', { name: 'Play video' });
  await play.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('intro-video')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(play).toBeFocused();
  await play.click();
  await dialog.getByRole('button', { name: /close/i }).click();
  await expect(dialog).toHaveCount(0);
  await expect(play).toBeFocused();
});

test('home, about and the page titles', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Our Process' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book a Site Visit' })).toHaveAttribute('href', '/site-visit');
  await expect(page.getByRole('heading', { name: 'Why Choose Us' })).toBeVisible();
  for (const card of ['Easy', 'Fast', 'Transparent'])
    await expect(page.getByRole('heading', { name: card, exact: true })).toBeVisible();
  await expect(
    page.locator('#submit-design').getByRole('heading', { name: 'Submit Your Design' }),
  ).toBeVisible();
  // The footer's newsletter field shows what is typed: light text on its dark ground.
  const newsletter = page.getByRole('contentinfo').getByLabel('Email address');
  await newsletter.fill('reader@example.com');
  const look = await newsletter.evaluate((e) => {
    const style = getComputedStyle(e);
    return { text: style.color, ground: style.backgroundColor };
  });
  expect(look).toEqual({ text: 'rgb(255, 255, 255)', ground: 'rgb(27, 42, 69)' });

  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' }).click();
  await expect(page).toHaveURL('/terms');
  await expect(page).toHaveTitle('Terms of Service | Cubicle Depot');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(7);

  await page.goto('/about-us');
  await expect(page).toHaveTitle('About Us | Cubicle Depot');
  for (const stat of ABOUT_STATS) await expect(page.getByText(stat.label)).toBeVisible();
  for (const role of ['CEO & Founder', 'VP of Sales', 'Project Manager', 'Design Director']) {
    await expect(page.getByText(role, { exact: true })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL('/#submit-design');
});

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

for (const width of [390, 1280]) {
  test(`every public page renders at ${width} px with its header and footer`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} is wider than the ${width} px viewport`).toBeLessThanOrEqual(0);
    }
  });
}

test('on a phone, broken product photos show the placeholder: main image, thumbnails, related and inventory cards', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Every stored photo and its WebP variants answer bytes that are no image, from the first server-rendered paint on.
  await page.route('**/media/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/webp', body: 'not an image' }),
  );
  const showsPlaceholder = async (img: ReturnType<Page['locator']>) => {
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((e: HTMLImageElement) => (e.complete ? e.currentSrc : '')))
      .toMatch(/\/images\/placeholder\.jpg$/);
    expect(await img.evaluate((e: HTMLImageElement) => e.naturalWidth)).toBeGreaterThan(0);
  };

  // A chair of this journey's own with a photo and two more in its gallery, beside the shop's chairs (its related
  // products). It shows the stored photo of the shop's chair, so journeys running alongside that list it (the
  // inventory, the chair's related products) load real images; only this page's route above breaks them.
  const tag = `broken${Date.now().toString(36)}`;
  const [chair] = await sql<{ id: number }>(
    `insert into products (name, slug, sku, price, stock_quantity, photo_key, category_id)
     select 'Broken Photo Chair ' || $1::text, $1::text, upper($1::text), 310, 4, photo_key, category_id
     from products where slug = 'ergonomic-mesh-task-chair' and photo_key is not null returning id`,
    [tag],
  );
  expect(chair, 'the shop’s chair has a stored photo').toBeDefined();
  await sql(
    `insert into product_images (product_id, image_key, position)
     select $1::int, p.photo_key, n from products p, generate_series(1, 2) n where p.id = $1::int`,
    [chair!.id],
  );
  await page.goto(`/product/${tag}`);
  await showsPlaceholder(page.getByTestId('product-main-image'));
  // The thumbnails' images are decorative (each button says which image it shows).
  const thumbs = page.getByRole('list', { name: 'Product images' }).locator('img');
  await expect(thumbs).toHaveCount(3);
  for (let i = 0; i < (await thumbs.count()); i++) await showsPlaceholder(thumbs.nth(i));
  await showsPlaceholder(
    page.getByTestId('related-products').getByTestId('product-card').first().getByRole('img'),
  );

  await page.goto('/products');
  const inventory = cards(page);
  await expect(inventory.first()).toBeVisible();
  for (let i = 0; i < 3; i++) await showsPlaceholder(inventory.nth(i).getByRole('img').first());
});
