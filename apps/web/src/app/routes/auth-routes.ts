import type { RouteObject } from 'react-router';
import { alwaysRecheck, guestOnly } from '../guards';
import { lazyLayout, lazyPage, titled } from './lazy-page';

/** Customer sign-in screens; guests only. */
/** The pages of mailed links (verification, a guest design's claim): for anybody, signed in or not. */
export const mailedLinkRoutes: RouteObject = {
  ...lazyLayout(
    () => import('../layouts/auth-layout'),
    (m) => m.AuthLayout,
  ),
  children: [
    {
      path: 'verify-email',
      handle: titled('verifyEmail'),
      ...lazyPage(() => import('../../features/accounts/pages/verify-email-page')),
    },
    {
      path: 'claim-design',
      handle: titled('claimDesign'),
      ...lazyPage(() => import('../../features/accounts/pages/claim-design-page')),
    },
  ],
};

export const authRoutes: RouteObject = {
  loader: guestOnly,
  shouldRevalidate: alwaysRecheck,
  ...lazyLayout(
    () => import('../layouts/auth-layout'),
    (m) => m.AuthLayout,
  ),
  children: [
    {
      path: 'login',
      handle: titled('login'),
      ...lazyPage(() => import('../../features/accounts/pages/login-page')),
    },
    {
      path: 'register',
      handle: titled('register'),
      ...lazyPage(() => import('../../features/accounts/pages/register-page')),
    },
    {
      path: 'forgot-password',
      handle: titled('forgotPassword'),
      ...lazyPage(() => import('../../features/accounts/pages/forgot-password-page')),
    },
    {
      path: 'reset-password',
      handle: titled('resetPassword'),
      ...lazyPage(() => import('../../features/accounts/pages/reset-password-page')),
    },
  ],
};
