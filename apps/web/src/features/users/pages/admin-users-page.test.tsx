import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES, type AdminUsersResponse } from '@shop/contracts';
import { MessageDialogsProvider } from '../../../components/ui/message-dialogs';
import AdminUsersPage from './admin-users-page';

function page(current: number, total: number, count: number, search = ''): AdminUsersResponse {
  const start = (current - 1) * 10 + 1;
  return {
    users: Array.from({ length: count }, (_, i) => ({
      id: 100 + start + i,
      name: `${search || 'Person'} ${start + i}`,
      email: `p${start + i}@example.com`,
      status: 1,
      user_designs_count: 0,
      liked_products_count: 0,
      created_at: '2026-01-01T00:00:00.000Z',
    })),
    total,
    pagination: {
      current,
      perPage: 10,
      total,
      totalPages: Math.ceil(total / 10),
      start,
      end: start + count - 1,
    },
  };
}

function setup(answer: (url: URL, init?: RequestInit) => Response) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://shop.test');
      calls.push(url);
      return answer(url, init);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <MessageDialogsProvider>
          <AdminUsersPage />
        </MessageDialogsProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AdminUsersPage', () => {
  it('numbers rows across pages and sends a new search back to page 1', async () => {
    const user = userEvent.setup();
    const calls = setup((url) => {
      const current = Number(url.searchParams.get('page') ?? 1);
      const search = url.searchParams.get('search') ?? '';
      if (search) return json(page(1, 1, 1, search));
      return json(current === 1 ? page(1, 12, 10) : page(2, 12, 2));
    });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/^1/);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/^11/);
    expect(rows[2]).toHaveTextContent(/^12/);

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zelda');
    await waitFor(() => expect(screen.getByRole('table')).toHaveTextContent('zelda 1'));
    const searched = calls.filter((u) => u.searchParams.get('search'));
    // Debounced: one call for the whole word, on page 1.
    expect(searched.map((u) => u.searchParams.get('search'))).toEqual(['zelda']);
    expect(searched[0]!.searchParams.get('page')).toBe('1');
    expect(searched[0]!.searchParams.get('perPage')).toBe('10');
  });

  it("shows 'Deactivated!' after a toggle and 'Failed to toggle user status.' when it fails", async () => {
    const user = userEvent.setup();
    let fail = false;
    setup((url, init) => {
      if (init?.method === 'POST')
        return fail ? json({ message: 'Server error.' }, 500) : json({ status: 0, message: 'x' });
      return json(page(1, 1, 1));
    });
    // The table and the mobile cards both hold the row (CSS picks one); either button does.
    await user.click((await screen.findAllByRole('button', { name: 'Deactivate Person 1' }))[0]!);
    const done = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.deactivatedTitle });
    expect(done).toHaveTextContent(ADMIN_MESSAGES.userDeactivated);
    await user.click(within(done).getByRole('button', { name: 'OK' }));

    fail = true;
    await user.click(screen.getAllByRole('button', { name: 'Deactivate Person 1' })[0]!);
    const failed = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.errorTitle });
    expect(failed).toHaveTextContent(ADMIN_MESSAGES.userToggleFailed);
  });
});
