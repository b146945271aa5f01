import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage, isApiError } from '../../../lib/api-error';
import { VERIFICATION_MESSAGES } from '@shop/contracts';

/** The server's words for a refused link, or a general failure. */
export function linkFailureMessage(error: unknown): string {
  return isApiError(error) && error.message && error.status > 0 && error.status < 500
    ? error.message
    : failureMessage(error, VERIFICATION_MESSAGES.failed);
}

/** Whether a failure left the link's token unused, so sending it again can work: no answer, or a server error. */
export function canTryAgain(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

/** The body of a mailed link's page: working, done or refused, announced to assistive technology. */
export function LinkOutcome({
  state,
  message,
  children,
}: {
  state: 'pending' | 'success' | 'error';
  message: string;
  children?: ReactNode;
}) {
  if (state === 'pending')
    return (
      <div role="status" className="flex items-center gap-3 text-sm text-slate-700">
        <Spinner />
        <span>{message}</span>
      </div>
    );
  return (
    <div className="space-y-5">
      <p
        role={state === 'error' ? 'alert' : 'status'}
        className={
          state === 'error'
            ? 'rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800'
            : 'rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900'
        }
      >
        {message}
      </p>
      {children && <div className="flex flex-wrap gap-3">{children}</div>}
    </div>
  );
}
