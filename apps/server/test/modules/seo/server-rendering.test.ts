import { eq } from 'drizzle-orm';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CUSTOMER_MESSAGES,
  PAGE_SIZE,
  SERVER_STATE_ELEMENT_ID,
  type PageRenderer,
  type ProductDetail,
  type ProductPage,
} from '@shop/contracts';
import { products } from '../../../src/db/schema/catalog';
import { seedContent } from '../../../src/seed/seed-content';
import { createTestApp, type TestApp } from '../../support/test-app';
import { seedCatalog } from '../catalog/fixtures';

// The web app's real server renderer, from its source (the build puts it in apps/web/dist/server).
const WEB_RENDERER = path.resolve(import.meta.dirname, '../../../../web/src/entry-server.tsx');
const TEMPLATE =
  '<!doctype html><html><head><meta charset="utf-8"><!--app-head--><title>Shop</title><!--/app-head--></head>' +
  '<body><div id="root"></div></body></html>';

let renderer: PageRenderer;
beforeAll(async () => {
  renderer = (await import(/* @vite-ignore */ WEB_RENDERER)) as PageRenderer;
}, 60_000);

let t: TestApp | undefined;
let dist: string;
let logLines: string[];

beforeEach(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'shop-web-dist-'));
  await writeFile(path.join(dist, 'index.html'), TEMPLATE);
  logLines = [];
});
afterEach(async () => {
  await t?.close();
  t = undefined;
  await rm(dist, { recursive: true, force: true });
});

/** The app on the stand-in build, with a log that the test can read. */
async function start(pageRenderer?: PageRenderer | null) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({
    build: {
      web: { distDir: dist, ...(pageRenderer !== undefined ? { pageRenderer } : {}) },
      logger: { level: 'warn', stream },
    },
  });
  await seedContent(t.ctx.database.db);
  return t;
}

const get = (url: string) => t!.app.inject({ method: 'GET', url });

function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.lastIndexOf('</div>', html.indexOf(`<script type="application/json"`));
  return start < 0 || end < 0 ? '' : html.slice(start, end);
}

interface State {
  router: { loaderData: Record<string, unknown> };
  queries: { key: unknown[]; data: unknown }[];
}

