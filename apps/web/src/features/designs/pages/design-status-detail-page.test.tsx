import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  CUSTOMER_MESSAGES,
  DESIGN_PAGE_TEXTS,
  type AppNotification,
  type CustomerDesignDetail,
} from '@shop/contracts';
import type { RealtimeHandler } from '../../../test/realtime';
import { renderWithProviders } from '../../../test/render';
import { answer } from '../../../test/server';
import DesignStatusDetailPage from './design-status-detail-page';

const realtimeHandlers = vi.hoisted(() => new Map<string, RealtimeHandler>());
vi.mock('../../../lib/realtime-client', async () =>
  (await import('../../../test/realtime')).handHeldRealtime(realtimeHandlers),
);

const design: CustomerDesignDetail = {
  id: 3,
  slug: 'D-3',
  title: 'Head office',
  short_title: 'Head office',
  name: 'Ann Lee',
  email: 'ann@example.com',
  company_name: 'Acme',
  zip_code: '10001',
  phone: '555 0100',
  description: 'Open plan.',
  comments: null,
  status: 'pending',
  created_at: '2026-01-01T00:00:00.000Z',
  design_file_url: null,
  design_file_name: null,
  design_file_mime: null,
  recommendation_notes: null,
  recommendation_files: [],
  recommendation_files_urls: [],
  design_preferences: { totalNumber: null, interest: null, options: null, features: [] },
  comment_list: [],
  history: [],
};

const reviewed: AppNotification = {
  id: 1,
  read_at: null,
  created_at: '2026-01-02T00:00:00.000Z',
  data: { type: 'design_update', message: 'Approved', design_id: 3, slug: 'D-3', sender_id: null },
};

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/user/design-status/:slug" element={<DesignStatusDetailPage />} />
    </Routes>,
    { route: '/user/design-status/D-3' },
  );
}

describe('DesignStatusDetailPage', () => {
  it('wraps a title of one long word instead of widening the page past "Back to Designs"', async () => {
    const word = 'Conferenceroomwithstandingdesks'.repeat(5).slice(0, 150);
    answer('get', '/api/user/design-submissions/D-3', () =>
      HttpResponse.json({ design: { ...design, title: word, description: word } }),
    );
    renderPage();
    const title = await screen.findByRole('heading', { level: 1, name: word });
    // The title's column is a flex item that may shrink below its one word (min-w-0) and breaks it (break-words),
    // so the actions beside it stay on screen; a card does the same in its grid column.
    expect(title.parentElement).toHaveClass('min-w-0', 'break-words');
    expect(screen.getByRole('link', { name: 'Back to Designs' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Description' })).toHaveClass('min-w-0', 'break-words');
  });

  it('breaks a long word someone typed (a comment, notes, a name, a file name) inside its card', async () => {
    // As long as the fields allow, with no space to wrap at.
    const comment = 'c'.repeat(5000);
    const notes = 'n'.repeat(5000);
    const name = 'Q'.repeat(100);
    const company = 'K'.repeat(100);
    const file = `${'f'.repeat(180)}.pdf`;
    answer('get', '/api/user/design-submissions/D-3', () =>
      HttpResponse.json({
        design: {
          ...design,
          name,
          company_name: company,
          recommendation_notes: notes,
          recommendation_files: [
            { id: 5, name: file, url: '/api/files/designs/3/recommendations/5', mime: null },
          ],
          comment_list: [{ id: 1, body: comment, author: null, created_at: '2026-01-02T00:00:00.000Z' }],
        },
      }),
    );
    renderPage();
    // jsdom lays nothing out: the classes are what can be checked. The nearest overflow-wrap class must be
    // wrap-anywhere (overflow-wrap: anywhere); break-words leaves a grid item as wide as the word.
    const wrapClass = (text: string) => screen.getByText(text).closest('.wrap-anywhere, .break-words');
    expect(await screen.findByText(comment)).toBeInTheDocument();
    for (const text of [comment, notes, name, company, file])
      expect(wrapClass(text)).toHaveClass('wrap-anywhere');
    // The comment's list item may be narrower than the word.
    expect(screen.getByText(comment).closest('li')).toHaveClass('min-w-0');
  });

  it('keeps the design on the page when reading it again fails, with a notice and another try', async () => {
    const user = userEvent.setup();
    let answerWith: () => Response = () => HttpResponse.json({ design });
    const reads = answer('get', '/api/user/design-submissions/D-3', () => answerWith());
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Head office' })).toBeInTheDocument();

    // A review arrives (realtime) and the read it causes fails.
    answerWith = () => HttpResponse.json({ message: 'Server error' }, { status: 500 });
    realtimeHandlers.get('notification')!({ notification: reviewed, unread_count: 1 });
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(DESIGN_PAGE_TEXTS.refreshFailed);
    expect(reads).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Head office' })).toBeInTheDocument();
    expect(screen.getByText('Open plan.')).toBeInTheDocument();
    expect(screen.queryByText(CUSTOMER_MESSAGES.designDetailFailed)).toBeNull();

    // Try again, answered: the design as it is now, and no notice.
    answerWith = () => HttpResponse.json({ design: { ...design, status: 'approved' } });
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText(DESIGN_PAGE_TEXTS.refreshFailed)).toBeNull());
    expect(screen.getByText('Approved')).toBeInTheDocument();
  });

  it('says the design could not be loaded when there is none to show', async () => {
    answer('get', '/api/user/design-submissions/D-3', () =>
      HttpResponse.json({ message: 'Server error' }, { status: 500 }),
    );
    renderPage();
    expect(await screen.findByText(CUSTOMER_MESSAGES.designDetailFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
