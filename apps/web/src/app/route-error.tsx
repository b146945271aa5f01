import { useEffect } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, buttonClasses } from '../components/ui/button';
import { AlertTriangleIcon } from '../components/ui/icons';

/** Shown when a screen fails to load or render (often a chunk from before a new release). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-6">
      <div className="max-w-md text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-copper-50 text-copper-700">
          <AlertTriangleIcon className="size-7" />
        </span>
        <h1 className="mt-6 text-2xl font-bold">Something went wrong</h1>
        <p className="mt-2 text-slate-600">
          {status ? `The page could not be shown (error ${status}).` : 'This page could not be loaded.'}{' '}
          Please reload the page; if it keeps happening, try again in a few minutes.
        </p>
        <div className="mt-8 flex justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          <Link to="/" className={buttonClasses('outline')} reloadDocument>
            Go to the home page
          </Link>
        </div>
      </div>
    </main>
  );
}