function stateOf(html: string): State | null {
  const match = new RegExp(
    `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as State) : null;
}

const dataOf = (state: State | null, key: unknown[]) =>
  state?.queries.find((q) => JSON.stringify(q.key) === JSON.stringify(key))?.data;

describe('server-rendered public pages', () => {
  it('renders the home page for a guest, with its head, before any script has run', async () => {
    await start(renderer);
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const root = rootOf(res.body);
    expect(root).toContain('Workspaces planned around your team, delivered and installed.');
    expect(root).toContain('href="/login"');
    expect(root).toContain('Submit Your Design');
    expect(res.body).toContain('<meta property="og:url" content="http://shop.test/">');
    expect(res.body).not.toMatch(/<script(?! type="application\/json")[^>]*>[^<]/);
    expect(stateOf(res.body)).toEqual({
      router: { loaderData: {}, actionData: null, errors: null },
      queries: [],
    });
  });

  it('renders the inventory with the cache the browser would have fetched as a guest', async () => {
    const app = await start(renderer);
    const { categories } = await seedCatalog(app.ctx);
    const chairs = categories.get('Chairs')!;
    const res = await get(`/products?category=${chairs}`);
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('Ergonomic Mesh Task Chair');
    expect(root).toContain('Leather Executive Chair');
    expect(root).not.toContain('Electric Sit-Stand Desk');
    expect(root).toContain('aria-busy="false"');

    const state = stateOf(res.body);
    const api = await get(
      `/api/v1/frontend/products?category=${chairs}&page=1&per_page=${PAGE_SIZE.inventory}`,
    );
    const filters = { category: chairs, search: '', favorites: false, page: 1 };
    expect(dataOf(state, ['catalog', 'products', filters])).toEqual(api.json<ProductPage>());
    expect(dataOf(state, ['catalog', 'categories'])).toEqual(
      (await get('/api/v1/frontend/categories')).json(),
    );
    // The first photo is preloaded from the head.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toMatch(/<link rel="preload" as="image" imageSrcSet="\/media\/products\/photo1\/320\.webp/);
  });

  it('leaves the wishlist filter and a refused query to the browser', async () => {
    const app = await start(renderer);
    await seedCatalog(app.ctx);
    for (const url of ['/products?favorites=true', '/products?page=1000001']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(rootOf(res.body)).toContain('Loading products…');
      const state = stateOf(res.body);
      expect(state?.queries.map((q) => q.key[1])).toEqual(['categories']);
    }
    // A search longer than the box takes is cut to it, as the browser cuts it, and rendered.
    const long = await get(`/products?search=${'x'.repeat(201)}`);
    expect(rootOf(long.body)).toContain(`value="${'x'.repeat(200)}"`);
    expect(rootOf(long.body)).toContain('No products found');
    expect(stateOf(long.body)?.queries.map((q) => q.key[1])).toEqual(['categories', 'products']);
  });

  it('renders a product page with its detail, related products and head', async () => {
    const app = await start(renderer);
    await seedCatalog(app.ctx);
    await app.ctx.database.db
      .update(products)
      .set({ name: 'Chair </script><script>alert(1)</script> & Co' })
      .where(eq(products.slug, 'ergonomic-mesh-task-chair'));
    const res = await get('/product/ergonomic-mesh-task-chair');
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('Chair &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(root).toContain('$329.00');
    expect(root).toContain('Related Products');
    expect(res.body).toContain(
      '<title>Chair &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co | Cubicle Depot</title>',
    );
    // The state is JSON inside a script element: no markup can end it early.
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);
    const api = await get('/api/v1/frontend/products/ergonomic-mesh-task-chair');
    const detail = dataOf(stateOf(res.body), ['catalog', 'product', 'ergonomic-mesh-task-chair']);
    expect(detail).toEqual(api.json<ProductDetail>());
    expect((detail as ProductDetail).product.name).toBe('Chair </script><script>alert(1)</script> & Co');
  });

  it('answers an unknown product with 404 and the rendered not-found view', async () => {
    const app = await start(renderer);
    await seedCatalog(app.ctx);
    const res = await get('/product/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(`<title>${CUSTOMER_MESSAGES.productNotFoundTitle} | Cubicle Depot</title>`);
    expect(rootOf(res.body)).toContain(CUSTOMER_MESSAGES.productNotFoundTitle);
    expect(rootOf(res.body)).not.toContain('data-testid="product-loading"');
    expect(stateOf(res.body)?.queries).toEqual([]);
  });

  it('answers a product path with broken percent-encoding as an unknown product: 404 and the not-found view', async () => {
    const app = await start(renderer);
    await seedCatalog(app.ctx);
    const res = await get('/product/%E0%A4%A');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain(`<title>${CUSTOMER_MESSAGES.productNotFoundTitle} | Cubicle Depot</title>`);
    expect(res.body).toContain('<meta property="og:url" content="http://shop.test/product/%E0%A4%A">');
    expect(rootOf(res.body)).toContain(CUSTOMER_MESSAGES.productNotFoundTitle);
    expect(logLines.join('')).not.toContain('server rendering failed');
    // An unknown page anywhere else goes home, as any path no route knows; the API still refuses such an address.
    const elsewhere = await get('/nowhere/%E0%A4%A?x=1');
    expect(elsewhere.statusCode).toBe(302);
    expect(elsewhere.headers.location).toBe('/');
    expect((await get('/api/v1/frontend/products/%E0%A4%A')).statusCode).toBe(400);
  });

  it('redirects paths no route knows to the home page from the server', async () => {
    await start(renderer);
    for (const url of ['/no/such/page', '/nowhere?x=1', '/product/a/b', '/user/nowhere', '/admin/nowhere']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe('/');
    }
  });

  it('leaves the customer and admin areas and the sign-in screens to the browser', async () => {
    await start(renderer);
    for (const url of [
      '/login',
      '/register',
      '/user',
      '/user/dashboard',
      '/admin/login',
      '/admin',
      '/admin/chat',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(stateOf(res.body), url).toBeNull();
    }
  });

  it('serves the page without server rendering, and logs why, when rendering fails', async () => {
    await start({
      renderPage: async () => {
        throw new Error('the renderer broke');
      },
    });
    const res = await get('/products');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<title>Inventory');
    expect(stateOf(res.body)).toBeNull();
    const logged = logLines.map((line) => JSON.parse(line) as { msg: string; err?: { message: string } });
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'server rendering failed: the page is rendered in the browser',
        err: expect.objectContaining({ message: 'the renderer broke' }),
      }),
    );
  });

  it('loads the renderer from the web build and never serves its code', async () => {
    await mkdir(path.join(dist, 'server'));
    await writeFile(
      path.join(dist, 'server', 'entry-server.js'),
      `export async function renderPage(url) {
        return { head: '<link rel="modulepreload" crossorigin href="/assets/page.js">',
          html: '<main>rendered ' + new URL(url).pathname + '</main>', state: '{"queries":[]}' };
      }`,
    );
    await start();
    const res = await get('/about-us');
    expect(res.body).toContain('<div id="root"><main>rendered /about-us</main></div>');
    expect(res.body).toContain(
      `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">{"queries":[]}</script>`,
    );
    expect(res.body).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/page\.js"><\/head>/);
    expect((await get('/server/entry-server.js')).statusCode).toBe(404);
  });

  it('serves the plain page when the build has no renderer', async () => {
    await start();
    const res = await get('/about-us');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(logLines.join('')).toContain('no server renderer in the web build');
  });
});
