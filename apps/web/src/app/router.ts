import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { registerLeavingCheck, registerNavigator } from '../lib/navigation';
import { appRoutes } from './routes';

/**
 * Created after the sessions are loaded: the guards of the first page need them. With `hydrationData` (a
 * server-rendered page) the router starts with the server's loader data and runs no loader for the first page.
 */
export function createAppRouter(hydrationData?: HydrationState) {
  const router = createBrowserRouter(appRoutes, hydrationData ? { hydrationData } : undefined);
  registerNavigator((to, options) => router.navigate(to, options));
  registerLeavingCheck((pathname) => {
    const { navigation, location } = router.state;
    return (
      location.pathname !== pathname ||
      (navigation.state !== 'idle' && navigation.location.pathname !== pathname)
    );
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Loads the code of the lazy routes that match `pathname` (routes/lazy-page.ts) and puts it on the route
 * objects, as the router would on a navigation. Hydration needs it before the router is created: a router
 * that still has code to load for its first page renders the HydrateFallback, which is not the server's markup.
 */
export async function loadRoutesOf(pathname: string, routes: RouteObject[] = appRoutes): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(async ({ route }) => {
      const load = (route.lazy as { Component?: () => Promise<ComponentType> } | undefined)?.Component;
      if (load) Object.assign(route, { Component: await load(), lazy: undefined });
    }),
  );
}
