import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { DesignProposals } from './design-proposals';

// What the section reads of a proposal: the row's number, version, status and total.
const sent = { id: 7, number: 'P-000007', design_id: 3, version: 2, status: 'sent', total: '330.00' };
const list = (data: unknown[]) => ({ data, current_page: 1, last_page: 1, total: data.length, per_page: 10 });

describe("the customer's design page: proposals and installation", () => {
  it('says the proposals could not be read rather than hiding them, and shows them after Try again', async () => {
    let up = false;
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/user/proposals', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('design_id'));
        return up
          ? HttpResponse.json(list([sent]))
          : HttpResponse.json({ message: 'Server error' }, { status: 500 });
      }),
      http.get('/api/user/bookings', () => HttpResponse.json({ bookings: [] })),
    );
    const user = userEvent.setup();
    renderWithProviders(<DesignProposals designId={3} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load proposals. Please try again later.',
    );
    expect(screen.getByRole('heading', { name: 'Proposals and installation' })).toBeInTheDocument();
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked)).toEqual(new Set(['3']));

    up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Open proposal P-000007 version 2' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(new Set(asked)).toEqual(new Set(['3']));
  });

  it('says when the connection failed', async () => {
    server.use(
      http.get('/api/user/proposals', () => HttpResponse.json(list([]))),
      http.get('/api/user/bookings', () => HttpResponse.error()),
    );
    renderWithProviders(<DesignProposals designId={3} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your connection.',
    );
  });

  it('shows nothing for a design with no proposals and no booking', async () => {
    server.use(
      http.get('/api/user/proposals', () => HttpResponse.json(list([]))),
      http.get('/api/user/bookings', () => HttpResponse.json({ bookings: [] })),
    );
    const { container, queryClient } = renderWithProviders(<DesignProposals designId={3} />);
    await waitFor(() => {
      const queries = queryClient.getQueryCache().getAll();
      expect(queries.map((q) => q.state.status)).toEqual(['success', 'success']);
    });
    expect(container).toBeEmptyDOMElement();
  });
});
