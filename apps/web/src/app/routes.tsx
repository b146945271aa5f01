import { redirect, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { adminRoutes } from './routes/admin-routes';
import { authRoutes, mailedLinkRoutes } from './routes/auth-routes';
import { customerRoutes } from './routes/customer-routes';
import { RedirectOnly } from './routes/lazy-page';
import { publicRoutes } from './routes/public-routes';

/** The whole route tree; each area's routes live in ./routes/<area>-routes.ts. */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
    children: [
      publicRoutes,
      authRoutes,
      mailedLinkRoutes,
      customerRoutes,
      adminRoutes,
      { path: '*', loader: () => redirect('/'), Component: RedirectOnly },
    ],
  },
];
