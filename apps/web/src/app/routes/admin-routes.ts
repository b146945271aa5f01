import { redirect, type RouteObject } from 'react-router';
import { adminGuestOnly, alwaysRecheck, requireAdmin } from '../guards';
import { lazyLayout, lazyPage, RedirectOnly, titled } from './lazy-page';

/** The back-office under /admin: its own login (guests only) and the admin layout (admins only). */
export const adminRoutes: RouteObject = {
  path: 'admin',
  children: [
    {
      path: 'login',
      handle: titled('adminLogin'),
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
        { index: true, loader: () => redirect('/admin/dashboard'), Component: RedirectOnly },
        {
          path: 'dashboard',
          handle: titled('adminDashboard'),
          ...lazyPage(() => import('../../features/dashboard/pages/admin-dashboard-page')),
        },
        {
          path: 'users',
          handle: titled('adminUsers'),
          ...lazyPage(() => import('../../features/users/pages/admin-users-page')),
        },
        {
          path: 'designs',
          handle: titled('adminDesigns'),
          ...lazyPage(() => import('../../features/designs/pages/admin-designs-page')),
        },
        // The list filtered by one customer ("View Designs Submitted").
        {
          path: 'designs/:userId',
          handle: titled('adminDesigns'),
          ...lazyPage(() => import('../../features/designs/pages/admin-designs-page')),
        },
        {
          path: 'design/view/:id',
          handle: titled('adminDesignDetails'),
          ...lazyPage(() => import('../compositions/admin-design-page')),
        },
        {
          path: 'proposals',
          handle: titled('adminProposals'),
          ...lazyPage(() => import('../../features/proposals/pages/admin-proposals-page')),
        },
        {
          path: 'proposals/:id',
          handle: titled('adminProposalDetails'),
          ...lazyPage(() => import('../../features/proposals/pages/admin-proposal-detail-page')),
        },
        {
          path: 'quote-requests',
          handle: titled('adminQuoteRequests'),
          ...lazyPage(() => import('../../features/proposals/pages/admin-quote-requests-page')),
        },
        {
          path: 'schedule',
          handle: titled('adminSchedule'),
          ...lazyPage(() => import('../../features/proposals/pages/admin-schedule-page')),
        },
        {
          path: 'bookings',
          handle: titled('adminBookings'),
          ...lazyPage(() => import('../../features/proposals/pages/admin-bookings-page')),
        },
        {
          path: 'products',
          handle: titled('adminProducts'),
          ...lazyPage(() => import('../../features/products-admin/pages/admin-products-page')),
        },
        {
          path: 'products/create',
          handle: titled('adminProductCreate'),
          ...lazyPage(() => import('../../features/products-admin/pages/admin-product-create-page')),
        },
        {
          path: 'products/:id/edit',
          handle: titled('adminProductEdit'),
          ...lazyPage(() => import('../../features/products-admin/pages/admin-product-edit-page')),
        },
        {
          path: 'chat',
          handle: titled('adminChat'),
          ...lazyPage(() => import('../../features/chat/pages/admin-chat-page')),
        },
        {
          path: 'notifications',
          handle: titled('adminNotifications'),
          ...lazyPage(() => import('../../features/notifications/pages/admin-notifications-page')),
        },
        {
          path: 'settings',
          handle: titled('adminSettings'),
          ...lazyPage(() => import('../../features/profile/pages/admin-settings-page')),
        },
      ],
    },
  ],
};
