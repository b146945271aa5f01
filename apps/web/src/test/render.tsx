import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { StrictMode, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { UnsavedChangesProvider } from '../components/ui/forms/unsaved-changes-provider';
import { MessageDialogsProvider } from '../components/ui/message-dialogs';

/** A query client like the app's (no retries), fresh for each test. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export interface RenderOptions {
  /** The address the router starts at. */
  route?: string;
  /** With `dataRouter`: the addresses visited before `route`, for the browser's Back. */
  history?: string[];
  queryClient?: QueryClient;
  /**
   * A data router (createMemoryRouter) instead of <MemoryRouter>, for screens that use its hooks (useBlocker, and
   * so useUnsavedChanges, whose guard the router's layout holds as the admin and customer layouts do): the screen at
   * `route`, and a page at every other path that says where the app went.
   */
  dataRouter?: boolean;
  /** With `dataRouter`: the screen's route pattern ('/admin/products/:id/edit'), for its `useParams`; else `route`. */
  path?: string;
  /** In React's Strict Mode, as the app runs in development: effects run twice. */
  strict?: boolean;
}

export type TestRouter = ReturnType<typeof createMemoryRouter>;

function createTestRouter(screen: ReactNode, route: string, history: string[], path?: string): TestRouter {
  return createMemoryRouter(
    [
      {
        // As the area layouts: the one navigation guard of the forms with unsaved changes.
        element: (
          <UnsavedChangesProvider>
            <Outlet />
          </UnsavedChangesProvider>
        ),
        children: [
          { path: path ?? route.split('?')[0], element: screen },
          { path: '*', element: <p>Left for another page</p> },
        ],
      },
    ],
    { initialEntries: [...history, route], initialIndex: history.length },
  );
}

/** The providers every screen has in the app: the query cache, a router, the message dialogs. */
export function TestProviders({
  children,
  route = '/',
  queryClient,
}: {
  children: ReactNode;
  route?: string;
  queryClient: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <MessageDialogsProvider>{children}</MessageDialogsProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

/**
 * Renders a screen inside the app's providers; the API answers come from the MSW handlers of the test. With
 * `dataRouter`, the router comes back too, to navigate from outside the screen.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    history = [],
    queryClient = createTestQueryClient(),
    dataRouter,
    path,
    strict = false,
  }: RenderOptions = {},
): RenderResult & { queryClient: QueryClient; router?: TestRouter } {
  const router = dataRouter ? createTestRouter(ui, route, history, path) : undefined;
  const tree = router ? (
    <QueryClientProvider client={queryClient}>
      <MessageDialogsProvider>
        <RouterProvider router={router} />
      </MessageDialogsProvider>
    </QueryClientProvider>
  ) : (
    <TestProviders route={route} queryClient={queryClient}>
      {ui}
    </TestProviders>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, queryClient, router };
}
