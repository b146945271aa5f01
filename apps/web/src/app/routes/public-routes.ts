import type { RouteObject } from 'react-router';
import { prefetchInventory, prefetchProduct } from '../../features/catalog/api/catalog-api';
import { homeRoute } from './home-route';
import { lazyLayout, lazyPage, titled } from './lazy-page';

/** The routes the server renders (src/entry-server.tsx): the public layout's, and the two that read data. */
export const PUBLIC_ROUTES_ID = 'public';
export const INVENTORY_ROUTE_ID = 'inventory';
export const PRODUCT_ROUTE_ID = 'product';

/** The marketing site and the inventory, inside the public layout (header, footer). */
export const publicRoutes: RouteObject = {
  id: PUBLIC_ROUTES_ID,
  ...lazyLayout(
    () => import('../layouts/public-layout'),
    (m) => m.PublicLayout,
  ),
  children: [
    { index: true, ...homeRoute() },
    { path: 'how-it-works', ...lazyPage(() => import('../../features/content/pages/how-it-works-page')) },
    // The loaders start the data requests alongside the page's chunk (they do not wait for them). The server
    // renderer replaces them with loaders that read the data before the page renders.
    {
      id: INVENTORY_ROUTE_ID,
      path: 'products',
      loader: ({ request }) => prefetchInventory(new URL(request.url)),
      ...lazyPage(() => import('../../features/catalog/pages/products-page')),
    },
    {
      id: PRODUCT_ROUTE_ID,
      path: 'product/:slug',
      loader: ({ params }) => prefetchProduct(params.slug),
      ...lazyPage(() => import('../../features/catalog/pages/product-detail-page')),
    },
    { path: 'services', ...lazyPage(() => import('../../features/content/pages/services-page')) },
    { path: 'privacy-policy', ...lazyPage(() => import('../../features/content/pages/privacy-policy-page')) },
    { path: 'terms', ...lazyPage(() => import('../../features/content/pages/terms-page')) },
    { path: 'contact', ...lazyPage(() => import('../../features/content/pages/contact-page')) },
    {
      path: 'site-visit',
      handle: titled('siteVisit'),
      ...lazyPage(() => import('../../features/proposals/pages/site-visit-page')),
    },
    { path: 'about-us', ...lazyPage(() => import('../../features/content/pages/about-us-page')) },
  ],
};
