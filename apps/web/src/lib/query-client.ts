import { QueryClient } from '@tanstack/react-query';

/**
 * Failures are already shown by the API client, so a retry would show the same message again;
 * a screen that wants retries or focus refetching asks for them.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
