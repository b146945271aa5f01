import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, DESIGN_HISTORY_TEXTS, DESIGN_PAGE_TEXTS } from '@shop/contracts';
import { testAdminDesign } from '../../../test/designs';
import { renderWithProviders } from '../../../test/render';
import { answer, server } from '../../../test/server';
import { designKeys } from '../api/designs-api';
import AdminDesignDetailPage from './admin-design-detail-page';

const design = testAdminDesign(7, { admin_title: 'D-7 · Kitchen' });

/** The page at /admin/design/view/7 in a data router (the review form's unsaved-changes guard needs one). */
function renderPage(id = '7') {
  const { queryClient, router } = renderWithProviders(<AdminDesignDetailPage />, {
    route: `/admin/design/view/${id}`,
    path: '/admin/design/view/:id',
    dataRouter: true,
  });
  return { queryClient, router: router! };
}

/**
 * How the text of `element` wraps, by the classes on it and its ancestors (jsdom loads no CSS, so the page's width
 * cannot be measured here): the overflow-wrap it inherits, and whether every grid item around it may be narrower
 * than its content. A long word breaks inside its card only with `wrap-anywhere` (Tailwind's overflow-wrap:
 * anywhere; `break-words` still sizes a grid item to the whole word) and min-w-0 on the grid items around it.
 */
function wrapOf(element: HTMLElement) {
  let overflowWrap: string | undefined;
  const wideGridItems: HTMLElement[] = [];
  for (let el: HTMLElement | null = element; el; el = el.parentElement) {
    if (!overflowWrap && el.classList.contains('wrap-anywhere')) overflowWrap = 'anywhere';
    if (!overflowWrap && el.classList.contains('break-words')) overflowWrap = 'break-word';
    if (el.parentElement?.classList.contains('grid') && !el.classList.contains('min-w-0'))
      wideGridItems.push(el);
  }
  return { overflowWrap, wideGridItems };
}

const breaksAnywhere = { overflowWrap: 'anywhere', wideGridItems: [] };

