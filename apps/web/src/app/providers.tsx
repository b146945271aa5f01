import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MessageDialogsProvider } from '../components/ui/message-dialogs';
import { Toaster } from '../components/ui/toaster';
import { queryClient } from '../lib/query-client';

/**
 * App-wide context: server state, message dialogs and toasts. Session tokens live outside React
 * (lib/session-tokens); the signed-in accounts are queries of the app's one cache (lib/sessions), never of the
 * server renderer's, which passes a cache of its own per request.
 */
export function AppProviders({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <QueryClientProvider client={client}>
      <MessageDialogsProvider>
        {children}
        <Toaster />
      </MessageDialogsProvider>
    </QueryClientProvider>
  );
}
