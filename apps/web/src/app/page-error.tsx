import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useLocation } from 'react-router';
import { Button } from '../components/ui/button';
import { AlertTriangleIcon } from '../components/ui/icons';

function PageFailed({ resetErrorBoundary }: FallbackProps) {
  return (
    <section role="alert" aria-labelledby="page-error-title" className="mx-auto max-w-md py-16 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-copper-50 text-copper-700">
        <AlertTriangleIcon className="size-7" />
      </span>
      <h1 id="page-error-title" className="mt-6 text-2xl font-bold">
        Something went wrong
      </h1>
      <p className="mt-2 text-slate-600">
        This page could not be shown. Try again; if it keeps happening, reload the page or come back in a few
        minutes.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Button onClick={resetErrorBoundary}>Try again</Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Reload page
        </Button>
      </div>
    </section>
  );
}

/**
 * The page of a signed-in area (the customer area, the back-office) inside its layout: a page that fails to render
 * is shown failed in its place, while the menu, the header and the other pages stay within reach (the root's error
 * screen would replace the whole app). Another page, or Try again, draws it anew. Part of the areas' layouts, so
 * the public pages carry none of it.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      FallbackComponent={PageFailed}
      resetKeys={[pathname]}
      onError={(error) => console.error(error)}
    >
      {children}
    </ErrorBoundary>
  );
}
