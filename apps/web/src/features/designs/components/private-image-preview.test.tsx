import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, TestProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { PrivateImagePreview } from './private-image-preview';

const RECOMMENDATION = '/api/files/designs/3/recommendations/9';
const DESIGN_FILE = '/api/files/designs/3/design-file';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let reads: string[] = [];
beforeEach(() => {
  reads = [];
  let n = 0;
  // jsdom has no object URLs: each blob gets an address of its own.
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${++n}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  server.use(
    http.get('/api/files/designs/:id/*', ({ request }) => {
      reads.push(new URL(request.url).pathname);
      return new HttpResponse(PNG, { headers: { 'Content-Type': 'image/png' } });
    }),
  );
});
afterEach(() => vi.restoreAllMocks());

describe('PrivateImagePreview', () => {
  it('reads a recommendation once while it is shown, however often the form around it is drawn anew', async () => {
    const view = renderWithProviders(
      <PrivateImagePreview key="a" url={RECOMMENDATION} kind="admin" alt="Preview" />,
    );
    expect(await screen.findByRole('img', { name: 'Preview' })).toHaveAttribute('src', 'blob:preview-1');
    // A saved review draws its form anew (another key): the same file comes from the cache.
    view.rerender(
      <TestProviders queryClient={view.queryClient}>
        <PrivateImagePreview key="b" url={RECOMMENDATION} kind="admin" alt="Preview" />
      </TestProviders>,
    );
    expect(await screen.findByRole('img', { name: 'Preview' })).toHaveAttribute('src', 'blob:preview-2');
    expect(reads).toEqual([RECOMMENDATION]);
  });

  it('reads the design file again each time it is shown: an edit can replace it under the same address', async () => {
    const view = renderWithProviders(
      <PrivateImagePreview key="a" changes url={DESIGN_FILE} kind="admin" alt="Design file" />,
    );
    await screen.findByRole('img', { name: 'Design file' });
    view.rerender(
      <TestProviders queryClient={view.queryClient}>
        <PrivateImagePreview key="b" changes url={DESIGN_FILE} kind="admin" alt="Design file" />
      </TestProviders>,
    );
    await vi.waitFor(() => expect(reads).toEqual([DESIGN_FILE, DESIGN_FILE]));
  });

  it('says when the preview cannot be read', async () => {
    server.use(http.get(RECOMMENDATION, () => HttpResponse.json({ message: 'Not found' }, { status: 404 })));
    renderWithProviders(<PrivateImagePreview url={RECOMMENDATION} kind="admin" alt="Preview" />);
    expect(await screen.findByText('Failed to load the preview.')).toBeVisible();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
