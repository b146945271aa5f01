import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { UNSAVED_CHANGES, useUnsavedChanges } from './use-unsaved-changes';

function Editor() {
  useUnsavedChanges(true);
  return <p>Editing</p>;
}

/** A form with unsaved changes at /edit, reached from /list; every other page says where the app went. */
function renderEditor() {
  return renderWithProviders(<Editor />, { route: '/edit', history: ['/list'], dataRouter: true }).router!;
}

/** A form of its own on a page with others: changed from the start, saved (released) with its button. */
function Form({ name }: { name: string }) {
  const { release } = useUnsavedChanges(true);
  return (
    <button type="button" onClick={release}>
      Save {name}
    </button>
  );
}

/** The design page's case: the review form and the proposal builder open at once. */
function TwoForms() {
  const [second, setSecond] = useState(true);
  return (
    <>
      <Form name="review" />
      {second && <Form name="proposal" />}
      <button type="button" onClick={() => setSecond(false)}>
        Close proposal
      </button>
    </>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useUnsavedChanges', () => {
  it("asks once for the whole page when two forms on it have changes, with the router's one blocker", async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const router = renderWithProviders(<TwoForms />, {
      route: '/edit',
      history: ['/list'],
      dataRouter: true,
    }).router!;
    await act(() => router.navigate('/elsewhere'));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES.title })).getByRole('button', {
        name: UNSAVED_CHANGES.leave,
      }),
    );
    expect(await screen.findByText('Left for another page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
    // No second question waits behind the first.
    await act(() => Promise.resolve());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const logged = [...warn.mock.calls, ...error.mock.calls].flat().map(String);
    expect(logged.filter((line) => /one blocker/.test(line))).toEqual([]);
  });

  it('holds a navigation while any form has changes not saved, and lets it through once none has', async () => {
    const router = renderWithProviders(<TwoForms />, {
      route: '/edit',
      history: ['/list'],
      dataRouter: true,
      strict: true,
    }).router!;
    const stayAfterAsked = async () => {
      await act(() => router.navigate('/elsewhere'));
      fireEvent.click(
        within(await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES.title })).getByRole('button', {
          name: UNSAVED_CHANGES.stay,
        }),
      );
      await act(() => Promise.resolve());
      expect(router.state.location.pathname).toBe('/edit');
    };
    // The form opened last is saved: the review's changes still hold the page.
    fireEvent.click(screen.getByRole('button', { name: 'Save proposal' }));
    await stayAfterAsked();
    // It closes, and the review's changes still do.
    fireEvent.click(screen.getByRole('button', { name: 'Close proposal' }));
    await stayAfterAsked();

    fireEvent.click(screen.getByRole('button', { name: 'Save review' }));
    await act(() => router.navigate('/elsewhere'));
    expect(await screen.findByText('Left for another page')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks again when a navigation is held again before the answer to the last one has rendered', async () => {
    const router = renderEditor();
    await act(() => router.navigate('/list'));
    const first = await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES.title });
    // Stay, and Back in the same moment: React renders the router's two updates (held released, held again)
    // together, so the state never shows the navigation let go.
    await act(async () => {
      fireEvent.click(within(first).getByRole('button', { name: UNSAVED_CHANGES.stay }));
      await Promise.resolve();
      await Promise.resolve();
      void router.navigate(-1);
    });
    const second = await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES.title });
    expect(screen.getByText('Editing')).toBeInTheDocument();
    fireEvent.click(within(second).getByRole('button', { name: UNSAVED_CHANGES.leave }));
    expect(await screen.findByText('Left for another page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/list');
  });

  it('stays on Stay and leaves on Leave', async () => {
    const router = renderEditor();
    await act(() => router.navigate('/elsewhere'));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES.title })).getByRole('button', {
        name: UNSAVED_CHANGES.stay,
      }),
    );
    await act(() => Promise.resolve());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/edit');
    await act(() => router.navigate('/elsewhere'));
    fireEvent.click(await screen.findByRole('button', { name: UNSAVED_CHANGES.leave }));
    expect(await screen.findByText('Left for another page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });
});
