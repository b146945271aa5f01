import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// The design questionnaire (and the validation schemas it brings, ~30 kB gzip) is its own chunk, fetched only
// when the home page's Submit Your Design section comes near the screen. The app composes the two features: the
// content feature's home page receives the designs feature's form.
const DesignForm = lazy(() =>
  import('../../features/designs/components/design-form').then((m) => ({ default: m.DesignForm })),
);
const designForm = <DesignForm variant="home" />;

/** The home page route: its own chunk, given the design form for its Submit Your Design section. */
export function homeRoute(): Pick<RouteObject, 'lazy'> {
  return {
    lazy: {
      Component: async () => {
        const { default: HomePage } = await import('../../features/content/pages/home-page');
        return function Home() {
          return <HomePage designForm={designForm} />;
        };
      },
    },
  };
}
