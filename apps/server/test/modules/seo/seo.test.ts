import { eq } from 'drizzle-orm';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_META_TITLE, PAGE_TITLES, PUBLIC_PAGES, SHOP_TIMEZONE_META } from '@shop/contracts';
import { products } from '../../../src/db/schema/catalog';
import { getPageMeta } from '../../../src/modules/seo/service';
import { hasUnstorableText } from '../../../src/platform/text-input';
import { PAGE_META_ROWS, seedContent } from '../../../src/seed/seed-content';
import { createTestApp, type TestApp } from '../../support/test-app';
import { seedCatalog } from '../catalog/fixtures';

let t: TestApp;
let dist: string;
beforeEach(async () => {
  // A stand-in for the built web app: the head marker is where the server puts the page's tags.
  dist = await mkdtemp(path.join(os.tmpdir(), 'shop-web-dist-'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><!--app-head--></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ build: { web: { distDir: dist } } });
  await seedContent(t.ctx.database.db);
});
afterEach(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/meta/{path}', () => {
  it('answers the seeded meta of every public page, with absolute URLs', async () => {
    for (const page of PUBLIC_PAGES) {
      const res = await get(`/api/meta/${page}`);
      expect(res.statusCode).toBe(200);
      const row = PAGE_META_ROWS.find((r) => r.path === page)!;
      expect(res.json()).toEqual({
        title: row.title,
        description: row.description,
        keywords: row.keywords,
        url: `http://shop.test/${page}`,
        image: row.image ? `http://shop.test${row.image}` : null,
      });
    }
    expect((await get('/api/meta/home')).json().title).toBe(PAGE_META_ROWS[0]!.title);
    expect((await get('/api/meta')).json().title).toBe(PAGE_META_ROWS[0]!.title);
  });

  it('answers a product page from the product, and the default title for unknown paths', async () => {
    await seedCatalog(t.ctx);
    await t.ctx.database.db
      .update(products)
      .set({ description: `Breathable mesh back. ${'Very comfortable. '.repeat(20)}` })
      .where(eq(products.slug, 'ergonomic-mesh-task-chair'));
    const res = (await get('/api/meta/product/ergonomic-mesh-task-chair')).json();
    expect(res.title).toBe('Ergonomic Mesh Task Chair | Cubicle Depot');
    expect(res.description.length).toBeLessThanOrEqual(160);
    expect(res.description).toMatch(/^Breathable mesh back\. Very comfortable\./);
    expect(res.image).toBe('http://shop.test/media/products/photo1/1200.webp');
    expect(res.url).toBe('http://shop.test/product/ergonomic-mesh-task-chair');

    for (const unknown of ['product/no-such-thing', 'product/%25E0%25A4%25A']) {
      const res = await get(`/api/meta/${unknown}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.title).toBe('Product not found | Cubicle Depot');
      expect(body.image).toBeNull();
    }
    const nowhere = (await get('/api/meta/nowhere/at/all')).json();
    expect(nowhere.title).toBe(DEFAULT_META_TITLE);
  });

  it('decodes a path once: an encoded percent sign is a slug like any other, never a NUL', async () => {
    for (const path of ['product/%2500', 'product/%25ED%25A0%25BD', 'about%2500']) {
      const res = await get(`/api/meta/${path}`);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      expect(res.json().title).toBe(
        path.startsWith('product/') ? 'Product not found | Cubicle Depot' : DEFAULT_META_TITLE,
      );
    }
    // Text no column holds, however it came to the service, names nothing stored (no query sent).
    for (const path of ['product/\u0000', 'product/\ud83d', 'about-us\u0000']) {
      const meta = await getPageMeta(t.ctx, path);
      expect(meta.found).toBe(false);
      expect(hasUnstorableText(meta.url)).toBe(false);
    }
  });
});

describe('server-rendered head', () => {
  it('puts a product page’s title and Open Graph tags into its HTML', async () => {
    await seedCatalog(t.ctx);
    await t.ctx.database.db
      .update(products)
      .set({ name: 'Chair "Deluxe" <Pro> & Co' })
      .where(eq(products.slug, 'ergonomic-mesh-task-chair'));
    const res = await get('/product/ergonomic-mesh-task-chair');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('<title>Chair &quot;Deluxe&quot; &lt;Pro&gt; &amp; Co | Cubicle Depot</title>');
    expect(html).toContain(
      '<meta property="og:title" content="Chair &quot;Deluxe&quot; &lt;Pro&gt; &amp; Co | Cubicle Depot">',
    );
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain(
      '<meta property="og:url" content="http://shop.test/product/ergonomic-mesh-task-chair">',
    );
    expect(html).toContain(
      '<meta property="og:image" content="http://shop.test/media/products/photo1/1200.webp">',
    );
    expect(html).toContain(
      '<link rel="canonical" href="http://shop.test/product/ergonomic-mesh-task-chair">',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).not.toContain('<Pro>');
  });

  it('renders the head of the other pages, and answers an unknown product with 404 and the app', async () => {
    const about = await get('/about-us');
    expect(about.statusCode).toBe(200);
    expect(about.body).toContain('<title>About Us | Cubicle Depot</title>');
    expect(about.body).toContain('<meta name="description"');
    expect(about.body).toContain('<meta property="og:url" content="http://shop.test/about-us">');
    expect(about.body).toContain('<meta property="og:type" content="website">');
    const missing = await get('/product/no-such-thing');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<title>Product not found | Cubicle Depot</title>');
    expect(missing.body).toContain('<div id="root">');
    // Nothing there: no address of its own to name, nothing to index.
    expect(missing.body).not.toContain('rel="canonical"');
    expect(missing.body).toContain('<meta name="robots" content="noindex">');
    expect(about.body).toContain('<link rel="canonical" href="http://shop.test/about-us">');
    expect(about.body).not.toContain('noindex');
  });

  it("names the sign-in screens and the mailed links' pages as the app does, not with the default title", async () => {
    for (const [path, title] of [
      ['login', PAGE_TITLES.login],
      ['register', PAGE_TITLES.register],
      ['forgot-password', PAGE_TITLES.forgotPassword],
      ['reset-password', PAGE_TITLES.resetPassword],
      ['verify-email', PAGE_TITLES.verifyEmail],
      ['claim-design', PAGE_TITLES.claimDesign],
      ['site-visit', PAGE_TITLES.siteVisit],
      ['admin/login', PAGE_TITLES.adminLogin],
    ] as const) {
      expect((await get(`/api/meta/${path}`)).json().title, path).toBe(`${title} | Cubicle Depot`);
      const page = await get(`/${path}?token=abc&email=a%40example.com`);
      expect(page.body, path).toContain(`<title>${title} | Cubicle Depot</title>`);
    }
    // A page of the signed-in areas, or an unknown one, keeps the default.
    expect((await get('/api/meta/admin/users')).json().title).toBe(DEFAULT_META_TITLE);
  });

  it('answers a product page whose slug decodes to text no column holds as an unknown product (404)', async () => {
    // '%2500' is the slug '%00', decoded once; a NUL ('%00') no product's slug can hold.
    const encoded = await get('/product/%2500');
    expect(encoded.statusCode).toBe(404);
    expect(encoded.body).toContain('<title>Product not found | Cubicle Depot</title>');
    expect(encoded.body).toContain('<meta property="og:url" content="http://shop.test/product/%00">');
    for (const path of ['/product/%00', '/product/%ED%A0%BD', '/about-us%00']) {
      const res = await get(path);
      expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(300);
      expect(res.statusCode, path).toBeLessThan(500);
      expect(res.body).not.toContain('\u0000');
    }
  });

  it("writes the shop's timezone into every page, public or signed-in, for the app's installation times", async () => {
    const meta = `<meta name="${SHOP_TIMEZONE_META}" content="${t.ctx.config.shopTimezone}">`;
    for (const url of ['/', '/site-visit', '/user/proposals', '/admin/bookings', '/product/no-such-thing']) {
      const page = await get(url);
      expect(page.body, url).toContain(meta);
      expect(page.body.indexOf(meta), url).toBeLessThan(page.body.indexOf('</head>'));
    }
  });

  it('renders the home page head', async () => {
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`<title>${PAGE_META_ROWS[0]!.title.replace(/&/g, '&amp;')}</title>`);
    expect(home.body).toContain('<meta property="og:url" content="http://shop.test/">');
  });
});

describe('sitemap and robots', () => {
  it('lists every public page and every active product with lastmod', async () => {
    const { products: fixture } = await seedCatalog(t.ctx);
    await t.ctx.database.db
      .update(products)
      .set({ status: false })
      .where(eq(products.id, fixture.get('Stacking Guest Chair')!.id));
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    const xml = res.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    for (const page of PUBLIC_PAGES) expect(xml).toContain(`<loc>http://shop.test/${page}</loc>`);
    expect(xml).toContain('<loc>http://shop.test/product/ergonomic-mesh-task-chair</loc>');
    expect(xml).not.toContain('stacking-guest-chair');
    expect(xml.match(/<url>/g)).toHaveLength(PUBLIC_PAGES.length + 5);
    expect(xml.match(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)).toHaveLength(PUBLIC_PAGES.length + 5);
  });

  it('allows the public pages and keeps crawlers out of /user, /admin and /api', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Allow: /');
    for (const p of ['/user', '/admin', '/api']) expect(res.body).toContain(`Disallow: ${p}`);
    expect(res.body).toContain('Sitemap: http://shop.test/sitemap.xml');
  });
});
