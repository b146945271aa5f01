import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
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
    render(<PdfButton area="customer" id={7} number="P-000007" />);
    const button = screen.getByRole('button', { name: 'Download PDF' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await user.click(button);
    answer();
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    expect(asked).toBe(1);
  });
});
