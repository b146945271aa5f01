import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES, FILTERED_BY_CUSTOMER, type AdminDesignList } from '@shop/contracts';
import { testAdminDesign } from '../../../test/designs';
import type { RealtimeHandler } from '../../../test/realtime';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import AdminDesignsPage from './admin-designs-page';

const realtimeHandlers = vi.hoisted(() => new Map<string, RealtimeHandler>());
vi.mock('../../../lib/realtime-client', async () =>
  (await import('../../../test/realtime')).handHeldRealtime(realtimeHandlers),
);

const listOf = (filterUser: AdminDesignList['filter_user']): AdminDesignList => ({
  designs: [testAdminDesign(7)],
  total: 1,
  pagination: { current: 1, perPage: 10, total: 1, totalPages: 1, start: 1, end: 1 },
  filter_user: filterUser,
});

const NEUTRAL = FILTERED_BY_CUSTOMER.designs(FILTERED_BY_CUSTOMER.selected);
const NAMED = FILTERED_BY_CUSTOMER.designs('Chris Morgan');
const GONE = FILTERED_BY_CUSTOMER.designs(FILTERED_BY_CUSTOMER.unknown);

/**
 * The designs API of these tests: the unfiltered list answers at once (nobody to name); a list filtered by a
 * customer waits for `release()` and then gives `answer()`.
 */
function designsApi(answer: () => Response) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get('/api/admin/designs', async ({ request }) => {
      if (!new URL(request.url).searchParams.has('userId')) return HttpResponse.json(listOf(null));
      await released;
      return answer();
    }),
  );
  return { release };
}

const renderPage = (route: string) =>
  renderWithProviders(<AdminDesignsPage />, { route, path: '/admin/designs', dataRouter: true });

describe('AdminDesignsPage: a list filtered by a customer', () => {
  it('says whose designs they are once the list answers, and nothing about the customer before', async () => {
    const { release } = designsApi(() => HttpResponse.json(listOf({ id: 2, name: 'Chris Morgan' })));
    renderPage('/admin/designs?userId=2');
    expect(screen.getByText(NEUTRAL)).toBeInTheDocument();
    expect(screen.queryByText(GONE)).toBeNull();
    release();
    expect(await screen.findByText(NAMED)).toBeInTheDocument();
  });

  it('keeps the neutral text when the list cannot be read', async () => {
    const { release } = designsApi(() => HttpResponse.json({ message: 'Server error' }, { status: 500 }));
    renderPage('/admin/designs?userId=2');
    release();
    const failed = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.errorTitle });
    expect(within(failed).getByText(ADMIN_MESSAGES.designsFailed)).toBeInTheDocument();
    expect(screen.getByText(NEUTRAL)).toBeInTheDocument();
    expect(screen.queryByText(GONE)).toBeNull();
  });

  it('says the customer no longer exists only when the answer says there is none', async () => {
    // The API answers filter_user null for an id that is no customer's (a deleted account among them).
    const { release } = designsApi(() => HttpResponse.json(listOf(null)));
    renderPage('/admin/designs?userId=2');
    release();
    expect(await screen.findByText(GONE)).toBeInTheDocument();
  });

  it('does not take the unfiltered list still shown for the answer about the customer', async () => {
    const { release } = designsApi(() => HttpResponse.json(listOf({ id: 2, name: 'Chris Morgan' })));
    const { router } = renderPage('/admin/designs');
    expect(await screen.findByText('Review the designs customers have submitted.')).toBeInTheDocument();
    expect(await screen.findAllByText('D-7 · Kitchen')).not.toHaveLength(0);

    // Its rows stay on screen while the filtered list loads; they say nothing about customer 2.
    await router!.navigate('/admin/designs?userId=2');
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument();
    expect(screen.queryByText(GONE)).toBeNull();
    release();
    expect(await screen.findByText(NAMED)).toBeInTheDocument();
  });
});
