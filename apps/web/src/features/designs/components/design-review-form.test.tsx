import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  ADMIN_MESSAGES,
  DESIGN_PAGE_TEXTS,
  DESIGN_SERVER_MESSAGES,
  UPLOAD_LIMITS,
  type AdminDesignDetail,
} from '@shop/contracts';
import { testAdminDesign } from '../../../test/designs';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { DesignReviewForm } from './design-review-form';

const design = testAdminDesign(7);

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], name, {
    type: 'image/png',
  });

describe('DesignReviewForm', () => {
  it('says so when more recommendation files are picked than a save takes, and keeps the first ones', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DesignReviewForm design={design} onSaved={vi.fn()} />, { dataRouter: true });
    const picker = screen.getByLabelText('Add recommendation files');
    const max = UPLOAD_LIMITS.maxRecommendationFiles;
    await user.upload(
      picker,
      Array.from({ length: max + 2 }, (_, i) => png(`plan-${i + 1}.png`)),
    );
    const message = ADMIN_MESSAGES.recommendationFilesTooMany(max);
    await waitFor(() => expect(picker).toHaveAccessibleDescription(message));
    expect(screen.getAllByRole('button', { name: /^Remove plan-/ })).toHaveLength(max);
    expect(screen.queryByText(`plan-${max + 1}.png`, { exact: false })).not.toBeInTheDocument();

    // Within the limit, nothing is said.
    await user.click(screen.getByRole('button', { name: 'Remove plan-1.png' }));
    await waitFor(() => expect(picker).not.toHaveAccessibleDescription(message));
  });
});

/* ------------------------------------------------------------------ saving */

/** The design as the detail page hands it over: loaded at `updated_at`, with one recommendation file. */
const loaded = testAdminDesign(7, {
  status: 'pending',
  recommendation_notes: 'Use pedestals.',
  recommendation_files: [
    { id: 41, name: 'plan.pdf', url: '/api/files/designs/7/recommendations/41', mime: 'application/pdf' },
  ],
  recommendation_files_urls: ['/api/files/designs/7/recommendations/41'],
  updated_at: '2026-03-01T10:00:00.123Z',
});

/** What another admin made of it meanwhile: approved, other notes, plan.pdf replaced by a new one. */
const changed: AdminDesignDetail = {
  ...loaded,
  status: 'approved',
  recommendation_notes: 'B: low walls instead.',
  recommendation_files: [
    { id: 42, name: 'plan.pdf', url: '/api/files/designs/7/recommendations/42', mime: 'application/pdf' },
  ],
  recommendation_files_urls: ['/api/files/designs/7/recommendations/42'],
  updated_at: '2026-03-01T10:05:00.456Z',
};

