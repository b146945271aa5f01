import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearToasts } from '../../../lib/toast';

/** A JSON answer of the API. */
export const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A mocked fetch for the tests of these screens, fresh for each test (and the toasts cleared after it); `calls`
 * answers the calls made to an address.
 */
export function mockFetch() {
  const mock = { fetch: vi.fn() };
  beforeEach(() => {
    mock.fetch = vi.fn();
    vi.stubGlobal('fetch', mock.fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
  });
  return {
    get fetch() {
      return mock.fetch;
    },
    calls: (path: string) => mock.fetch.mock.calls.filter(([url]) => String(url).startsWith(path)),
  };
}

/** Renders a piece of these screens with a query client of its own (no retries) and a router. */
export function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
