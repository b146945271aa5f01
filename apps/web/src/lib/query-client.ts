import { QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Failures are already shown by the API client, so a retry would show the same message again;
 * a screen that wants retries or focus refetching asks for them.
 * Requests are made whether or not the browser says it is online (`networkMode: 'always'`): TanStack Query's
 * default holds them while it is offline, so a form stayed busy and a list kept loading without a word, and
 * a held click went through by itself once the connection came back. Made, they fail at once and the API
 * client says so (offline: 'You are offline. Check your connection and try again.'), and the person decides
 * whether to try again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * Reads these queries again after something changed on the server (a realtime event, a reconnection). A read
 * already under way may have been answered before the change, and TanStack Query lets a query's first read run
 * on when it is invalidated: that read is cancelled first, so the answer kept is one asked for after the change.
 */
export async function readAgain(client: QueryClient, queryKey: QueryKey): Promise<void> {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}

/**
 * After a realtime event was written into the cache: the queries under `queryKey` whose read was under way (a
 * first read, which had nothing for the event to be added to, or a refetch) were answered before the event and
 * would be kept without it, so each is read again. The queries at rest keep what the event wrote.
 */
export function readAgainWhileFetching(client: QueryClient, queryKey: QueryKey): void {
  for (const query of client.getQueryCache().findAll({ queryKey, fetchStatus: 'fetching' })) {
    void readAgain(client, query.queryKey);
  }
}
