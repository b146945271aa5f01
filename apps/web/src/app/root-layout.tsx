import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { usePageMeta } from './use-page-meta';

/** A thin bar at the top while the next screen's code or data loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="fixed inset-x-0 top-0 z-[120] h-0.5 overflow-hidden bg-copper-100" aria-hidden="true">
      <div className="h-full w-2/5 bg-copper-600 animate-progress" />
    </div>
  );
}

export function RootLayout() {
  usePageMeta();
  return (
    <>
      <NavigationProgress />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