describe('AdminDesignDetailPage', () => {
  it('breaks a long word someone typed inside its card (a comment, the description, a name, notes)', async () => {
    // As long as the fields allow, with no space to wrap at.
    const comment = 'c'.repeat(5000);
    const description = 'd'.repeat(5000);
    const notes = 'n'.repeat(5000);
    const name = 'Q'.repeat(100);
    const company = 'K'.repeat(100);
    answer('get', '/api/admin/designs/7/show', () =>
      HttpResponse.json({
        design: {
          ...design,
          name,
          company_name: company,
          description,
          comment_list: [
            { id: 1, body: comment, author: { id: 9, name }, created_at: '2026-01-02T00:00:00.000Z' },
          ],
          history: [
            {
              id: 1,
              kind: 'comment',
              author: { id: 9, name },
              from_status: null,
              to_status: null,
              body: comment,
              created_at: '2026-01-02T00:00:00.000Z',
            },
            {
              id: 2,
              kind: 'recommendation_notes',
              author: null,
              from_status: null,
              to_status: null,
              body: notes,
              created_at: '2026-01-03T00:00:00.000Z',
            },
          ],
        },
      }),
    );
    renderPage();
    const comments = await screen.findByRole('region', { name: 'Comments' });
    expect(wrapOf(within(comments).getByText(comment))).toEqual(breaksAnywhere);
    expect(wrapOf(within(comments).getByText(name, { exact: false }))).toEqual(breaksAnywhere);
    const history = screen.getByRole('region', { name: DESIGN_HISTORY_TEXTS.title });
    expect(wrapOf(within(history).getByText(comment))).toEqual(breaksAnywhere);
    expect(wrapOf(within(history).getByText(notes))).toEqual(breaksAnywhere);
    expect(wrapOf(within(history).getByText(name, { exact: false }))).toEqual(breaksAnywhere);
    const facts = screen.getByRole('region', { name: 'Design' });
    expect(wrapOf(within(facts).getAllByText(name)[0]!)).toEqual(breaksAnywhere);
    expect(wrapOf(within(facts).getByText(company))).toEqual(breaksAnywhere);
    const about = screen.getByRole('region', { name: 'Description' });
    expect(wrapOf(within(about).getByText(description))).toEqual(breaksAnywhere);
  });

  it('keeps the design and the review form when reading it again fails, with a notice and another try', async () => {
    const user = userEvent.setup();
    let answerWith: () => Response = () => HttpResponse.json({ design });
    answer('get', '/api/admin/designs/7/show', () => answerWith());
    const { queryClient, router } = renderPage();
    expect(await screen.findByRole('heading', { name: 'D-7 · Kitchen' })).toBeInTheDocument();

    answerWith = () => HttpResponse.json({ message: 'Server error' }, { status: 500 });
    await queryClient.invalidateQueries({ queryKey: designKeys.all });
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(DESIGN_PAGE_TEXTS.refreshFailed);
    expect(screen.getByRole('heading', { name: 'D-7 · Kitchen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/design/view/7');

    answerWith = () => HttpResponse.json({ design: { ...design, description: 'Open kitchen, island.' } });
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Open kitchen, island.')).toBeInTheDocument();
    expect(screen.queryByText(DESIGN_PAGE_TEXTS.refreshFailed)).toBeNull();
  });

  it('gives the focus back to Save Changes once the saved message is closed, the form filled from the design saved', async () => {
    const user = userEvent.setup();
    let current = design;
    answer('get', '/api/admin/designs/7/show', () => HttpResponse.json({ design: current }));
    let saves = 0;
    server.use(
      http.post('/api/admin/designs/7/update', () => {
        saves += 1;
        current = { ...design, status: 'approved', updated_at: '2026-03-01T11:00:00.000Z' };
        return HttpResponse.json({ design: current });
      }),
    );
    renderPage();
    const status = await screen.findByRole('combobox', { name: /^Status/ });
    await user.selectOptions(status, 'approved');

    // All with the keyboard: Enter on Save Changes, Enter on 'Yes, submit', Escape on the message.
    screen.getByRole('button', { name: 'Save Changes' }).focus();
    await user.keyboard('{Enter}');
    const confirm = await screen.findByRole('alertdialog', { name: /^Are you sure\?/ });
    expect(within(confirm).getByRole('button', { name: 'Yes, submit' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const done = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.successTitle });
    expect(done).toHaveTextContent(ADMIN_MESSAGES.designChangesSaved);
    expect(saves).toBe(1);
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Changes' })).toHaveFocus());
    expect(screen.getByRole('combobox', { name: /^Status/ })).toHaveValue('approved');
  });

  it('gives the focus back to Save Changes after a save that failed, the changes kept', async () => {
    const user = userEvent.setup();
    answer('get', '/api/admin/designs/7/show', () => HttpResponse.json({ design }));
    server.use(
      http.post('/api/admin/designs/7/update', () =>
        HttpResponse.json({ message: 'Server error' }, { status: 500 }),
      ),
    );
    renderPage();
    const comment = await screen.findByRole('textbox', { name: /^Add a comment/ });
    await user.click(comment);
    await user.keyboard('Measured on site.');

    screen.getByRole('button', { name: 'Save Changes' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('alertdialog', { name: /^Are you sure\?/ });
    await user.keyboard('{Enter}');
    const failed = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.errorTitle });
    expect(failed).toHaveTextContent(ADMIN_MESSAGES.designChangesFailed);
    expect(within(failed).getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Changes' })).toHaveFocus());
    expect(screen.getByRole('textbox', { name: /^Add a comment/ })).toHaveValue('Measured on site.');
  });

  it('reports a design that could not be read at all, then goes back to the list', async () => {
    const user = userEvent.setup();
    answer('get', '/api/admin/designs/7/show', () =>
      HttpResponse.json({ message: 'Server error' }, { status: 500 }),
    );
    const { router } = renderPage();
    const dialog = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.errorTitle });
    expect(dialog).toHaveTextContent(ADMIN_MESSAGES.designFetchFailed);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/designs'));
  });

  it('reports an address whose id is not written in digits without asking the API, then goes back to the list', async () => {
    const user = userEvent.setup();
    // Number('1e3') is 1000: the page must not read it as design 1000.
    const asked = answer('get', '/api/admin/designs/1000/show', () => HttpResponse.json({ design }));
    const { router } = renderPage('1e3');
    const dialog = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.errorTitle });
    expect(dialog).toHaveTextContent(ADMIN_MESSAGES.invalidDesignId);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/designs'));
    expect(asked).toHaveLength(0);
  });
});
