import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminQuoteRequestList, QuoteRequest } from '@shop/contracts';
import { renderWithProviders } from '../../../test/render';
import { answer } from '../../../test/server';
import AdminQuoteRequestsPage from './admin-quote-requests-page';

const request = (id: number, extra: Partial<QuoteRequest>): QuoteRequest => ({
  id,
  status: 'open',
  note: null,
  items: [
    { product_id: 3, name: 'Aeron Chair', sku: 'AER-1', photo_url: null, price: '1299.00', quantity: 12 },
  ],
  customer: { user_id: 40 + id, name: `Customer ${id}`, email: `c${id}@example.com`, company_name: null },
  created_at: '2026-03-02T10:00:00.000Z',
  proposals: [],
  ...extra,
});

describe('AdminQuoteRequestsPage', () => {
  it('links each proposal that answers a request by its number, to its latest version', async () => {
    const list: AdminQuoteRequestList = {
      quote_requests: [
        request(1, {
          status: 'answered',
          // P-000005 was revised: its version 2 is row 9.
          proposals: [
            { id: 12, number: 'P-000008' },
            { id: 9, number: 'P-000005' },
          ],
        }),
        request(2, {}),
      ],
      total: 2,
    };
    answer('get', '/api/admin/quote-requests', () => HttpResponse.json(list));
    renderWithProviders(<AdminQuoteRequestsPage />, { route: '/admin/quote-requests' });

    const requests = await screen.findByRole('list', { name: 'Quote requests' });
    const [answered, open] = [...requests.children] as HTMLElement[];
    expect(within(answered!).getByRole('link', { name: 'P-000008' })).toHaveAttribute(
      'href',
      '/admin/proposals/12',
    );
    expect(within(answered!).getByRole('link', { name: 'P-000005' })).toHaveAttribute(
      'href',
      '/admin/proposals/9',
    );
    expect(within(answered!).getAllByRole('link')).toHaveLength(2);
    expect(screen.queryByText(/Proposal #/)).not.toBeInTheDocument();
    expect(within(open!).queryByRole('link')).not.toBeInTheDocument();
  });
});
