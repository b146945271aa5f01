import { redirect, type RouteObject } from 'react-router';
import { alwaysRecheck, requireCustomer } from '../guards';
import { lazyLayout, lazyPage, RedirectOnly, titled } from './lazy-page';

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
    { index: true, loader: () => redirect('/user/dashboard'), Component: RedirectOnly },
    {
      path: 'dashboard',
      handle: titled('userDashboard'),
      ...lazyPage(() => import('../../features/dashboard/pages/user-dashboard-page')),
    },
    {
      path: 'chat',
      handle: titled('userChat'),
      ...lazyPage(() => import('../../features/chat/pages/user-chat-page')),
    },
    {
      path: 'submit-design',
      handle: titled('submitDesign'),
      ...lazyPage(() => import('../../features/designs/pages/submit-design-page')),
    },
    {
      path: 'designs-liked',
      handle: titled('designsLiked'),
      ...lazyPage(() => import('../compositions/wishlist-page')),
    },
    {
      path: 'design-status',
      handle: titled('designStatus'),
      ...lazyPage(() => import('../../features/designs/pages/design-status-page')),
    },
    {
      path: 'design-status/:slug',
      handle: titled('designDetails'),
      ...lazyPage(() => import('../compositions/customer-design-page')),
    },
    {
      path: 'proposals',
      handle: titled('userProposals'),
      ...lazyPage(() => import('../../features/proposals/pages/user-proposals-page')),
    },
    {
      path: 'proposals/:id',
      handle: titled('userProposalDetails'),
      ...lazyPage(() => import('../../features/proposals/pages/user-proposal-detail-page')),
    },
    {
      path: 'profile-settings',
      handle: titled('profileSettings'),
      ...lazyPage(() => import('../../features/profile/pages/profile-settings-page')),
    },
    {
      path: 'notifications',
      handle: titled('notifications'),
      ...lazyPage(() => import('../../features/notifications/pages/user-notifications-page')),
    },
  ],
};
