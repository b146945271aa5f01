import { http, HttpResponse } from 'msw';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { server } from '../test/server';
import { usePageMeta } from './use-page-meta';

function PageWithMeta() {
  usePageMeta();
  return <p>page</p>;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('usePageMeta', () => {
  it('gives a path with broken percent-encoding the meta of the unknown page it names', async () => {
    // The router warns that it cannot decode the path; that is the case under test.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const asked: string[] = [];
    server.use(
      http.get('/api/meta/*', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json({
          title: 'Product not found | Cubicle Depot',
          description: '',
          keywords: '',
          url: 'http://shop.test/product/%E0%A4%A',
          image: null,
        });
      }),
    );
    const { getByText } = renderWithProviders(<PageWithMeta />, {
      route: '/product/%E0%A4%A',
      dataRouter: true,
    });
    expect(getByText('page')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Product not found | Cubicle Depot'));
    expect(asked).toEqual(['/api/meta/product/%25E0%25A4%25A']);
  });
});
