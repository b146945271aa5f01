import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { StrictMode, useState, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router';
import { MessageDialogsProvider } from '../components/ui/message-dialogs';

/** A query client like the app's (no retries), fresh for each test. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export interface RenderOptions {
  /** The address the router starts at. */
  route?: string;
  queryClient?: QueryClient;
  /**
   * A data router (createMemoryRouter) instead of <MemoryRouter>, for screens that use its hooks (useBlocker):
   * the screen at `route`, and a page at every other path that says where the app went.
   */
  dataRouter?: boolean;
  /** In React's Strict Mode, as the app runs in development: effects run twice. */
  strict?: boolean;
}

function DataRouter({ route = '/', children }: { route?: string; children: ReactNode }) {
  const [router] = useState(() =>
    createMemoryRouter(
      [
        { path: route.split('?')[0], element: children },
        { path: '*', element: <p>Left for another page</p> },
      ],
      { initialEntries: [route] },
    ),
  );
  return <RouterProvider router={router} />;
}

/** The providers every screen has in the app: the query cache, a router, the message dialogs. */
export function TestProviders({
  children,
  route = '/',
  queryClient,
  dataRouter,
}: RenderOptions & { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      {dataRouter ? (
        <MessageDialogsProvider>
          <DataRouter route={route}>{children}</DataRouter>
        </MessageDialogsProvider>
      ) : (
        <MemoryRouter initialEntries={[route]}>
          <MessageDialogsProvider>{children}</MessageDialogsProvider>
        </MemoryRouter>
      )}
    </QueryClientProvider>
  );
}

/** Renders a screen inside the app's providers; the API answers come from the MSW handlers of the test. */
export function renderWithProviders(
  ui: ReactElement,
  { route, queryClient = createTestQueryClient(), dataRouter, strict = false }: RenderOptions = {},
): RenderResult & { queryClient: QueryClient } {
  const tree = (
    <TestProviders route={route} queryClient={queryClient} dataRouter={dataRouter}>
      {ui}
    </TestProviders>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, queryClient };
}
