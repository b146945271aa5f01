import type { RouteObject } from 'react-router';
import { alwaysRecheck, guestOnly } from '../guards';
import { lazyLayout, lazyPage } from './lazy-page';

/** Customer sign-in screens; guests only. */
export const authRoutes: RouteObject = {
  loader: guestOnly,
  shouldRevalidate: alwaysRecheck,
  ...lazyLayout(
    () => import('../layouts/auth-layout'),
    (m) => m.AuthLayout,
  ),
  children: [
    { path: 'login', ...lazyPage(() => import('../../features/accounts/pages/login-page')) },
    { path: 'register', ...lazyPage(() => import('../../features/accounts/pages/register-page')) },
    {
      path: 'forgot-password',
      ...lazyPage(() => import('../../features/accounts/pages/forgot-password-page')),
    },
    {
      path: 'reset-password',
      ...lazyPage(() => import('../../features/accounts/pages/reset-password-page')),
    },
  ],
};
