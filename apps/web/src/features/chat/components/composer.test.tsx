import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Composer } from './composer';

describe('Composer', () => {
  it('keeps what is typed while a message is on its way, and clears only what was sent', async () => {
    const user = userEvent.setup();
    let deliver = () => {};
    const onSend = vi.fn(() => new Promise<void>((resolve) => (deliver = resolve)));
    render(
      <Composer
        area="customer"
        disabled={false}
        onSend={onSend}
        onKeystroke={() => {}}
        onStopTyping={() => {}}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'First message');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('First message', []);
    // Still sending (a large attachment, a slow line): the customer types on.
    await user.type(box, ' and the next one');
    deliver();
    await waitFor(() => expect(box).toHaveValue('and the next one'));
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});
