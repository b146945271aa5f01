import type { RouteObject } from 'react-router';
import { lazyLayout, lazyPage } from './lazy-page';

/** The marketing site and the inventory, inside the public layout (header, footer). */
export const publicRoutes: RouteObject = {
  ...lazyLayout(
    () => import('../layouts/public-layout'),
    (m) => m.PublicLayout,
  ),
  children: [
    { index: true, ...lazyPage(() => import('../../features/content/pages/home-page')) },
    { path: 'how-it-works', ...lazyPage(() => import('../../features/content/pages/how-it-works-page')) },
    { path: 'products', ...lazyPage(() => import('../../features/catalog/pages/products-page')) },
    { path: 'product/:slug', ...lazyPage(() => import('../../features/catalog/pages/product-detail-page')) },
    { path: 'services', ...lazyPage(() => import('../../features/content/pages/services-page')) },
    { path: 'privacy-policy', ...lazyPage(() => import('../../features/content/pages/privacy-policy-page')) },
    { path: 'terms', ...lazyPage(() => import('../../features/content/pages/terms-page')) },
    { path: 'contact', ...lazyPage(() => import('../../features/content/pages/contact-page')) },
    { path: 'about-us', ...lazyPage(() => import('../../features/content/pages/about-us-page')) },
  ],
};
