import { act } from '@testing-library/react';
import { delay, http } from 'msw';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  PageRenderer,
  Product,
  ProductDetail,
  ProductPage,
  RenderedPage,
  StorefrontSource,
} from '@shop/contracts';
import type * as ProvidersModule from './app/providers';
import type * as RouterModule from './app/router';
import type * as QueryClientModule from './lib/query-client';
import type * as ServerRenderingModule from './lib/server-rendering';
import type * as SessionsModule from './lib/sessions';
import { testCustomer } from './test/accounts';
import { server } from './test/server';

const product = (id: number): Product => ({
  id,
  name: `Walnut Desk ${id}`,
  slug: `walnut-desk-${id}`,
  description: 'A desk </script> with <b>markup</b> in its description.',
  photo_url: `/media/products/photo${id}/640.webp`,
  gallery_urls: [`/media/products/gallery${id}/640.webp`],
  set_price: '1250.50',
  stock_quantity: id % 2,
  is_favorited: false,
});
const page: ProductPage = {
  data: [1, 2, 3, 4].map(product),
  current_page: 1,
  last_page: 2,
  next_page_url: 'http://shop.test/api/v1/frontend/products?page=2&per_page=9',
  prev_page_url: null,
  total: 13,
  per_page: 9,
};
const detail: ProductDetail = { product: product(1), relatedProducts: [product(2), product(3)] };
const source: StorefrontSource = {
  categories: async () => [
    { id: 1, name: 'Desks' },
    { id: 2, name: 'Chairs' },
  ],
  products: async () => page,
  product: async (slug) => (slug === 'walnut-desk-1' ? detail : null),
};

// The server renderer and the browser's app each in a module graph of its own, as in production: the server
// must not see the browser's session.
let renderPage: PageRenderer['renderPage'];
let browser: typeof RouterModule &
  typeof ProvidersModule &
  typeof QueryClientModule &
  typeof ServerRenderingModule &
  typeof SessionsModule;
beforeAll(async () => {
  vi.resetModules();
  ({ renderPage } = await import('./entry-server'));
  vi.resetModules();
  browser = {
    ...(await import('./app/router')),
    ...(await import('./app/providers')),
    ...(await import('./lib/query-client')),
    ...(await import('./lib/server-rendering')),
    ...(await import('./lib/sessions')),
  };
});

let root: Root | undefined;
/** The API calls the browser's app made, in order; none is answered. */
let requested: string[] = [];
beforeEach(() => {
  requested = [];
  // The page's own requests after hydration (page meta) are not what this test looks at: they stay unanswered.
  server.use(
    http.all('/api/*', async ({ request }) => {
      requested.push(request.url);
      await delay('infinite');
    }),
  );
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  browser.queryClient.clear();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** Hydrates a server-rendered page the way src/main.tsx does; answers what React reported. */
async function hydrate(path: string): Promise<{ errors: unknown[]; container: HTMLElement }> {
  const rendered = await renderPage(`http://shop.test${path}`, source);
  if (!rendered || 'redirect' in rendered) throw new Error(`${path} was not rendered on the server`);
  window.history.replaceState(null, '', path);
  document.body.innerHTML =
    `<div id="root">${rendered.html}</div>` +
    `<script type="application/json" id="app-state">${rendered.state}</script>`;
  const container = document.getElementById('root')!;

  const errors: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
  const { AppProviders } = browser;
  const state = browser.readServerState();
  if (!state) throw new Error('no server state');
  browser.adoptServerQueries(browser.queryClient, state.queries);
  await browser.loadRoutesOf(path);
  const router = browser.createAppRouter(state.router);
  await act(async () => {
    root = hydrateRoot(
      container,
      // The tree of src/app/app.tsx, with react-router's RouterProvider (react-router/dom's adds flushSync).
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  return { errors, container };
}

describe('server rendering and hydration', () => {
  for (const path of [
    '/',
    '/products',
    '/products?category=1&page=2',
    '/product/walnut-desk-1',
    '/product/no-such-desk',
    '/how-it-works',
    '/services',
    '/about-us',
    '/contact',
    '/privacy-policy',
    '/terms',
  ]) {
    it(`hydrates ${path} without a mismatch`, async () => {
      const { errors, container } = await hydrate(path);
      expect(errors).toEqual([]);
      expect(container.querySelector('main')?.textContent).not.toBe('');
    });
  }

  it('renders the not-found view of an unknown product on the server and keeps it after hydrating', async () => {
    const rendered = (await renderPage('http://shop.test/product/no-such-desk', source)) as RenderedPage;
    expect(rendered.html).toContain('Product not found');
    const { container } = await hydrate('/product/no-such-desk');
    expect(container.querySelector('h1')?.textContent).toBe('Product not found');
  });

  it('renders the data it was given and keeps it for the browser', async () => {
    const { container } = await hydrate('/products');
    expect(container.querySelectorAll('[data-testid="product-card"]')).toHaveLength(4);
    expect(container.textContent).toContain('13 products · page 1 of 2');
    // Hydrated from the server's data: no request for the list.
    expect(requested).not.toContainEqual(expect.stringContaining('/api/v1/frontend/products'));
  });

  it('hydrates the guest view for a signed-in customer, then shows their header and reads their data', async () => {
    browser.customerSession.signIn('token-1', testCustomer);
    try {
      const { errors, container } = await hydrate('/products');
      expect(errors).toEqual([]);
      // The account menu (Radix) is a lazy chunk: it replaces the avatar once loaded.
      await vi.waitFor(() =>
        expect(
          container.querySelector(`[aria-label="Account menu for ${testCustomer.name}"]`),
        ).not.toBeNull(),
      );
      expect(container.querySelector('a[href="/login"]')).toBeNull();

      browser.refetchServerQueries(browser.queryClient, browser.readServerState()!.queries);
      await vi.waitFor(() =>
        expect(requested).toContainEqual(expect.stringContaining('/api/v1/frontend/products?')),
      );
    } finally {
      browser.customerSession.clear();
    }
  });

  it('renders only the public area', async () => {
    for (const path of ['/login', '/user', '/user/dashboard', '/admin', '/admin/login', '/admin/chat']) {
      expect(await renderPage(`http://shop.test${path}`, source), path).toBeNull();
    }
  });

  it('redirects paths no route knows to the home page', async () => {
    for (const path of [
      '/nowhere',
      '/product/a/b',
      '/user/nowhere',
      '/admin/nowhere/at/all',
      '/products/x',
    ]) {
      expect(await renderPage(`http://shop.test${path}`, source), path).toEqual({ redirect: '/' });
    }
  });

  it('keeps markup out of the JSON state', async () => {
    const rendered = (await renderPage('http://shop.test/product/walnut-desk-1', source)) as RenderedPage;
    expect(rendered!.state).not.toContain('<');
    expect(rendered!.html).not.toContain('<script');
    expect(rendered!.head).toMatch(/^<link rel="preload" as="image"/);
  });
});
