import { useEffect } from 'react';
import { failureWithReason, isApiError } from '../../../lib/api-error';
import { useMessageDialogs } from '../message-dialogs';

/**
 * Reports each failed load of a query once, in an error dialog (`errorUpdatedAt` tells the failures apart): the
 * page's message, or what the client says of a refusal for too many attempts or of a request that got no answer.
 * An ended session is not reported here: it has its own handling (the area's login page opens).
 */
export function useFailureAlert(
  query: { isError: boolean; error: unknown; errorUpdatedAt: number },
  title: string,
  message: string,
): void {
  const dialogs = useMessageDialogs();
  const { isError, error, errorUpdatedAt } = query;
  const sessionEnded = isApiError(error) && error.status === 401;
  useEffect(() => {
    if (isError && !sessionEnded)
      void dialogs.alert({ title, message: failureWithReason(error, message), tone: 'error' });
  }, [isError, sessionEnded, errorUpdatedAt, error, dialogs, title, message]);
}
