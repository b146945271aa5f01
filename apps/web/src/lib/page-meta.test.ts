import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../test/server';
import { fetchPageMeta, metaPathOf } from './page-meta';

describe('metaPathOf', () => {
  it('keys a page by its path, without slashes at the ends, each segment encoded once', () => {
    expect(metaPathOf('/')).toBe('');
    expect(metaPathOf('/about-us/')).toBe('about-us');
    expect(metaPathOf('/product/caf%C3%A9%20chair')).toBe('product/caf%C3%A9%20chair');
    expect(metaPathOf('/product/café chair')).toBe('product/caf%C3%A9%20chair');
  });

  it('keeps a segment whose percent-encoding is broken as it was typed, so it names an unknown page', () => {
    expect(metaPathOf('/product/%E0%A4%A')).toBe('product/%25E0%25A4%25A');
    expect(metaPathOf('/%ZZ/x')).toBe('%25ZZ/x');
  });
});

describe('fetchPageMeta', () => {
  it('asks the meta API about a path with broken percent-encoding as the unknown page it is', async () => {
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
    await expect(fetchPageMeta('/product/%E0%A4%A')).resolves.toMatchObject({
      title: 'Product not found | Cubicle Depot',
    });
    expect(asked).toEqual(['/api/meta/product/%25E0%25A4%25A']);
  });
});
