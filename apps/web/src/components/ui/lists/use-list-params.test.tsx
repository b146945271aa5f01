import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminListQuery, SEARCH_MAX_LENGTH } from '@shop/contracts';
import { registerLeavingCheck } from '../../../lib/navigation';
import { SearchBox } from './search-box';
import { useListParams, useUrlSearch } from './use-list-params';

function List({ pause = 10 }: { pause?: number }) {
  const { page, setPage, get, setFilter } = useListParams();
  const search = useUrlSearch('search', pause);
  const location = useLocation();
  return (
    <>
      <SearchBox label="Search" value={search.text} onChange={search.setText} />
      <p data-testid="state">{`page ${page} search "${search.value}" status "${get('status')}"`}</p>
      <p data-testid="url">{location.search}</p>
      <button onClick={() => setPage(3)}>page 3</button>
      <button onClick={() => setFilter('status', 'open')}>open</button>
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/list', Component: List }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => registerLeavingCheck(() => false));

describe('useListParams and useUrlSearch', () => {
  it('take no more search text than the server does (past it, every list would fail to load)', async () => {
    const user = userEvent.setup();
    renderAt('/list');
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.click(box);
    await user.paste('x'.repeat(SEARCH_MAX_LENGTH.list + 20));
    expect(box).toHaveValue('x'.repeat(SEARCH_MAX_LENGTH.list));
    expect(adminListQuery.safeParse({ search: 'x'.repeat(SEARCH_MAX_LENGTH.list) }).success).toBe(true);
    expect(adminListQuery.safeParse({ search: 'x'.repeat(SEARCH_MAX_LENGTH.list + 1) }).success).toBe(false);
  });

  it('read the page, the filters and the search from the URL', () => {
    renderAt('/list?page=4&status=sent&search=ann');
    expect(screen.getByTestId('state')).toHaveTextContent('page 4 search "ann" status "sent"');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ann');
  });

  it('take page 1 for a page that is not a positive whole number', () => {
    renderAt('/list?page=-2');
    expect(screen.getByTestId('state')).toHaveTextContent('page 1');
  });

  it('write a page as a new entry, a filter and a search back to page 1, a search replacing its entry', async () => {
    const router = renderAt('/list?search=ann');
    await userEvent.click(screen.getByRole('button', { name: 'page 3' }));
    expect(screen.getByTestId('url')).toHaveTextContent('?search=ann&page=3');
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getByTestId('url')).toHaveTextContent('?search=ann&status=open');
    await userEvent.click(screen.getByRole('button', { name: 'page 3' }));
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
    // The emptied box's pause writes the URL without the search (typing on before it would make one write of both).
    await screen.findByText('page 1 search "" status "open"');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'bo ');
    await screen.findByText('page 1 search "bo" status "open"');
    expect(screen.getByTestId('url')).toHaveTextContent('?status=open&search=bo');
    // Back: the search replaced page 3's entry, so Back shows the list before it, and the box follows.
    await act(() => router.navigate(-1));
    expect(screen.getByTestId('url')).toHaveTextContent('?search=ann&status=open');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ann');
  });

  it('keep what is typed after a pause while the URL that pause wrote is still on its way', async () => {
    // The list's data for a new URL loads until the test lets it: the URL changes when it has.
    let holding = false;
    let release = () => {};
    const router = createMemoryRouter(
      [
        {
          path: '/list',
          Component: () => <List pause={200} />,
          loader: () => (holding ? new Promise<null>((resolve) => (release = () => resolve(null))) : null),
        },
      ],
      { initialEntries: ['/list?search=ann'] },
    );
    render(<RouterProvider router={router} />);
    const box = await screen.findByRole('searchbox', { name: 'Search' });
    holding = true;
    await userEvent.clear(box);
    // The pause wrote the cleared search; its URL is loading when typing goes on.
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    await userEvent.type(box, 'b');
    holding = false;
    await act(async () => release());
    expect(box).toHaveValue('b');
    // The next pause writes what was typed.
    expect(await screen.findByText('page 1 search "b" status ""')).toBeInTheDocument();
    expect(screen.getByTestId('url')).toHaveTextContent('?search=b');
  });

  it('leave a link followed while typing alone: the pause does not bring the list back', async () => {
    // Another page whose code is still loading when the search's pause comes.
    let loaded: (() => void) | undefined;
    const router = createMemoryRouter(
      [
        { path: '/list', Component: List },
        {
          path: '/other',
          lazy: () =>
            new Promise((resolve) => {
              loaded = () => resolve({ Component: () => <p>The other page</p> });
            }),
        },
      ],
      { initialEntries: ['/list'] },
    );
    const asked: boolean[] = [];
    registerLeavingCheck((pathname) => {
      const { navigation, location } = router.state;
      const left =
        location.pathname !== pathname ||
        (navigation.state !== 'idle' && navigation.location.pathname !== pathname);
      asked.push(left);
      return left;
    });
    render(<RouterProvider router={router} />);
    // The pause's clock is the test's: it passes only once the link is being followed, whatever the machine's speed.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'ann' } });
      const leaving = router.navigate('/other');
      await act(async () => {});
      expect(router.state.navigation.state).toBe('loading');
      // The pause (10 ms here) passes while the other page loads.
      act(() => vi.advanceTimersByTime(10));
      expect(asked).toEqual([true]);
      await act(async () => {
        loaded?.();
        await leaving;
      });
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByText('The other page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/other');
  });
});
