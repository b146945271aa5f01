import { redirect, type RouteObject } from 'react-router';
import { alwaysRecheck, requireCustomer } from '../guards';
import { lazyLayout, lazyPage } from './lazy-page';

/** The customer area under /user; signed-in customers only. */
export const customerRoutes: RouteObject = {
  path: 'user',
  loader: requireCustomer,
  shouldRevalidate: alwaysRecheck,
  ...lazyLayout(
    () => import('../layouts/customer-layout'),
    (m) => m.CustomerLayout,
  ),
  children: [
    { index: true, loader: () => redirect('/user/dashboard') },
    { path: 'dashboard', ...lazyPage(() => import('../../features/dashboard/pages/user-dashboard-page')) },
    { path: 'chat', ...lazyPage(() => import('../../features/chat/pages/user-chat-page')) },
    { path: 'submit-design', ...lazyPage(() => import('../../features/designs/pages/submit-design-page')) },
    { path: 'designs-liked', ...lazyPage(() => import('../../features/favorites/pages/designs-liked-page')) },
    { path: 'design-status', ...lazyPage(() => import('../../features/designs/pages/design-status-page')) },
    {
      path: 'design-status/:slug',
      ...lazyPage(() => import('../../features/designs/pages/design-status-detail-page')),
    },
    {
      path: 'profile-settings',
      ...lazyPage(() => import('../../features/profile/pages/profile-settings-page')),
    },
    {
      path: 'notifications',
      ...lazyPage(() => import('../../features/notifications/pages/user-notifications-page')),
    },
  ],
};
