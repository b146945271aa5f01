import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server';
import { PdfButton } from './pdf-button';

describe('PdfButton', () => {
  it('is busy while the PDF is fetched, and a second press starts no second download', async () => {
    const user = userEvent.setup();
    let asked = 0;
    let answer = () => {};
    server.use(
      http.get('/api/user/proposals/7/pdf', async () => {
        asked += 1;
        await new Promise<void>((resolve) => (answer = resolve));
        return new HttpResponse('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    render(<PdfButton area="customer" proposal={{ id: 7, number: 'P-000007', version: 2 }} />);
    const button = screen.getByRole('button', { name: 'Download PDF' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await user.click(button);
    answer();
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    expect(asked).toBe(1);
  });

  it('names the file after the proposal and its version, as the server names it', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('/api/admin/proposals/3/pdf', () =>
        HttpResponse.text('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
      ),
    );
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      render(<PdfButton area="admin" proposal={{ id: 3, number: 'P-000003', version: 2 }} />);
      await user.click(screen.getByRole('button', { name: 'Download PDF' }));
      await waitFor(() => expect(names).toEqual(['proposal-P-000003-v2.pdf']));
    } finally {
      click.mockRestore();
    }
  });
});
