import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

describe('useUnsavedChanges', () => {
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
