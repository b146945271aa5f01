import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSAVED_CHANGES } from '../../components/ui/forms/use-unsaved-changes';
import { testAdminDesign } from '../../test/designs';
import { renderWithProviders } from '../../test/render';
import { answer } from '../../test/server';
import AdminDesignPage from './admin-design-page';

const design = testAdminDesign(7);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AdminDesignPage', () => {
  it('asks once before leaving with changes in both the review and a proposal being built', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const user = userEvent.setup();
    answer('get', '/api/admin/designs/7/show', () => HttpResponse.json({ design }));
    answer('get', '/api/admin/proposals', () => HttpResponse.json({ proposals: [], total: 0 }));
    answer('get', '/api/admin/proposal-settings', () =>
      HttpResponse.json({ tax_rate: '8.25', currency: 'USD' }),
    );
    const router = renderWithProviders(<AdminDesignPage />, {
      route: '/admin/design/view/7',
      path: '/admin/design/view/:id',
      dataRouter: true,
    }).router!;

    await user.type(await screen.findByRole('textbox', { name: /^Add a comment/ }), 'Measured on site.');
    await user.click(await screen.findByRole('button', { name: 'Build a proposal' }));
    await user.click(screen.getByRole('button', { name: 'Add delivery' }));

    await act(() => router.navigate('/admin/designs'));
    const ask = await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES.title });
    await user.click(within(ask).getByRole('button', { name: UNSAVED_CHANGES.leave }));
    expect(await screen.findByText('Left for another page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/designs');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const logged = [...warn.mock.calls, ...error.mock.calls].flat().map(String);
    expect(logged.filter((line) => /blocker/.test(line))).toEqual([]);
  });
});
