import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Menu } from './menu';

function renderMenu() {
  const onSignOut = vi.fn();
  renderWithProviders(
    <Menu
      button="Account"
      buttonLabel="Account menu for Dana"
      header={<p>Dana</p>}
      items={[
        { label: 'Settings', to: '/admin/settings' },
        { label: 'Sign Out', onSelect: onSignOut },
      ]}
    />,
  );
  return { onSignOut, trigger: screen.getByRole('button', { name: 'Account menu for Dana' }) };
}

describe('Menu', () => {
  it('opens from the keyboard, moves with the arrows, Home and End, and Escape returns focus', async () => {
    const user = userEvent.setup();
    const { trigger } = renderMenu();
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('menu', { name: 'Account menu for Dana' })).toBeInTheDocument();
    const [settings, signOut] = screen.getAllByRole('menuitem');
    await waitFor(() => expect(settings).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(signOut).toHaveFocus();
    await user.keyboard('{Home}');
    expect(settings).toHaveFocus();
    await user.keyboard('{End}');
    expect(signOut).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it('runs an action with Enter and closes', async () => {
    const user = userEvent.setup();
    const { trigger, onSignOut } = renderMenu();
    trigger.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{End}{Enter}');
    expect(onSignOut).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });
});
