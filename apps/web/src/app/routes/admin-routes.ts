import { redirect, type RouteObject } from 'react-router';
import { adminGuestOnly, alwaysRecheck, requireAdmin } from '../guards';
import { lazyLayout, lazyPage } from './lazy-page';

/** The back-office under /admin: its own login (guests only) and the admin layout (admins only). */
export const adminRoutes: RouteObject = {
  path: 'admin',
  children: [
    {
      path: 'login',
      loader: adminGuestOnly,
      shouldRevalidate: alwaysRecheck,
      ...lazyPage(() => import('../../features/accounts/pages/admin-login-page')),
    },
    {
      loader: requireAdmin,
      shouldRevalidate: alwaysRecheck,
      ...lazyLayout(
        () => import('../layouts/admin-layout'),
        (m) => m.AdminLayout,
      ),
      children: [
        { index: true, loader: () => redirect('/admin/dashboard') },
        {
          path: 'dashboard',
          ...lazyPage(() => import('../../features/dashboard/pages/admin-dashboard-page')),
        },
        { path: 'users', ...lazyPage(() => import('../../features/users/pages/admin-users-page')) },
        { path: 'designs', ...lazyPage(() => import('../../features/designs/pages/admin-designs-page')) },
        // The list filtered by one customer ("View Designs Submitted").
        {
          path: 'designs/:userId',
          ...lazyPage(() => import('../../features/designs/pages/admin-designs-page')),
        },
        {
          path: 'design/view/:id',
          ...lazyPage(() => import('../../features/designs/pages/admin-design-detail-page')),
        },
        {
          path: 'products',
          ...lazyPage(() => import('../../features/products-admin/pages/admin-products-page')),
        },
        {
          path: 'products/create',
          ...lazyPage(() => import('../../features/products-admin/pages/admin-product-create-page')),
        },
        {
          path: 'products/:id/edit',
          ...lazyPage(() => import('../../features/products-admin/pages/admin-product-edit-page')),
        },
        { path: 'chat', ...lazyPage(() => import('../../features/chat/pages/admin-chat-page')) },
        {
          path: 'notifications',
          ...lazyPage(() => import('../../features/notifications/pages/admin-notifications-page')),
        },
        { path: 'settings', ...lazyPage(() => import('../../features/profile/pages/admin-settings-page')) },
      ],
    },
  ],
};
