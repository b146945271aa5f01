import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

function Harness() {
  const [tab, setTab] = useState<'profile' | 'password' | 'alerts'>('profile');
  return (
    <Tabs
      label="Settings"
      tabs={[
        { key: 'profile', label: 'Profile' },
        { key: 'password', label: 'Change Password' },
        { key: 'alerts', label: 'Alerts' },
      ]}
      active={tab}
      onChange={setTab}
    >
      <p>{tab} panel</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('moves and selects with the arrow keys, Home and End; the panel is labelled by its tab', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Settings' })).toBeInTheDocument();
    const [profile, password, alerts] = screen.getAllByRole('tab');
    expect(profile).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Profile' })).toHaveTextContent('profile panel');

    await user.click(profile!);
    await user.keyboard('{ArrowRight}');
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Change Password' })).toHaveTextContent('password panel');
    await user.keyboard('{End}');
    expect(alerts).toHaveFocus();
    expect(alerts).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(profile).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Home}');
    expect(profile).toHaveAttribute('aria-selected', 'true');
    // Only the selected tab is in the tab order.
    expect(password).toHaveAttribute('tabindex', '-1');
  });

  it('renders on the server without style attributes (the CSP refuses them), then hydrates into working tabs', async () => {
    const html = renderToString(<Harness />);
    expect(html).not.toContain('style=');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const [profile, password] = Array.from(container.querySelectorAll('[role="tab"]'));
    const panel = container.querySelector('[role="tabpanel"]')!;
    expect(profile).toHaveAttribute('aria-selected', 'true');
    expect(profile).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveAttribute('aria-labelledby', profile!.id);
    expect(password).toHaveAttribute('tabindex', '-1');

    const root = await act(async () => hydrateRoot(container, <Harness />));
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Change Password' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Change Password' })).toHaveTextContent('password panel');
    act(() => root.unmount());
    container.remove();
  });
});