/** The fields of a multipart body, as name -> values (files by their names). */
async function fieldsOf(request: Request): Promise<Record<string, string[]>> {
  const boundary = /boundary=([^;]+)/.exec(request.headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error('not a multipart body');
  const text = new TextDecoder('latin1').decode(await request.arrayBuffer());
  const out: Record<string, string[]> = {};
  for (const part of text.split(`--${boundary}`).slice(1, -1)) {
    const split = part.indexOf('\r\n\r\n');
    const head = part.slice(2, split);
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    (out[name] ??= []).push(filename ?? part.slice(split + 4, -2));
  }
  return out;
}

/**
 * The review API as the server answers it: a save of a version other than `current().updated_at` is refused
 * (409) and changes nothing; the design is read as `current()`.
 */
function reviewApi(current: () => AdminDesignDetail) {
  const sent: Record<string, string[]>[] = [];
  const reads: number[] = [];
  server.use(
    http.post('/api/admin/designs/7/update', async ({ request }) => {
      const fields = await fieldsOf(request);
      sent.push(fields);
      if (fields.updated_at?.[0] !== current().updated_at)
        return HttpResponse.json({ message: DESIGN_SERVER_MESSAGES.changedMeanwhile }, { status: 409 });
      return HttpResponse.json({ design: { ...current(), updated_at: '2026-03-01T11:00:00.000Z' } });
    }),
    http.get('/api/admin/designs/7/show', () => {
      reads.push(Date.now());
      return HttpResponse.json({ design: current() });
    }),
  );
  return { sent, reads };
}

async function save(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  const confirm = await screen.findByRole('alertdialog', { name: /^Are you sure\?/ });
  await user.click(within(confirm).getByRole('button', { name: 'Yes, submit' }));
}

describe('DesignReviewForm: saving', () => {
  it('sends only what the admin changed, with the version of the design it was filled from', async () => {
    const user = userEvent.setup();
    const { sent } = reviewApi(() => loaded);
    const onSaved = vi.fn();
    renderWithProviders(<DesignReviewForm design={loaded} onSaved={onSaved} />, { dataRouter: true });

    // A file attached, status and notes left alone: neither is sent, so neither can undo someone else's.
    await user.upload(screen.getByLabelText('Add recommendation files'), png('render.png'));
    await save(user);
    const done = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.successTitle });
    expect(done).toHaveTextContent(ADMIN_MESSAGES.designChangesSaved);
    expect(sent).toEqual([
      {
        updated_at: [loaded.updated_at],
        // One file part (the test environment's FormData names every file part 'blob').
        'recommendation_files[]': [expect.any(String)],
      },
    ]);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
  });

  it('sends the status, notes, comment and removals the admin changed, and a status set back as untouched', async () => {
    const user = userEvent.setup();
    const { sent } = reviewApi(() => loaded);
    renderWithProviders(<DesignReviewForm design={loaded} onSaved={vi.fn()} />, { dataRouter: true });
    const status = screen.getByRole('combobox', { name: /^Status/ });
    await user.selectOptions(status, 'approved');
    await user.selectOptions(status, 'pending');
    await user.clear(screen.getByRole('textbox', { name: /^Recommendation Notes/ }));
    await user.type(screen.getByRole('textbox', { name: /^Recommendation Notes/ }), 'Taller walls.');
    await user.type(screen.getByRole('textbox', { name: /^Add a comment/ }), 'Looks good');
    await user.click(screen.getByRole('button', { name: 'Remove plan.pdf' }));
    await save(user);
    await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.successTitle });
    expect(sent).toEqual([
      {
        updated_at: [loaded.updated_at],
        comments: ['Looks good'],
        recommendation_notes: ['Taller walls.'],
        'removed_recommendation_files[]': ['plan.pdf'],
      },
    ]);
  });

  it('refused as out of date (409), says so, keeps the edits on Keep Editing, and Reload fills the form with the design as it is now', async () => {
    const user = userEvent.setup();
    const { sent, reads } = reviewApi(() => changed);
    const onSaved = vi.fn();
    renderWithProviders(<DesignReviewForm design={loaded} onSaved={onSaved} />, { dataRouter: true });
    await user.type(screen.getByRole('textbox', { name: /^Add a comment/ }), 'See attached');
    await user.click(screen.getByRole('button', { name: 'Remove plan.pdf' }));
    await save(user);

    let dialog = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.errorTitle });
    expect(dialog).toHaveAccessibleDescription(DESIGN_SERVER_MESSAGES.changedMeanwhile);
    // Keyboard users land on the way out: the dialog opens on Reload.
    expect(within(dialog).getByRole('button', { name: DESIGN_PAGE_TEXTS.reload })).toHaveFocus();
    expect(screen.queryByText(ADMIN_MESSAGES.designChangesFailed)).toBeNull();
    expect(sent).toEqual([
      {
        updated_at: [loaded.updated_at],
        comments: ['See attached'],
        'removed_recommendation_files[]': ['plan.pdf'],
      },
    ]);

    // Keep Editing: nothing is read, the edits stay.
    await user.click(within(dialog).getByRole('button', { name: DESIGN_PAGE_TEXTS.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(reads).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: /^Add a comment/ })).toHaveValue('See attached');
    expect(screen.getByText('(will be removed)')).toBeInTheDocument();

    // Saved again: refused the same way; Reload reads the design and starts the form again from it.
    await save(user);
    dialog = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.errorTitle });
    await user.click(within(dialog).getByRole('button', { name: DESIGN_PAGE_TEXTS.reload }));
    const status = screen.getByRole('combobox', { name: /^Status/ });
    await waitFor(() => expect(status).toHaveValue('approved'));
    expect(reads).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: /^Recommendation Notes/ })).toHaveValue(
      'B: low walls instead.',
    );
    expect(screen.getByRole('textbox', { name: /^Add a comment/ })).toHaveValue('');
    expect(screen.queryByText('(will be removed)')).toBeNull();
    await waitFor(() => expect(status).toHaveFocus());
    expect(onSaved).not.toHaveBeenCalled();

    // Saved from the version read: taken, with that version.
    await user.type(screen.getByRole('textbox', { name: /^Add a comment/ }), 'See attached');
    await save(user);
    await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.successTitle });
    expect(sent.at(-1)).toEqual({ updated_at: [changed.updated_at], comments: ['See attached'] });
  });

  it('says a failed reload in a dialog and keeps the form as it was', async () => {
    const user = userEvent.setup();
    const { sent } = reviewApi(() => changed);
    server.use(
      http.get('/api/admin/designs/7/show', () => HttpResponse.json({ message: 'Down' }, { status: 500 })),
    );
    renderWithProviders(<DesignReviewForm design={loaded} onSaved={vi.fn()} />, { dataRouter: true });
    await user.type(screen.getByRole('textbox', { name: /^Add a comment/ }), 'See attached');
    await save(user);
    const dialog = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.errorTitle });
    await user.click(within(dialog).getByRole('button', { name: DESIGN_PAGE_TEXTS.reload }));
    expect(
      await screen.findByRole('alertdialog', { description: ADMIN_MESSAGES.designFetchFailed }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Add a comment/ })).toHaveValue('See attached');
    expect(sent).toHaveLength(1);
  });
});

describe('DesignReviewForm: nothing to save', () => {
  it('does not confirm nor save a form with nothing changed, and says so; a change makes Save Changes work', async () => {
    const user = userEvent.setup();
    const { sent } = reviewApi(() => loaded);
    renderWithProviders(<DesignReviewForm design={loaded} onSaved={vi.fn()} />, { dataRouter: true });
    const saveButton = screen.getByRole('button', { name: 'Save Changes' });
    expect(saveButton).toHaveAttribute('aria-disabled', 'true');
    expect(saveButton).toHaveAccessibleDescription('No changes to save yet.');

    await user.click(saveButton);
    // A comment of spaces and a status set back are not changes either: a save would send nothing.
    await user.type(screen.getByRole('textbox', { name: /^Add a comment/ }), '   ');
    const status = screen.getByRole('combobox', { name: /^Status/ });
    await user.selectOptions(status, 'approved');
    await user.selectOptions(status, 'pending');
    expect(saveButton).toHaveAttribute('aria-disabled', 'true');
    await user.click(saveButton);

    // The real save below is the barrier: had either click above asked or sent, its question would be the one
    // answered here, and the server would see two saves or one with the spaces' comment.
    await user.type(screen.getByRole('textbox', { name: /^Add a comment/ }), 'Measured on site.');
    expect(saveButton).not.toHaveAttribute('aria-disabled');
    expect(saveButton).not.toHaveAccessibleDescription();
    await save(user);
    const done = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.successTitle });
    expect(sent).toEqual([{ updated_at: [loaded.updated_at], comments: ['   Measured on site.'] }]);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
