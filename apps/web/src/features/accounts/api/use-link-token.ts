import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * Sends a mailed link's token once when the page opens (the token is single-use: a re-render or Strict Mode's
 * second effect must not send it again), and answers the mutation's state.
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
  return mutation;
}
