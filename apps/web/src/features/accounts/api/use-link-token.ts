import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';

/**
 * Sends a mailed link's token once when the page opens (the token is single-use: a re-render or Strict Mode's
 * second effect must not send it again), and answers the mutation's state, with `retry` to send it again after a
 * failure that left the token unused (no connection, a server error).
 */
export function useLinkToken<T>(token: string, send: (token: string) => Promise<T>, enabled = true) {
  const mutation = useMutation({ mutationFn: send });
  const sent = useRef<string | null>(null);
  const { mutate } = mutation;
  useEffect(() => {
    if (!enabled || !token || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [enabled, token, mutate]);
  const retry = useCallback(() => mutate(token), [mutate, token]);
  return { ...mutation, retry };
}
