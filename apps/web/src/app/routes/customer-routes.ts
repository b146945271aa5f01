import { redirect, type RouteObject } from 'react-router';
import { alwaysRecheck, requireCustomer } from '../guards';
import { lazyAreaPage, lazyLayout, RedirectOnly, titled } from './lazy-page';

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
      ...lazyAreaPage(() => import('../../features/dashboard/pages/user-dashboard-page')),
    },
    {
      path: 'chat',
      handle: titled('userChat'),
      ...lazyAreaPage(() => import('../../features/chat/pages/user-chat-page')),
    },
    {
      path: 'submit-design',
      handle: titled('submitDesign'),
      ...lazyAreaPage(() => import('../../features/designs/pages/submit-design-page')),
    },
    {
      path: 'designs-liked',
      handle: titled('designsLiked'),
      ...lazyAreaPage(() => import('../compositions/wishlist-page')),
    },
    {
      path: 'design-status',
      handle: titled('designStatus'),
      ...lazyAreaPage(() => import('../../features/designs/pages/design-status-page')),
    },
    {
      path: 'design-status/:slug',
      handle: titled('designDetails'),
      ...lazyAreaPage(() => import('../compositions/customer-design-page')),
    },
    {
      path: 'proposals',
      handle: titled('userProposals'),
      ...lazyAreaPage(() => import('../../features/proposals/pages/user-proposals-page')),
    },
    {
      path: 'proposals/:id',
      handle: titled('userProposalDetails'),
      ...lazyAreaPage(() => import('../../features/proposals/pages/user-proposal-detail-page')),
    },
    {
      path: 'profile-settings',
      handle: titled('profileSettings'),
      ...lazyAreaPage(() => import('../../features/profile/pages/profile-settings-page')),
    },
    {
      path: 'notifications',
      handle: titled('notifications'),
      ...lazyAreaPage(() => import('../../features/notifications/pages/user-notifications-page')),
    },
  ],
};
