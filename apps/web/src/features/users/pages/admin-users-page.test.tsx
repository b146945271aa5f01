import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES, CUSTOMER_MESSAGES, type AdminUsersResponse } from '@shop/contracts';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
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

/** The admin users API of these tests: lists from `list`, the toggle from `toggle`; returns the list calls (and the toggle's bodies). */
function setup(
  list: (url: URL) => AdminUsersResponse,
  toggle: () => Response | Promise<Response> = () => json({ status: 0, message: 'x' }),
) {
  const calls: URL[] = [];
  const asked: unknown[] = [];
  server.use(
    http.get('/api/admin/users', ({ request }) => {
      const url = new URL(request.url);
      calls.push(url);
      return HttpResponse.json(list(url));
    }),
    http.post('/api/admin/users/:id/toggle-status', async ({ request }) => {
      asked.push(await request.json());
      return toggle();
    }),
  );
  renderWithProviders(<AdminUsersPage />, { dataRouter: true });
  return Object.assign(calls, { asked });
}

const json = (body: unknown, status = 200) => HttpResponse.json(body as object, { status });

describe('AdminUsersPage', () => {
  it('numbers rows across pages and sends a new search back to page 1', async () => {
    const user = userEvent.setup();
    const calls = setup((url) => {
      const current = Number(url.searchParams.get('page') ?? 1);
      const search = url.searchParams.get('search') ?? '';
      if (search) return page(1, 1, 1, search);
      return current === 1 ? page(1, 12, 10) : page(2, 12, 2);
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
    const { asked } = setup(
      () => page(1, 1, 1),
      () => (fail ? json({ message: 'Server error.' }, 500) : json({ status: 0, message: 'x' })),
    );
    // The table and the mobile cards both hold the row (CSS picks one); either button does. Deactivating asks first.
    await user.click((await screen.findAllByRole('button', { name: 'Deactivate Person 1' }))[0]!);
    const ask = await screen.findByRole('alertdialog', { name: 'Deactivate Person 1?' });
    await user.click(within(ask).getByRole('button', { name: 'Deactivate' }));
    const done = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.deactivatedTitle });
    expect(done).toHaveTextContent(ADMIN_MESSAGES.userDeactivated);
    // It asks for the status the button offers: a deactivation another admin made meanwhile is not undone.
    expect(asked).toEqual([{ status: 0 }]);
    await user.click(within(done).getByRole('button', { name: 'OK' }));

    fail = true;
    await user.click(screen.getAllByRole('button', { name: 'Deactivate Person 1' })[0]!);
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Deactivate Person 1?' })).getByRole('button', {
        name: 'Deactivate',
      }),
    );
    const failed = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.errorTitle });
    expect(failed).toHaveTextContent(ADMIN_MESSAGES.userToggleFailed);
  });

  it('says how long to wait when the list is refused for too many requests, and when the browser is offline', async () => {
    const user = userEvent.setup();
    let answer: () => Response = () =>
      new HttpResponse(null, { status: 429, headers: { 'Retry-After': '120' } });
    server.use(http.get('/api/admin/users', () => answer()));
    renderWithProviders(<AdminUsersPage />, { dataRouter: true });
    const refused = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.errorTitle });
    expect(refused).toHaveTextContent('Too many attempts. Please try again in 2 minutes.');
    expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 2 minutes.');
    await user.click(within(refused).getByRole('button', { name: 'OK' }));

    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    answer = () => HttpResponse.error();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zelda');
    const unreachable = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.errorTitle });
    expect(unreachable).toHaveTextContent(CUSTOMER_MESSAGES.offline);
    offline.mockRestore();
  });

  it('keeps the keyboard focus on the button pressed while its action runs, and after', async () => {
    const user = userEvent.setup();
    let status: 0 | 1 = 0;
    let release = () => {};
    let asked = false;
    setup(
      () => {
        const list = page(1, 1, 1);
        return { ...list, users: list.users.map((u) => ({ ...u, status })) };
      },
      () =>
        new Promise<Response>((resolve) => {
          asked = true;
          release = () => {
            status = 1;
            resolve(json({ status: 1, message: 'x' }));
          };
        }),
    );
    // Activating asks nothing: Enter on the focused button starts it.
    const activate = (await screen.findAllByRole('button', { name: 'Activate Person 1' }))[0]!;
    activate.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(asked).toBe(true));
    expect(activate).toHaveFocus();
    // A browser drops the focus of a button that becomes disabled to <body> (jsdom keeps it): it must not be.
    expect(activate).not.toBeDisabled();
    expect(activate).toHaveAttribute('aria-busy', 'true');
    expect(activate).toHaveAttribute('aria-disabled', 'true');
    // The row's other button waits too, and is still reachable.
    const remove = screen.getAllByRole('button', { name: 'Delete Person 1' })[0]!;
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).not.toBeDisabled();

    release();
    const done = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.activatedTitle });
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(activate).toHaveFocus());
    expect(activate).toHaveAccessibleName('Deactivate Person 1');
    expect(activate).not.toHaveAttribute('aria-disabled');
  });
  it('asks before deleting, naming the sales records that go with the customer and the way to keep them', async () => {
    const user = userEvent.setup();
    setup(() => page(1, 1, 1));
    renderWithProviders(<AdminUsersPage />);
    await user.click((await screen.findAllByRole('button', { name: 'Delete Person 1' }))[0]!);
    const ask = await screen.findByRole('alertdialog', { name: 'Delete Person 1?' });
    expect(ask).toHaveTextContent(/quote requests, proposals \(accepted ones too\), bookings/);
    expect(ask).toHaveTextContent('To keep those records, deactivate the account instead.');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(ask).not.toBeInTheDocument());
  });
});
