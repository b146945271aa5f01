import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { AlertTriangleIcon } from '../components/ui/icons';

/**
 * A page of the customer area or the back-office that failed to render, shown in the area's layout: the menu, the
 * header and the other pages stay within reach. Its own chunk, fetched with the page (lazy-page.ts), so the
 * public pages carry none of it.
 */
export function PageError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => console.error(error), [error]);
  return (
    <section role="alert" aria-labelledby="page-error-title" className="mx-auto max-w-md py-16 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-copper-50 text-copper-700">
        <AlertTriangleIcon className="size-7" />
      </span>
      <h1 id="page-error-title" className="mt-6 text-2xl font-bold">
        Something went wrong
      </h1>
      <p className="mt-2 text-slate-600">
        This page could not be shown. Try again; if it keeps happening, reload the page or come back in a few minutes.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        {/* The same address again: the page is drawn anew, its data read again. */}
        <Button onClick={() => void navigate(location, { replace: true })}>Try again</Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Reload page
        </Button>
      </div>
    </section>
  );
}
