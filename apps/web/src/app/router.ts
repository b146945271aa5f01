import { createBrowserRouter } from 'react-router';
import { registerNavigator } from '../lib/navigation';
import { appRoutes } from './routes';

/** Created after the sessions are loaded: the guards of the first page need them. */
export function createAppRouter() {
  const router = createBrowserRouter(appRoutes);
  registerNavigator((to, options) => router.navigate(to, options));
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
