import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MessageDialogsProvider } from '../components/ui/message-dialogs';
import { Toaster } from '../components/ui/toaster';
import { queryClient } from '../lib/query-client';

/** App-wide context: server state, message dialogs and toasts. Sessions live in lib/sessions (outside React). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MessageDialogsProvider>
        {children}
        <Toaster />
      </MessageDialogsProvider>
    </QueryClientProvider>
  );
}
