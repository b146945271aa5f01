import { useEffect, type ReactNode } from 'react';
import { Link, isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { Button, buttonClasses } from '../components/ui/button';
import { AlertTriangleIcon } from '../components/ui/icons';
import { SESSION_UNREACHABLE } from './guards';

/** The account of a signed-in customer could not be read (guards.ts): what happened, from the error's data. */
function unreachableMessage(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const data = error.data as { reason?: unknown; message?: unknown } | null;
  return data?.reason === SESSION_UNREACHABLE && typeof data.message === 'string' ? data.message : undefined;
}

/** Shown when a screen fails to load or render (often a chunk from before a new release). */
export function RouteError() {
  const error = useRouteError();
  const unreachable = unreachableMessage(error);
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    // The shop out of reach is said on the page (and warned of where it was found), not an error of the app.
    if (unreachable === undefined) console.error(error);
  }, [error, unreachable]);

  if (unreachable !== undefined) {
    return (
      <ErrorScreen
        title="The shop could not be reached"
        text={`${unreachable} You are still signed in: try again when the connection is back.`}
        // The same page again: its guard reads the account anew.
        action={<Button onClick={() => void navigate(location, { replace: true })}>Try again</Button>}
      />
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <ErrorScreen
      title="Something went wrong"
      text={`${status ? `The page could not be shown (error ${status}).` : 'This page could not be loaded.'} Please reload the page; if it keeps happening, try again in a few minutes.`}
      action={<Button onClick={() => window.location.reload()}>Reload page</Button>}
    />
  );
}

function ErrorScreen({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-6">
      <div className="max-w-md text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-copper-50 text-copper-700">
          <AlertTriangleIcon className="size-7" />
        </span>
        <h1 className="mt-6 text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-slate-600">{text}</p>
        <div className="mt-8 flex justify-center gap-3">
          {action}
          <Link to="/" className={buttonClasses('outline')} reloadDocument>
            Go to the home page
          </Link>
        </div>
      </div>
    </main>
  );
}
