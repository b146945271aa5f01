import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES, CHAT_MESSAGE_MAX_LENGTH } from '@shop/contracts';
import { ApiError } from '../../../lib/api-error';
import { getToasts } from '../../../lib/toast';
import { Composer } from './composer';

function renderComposer(onSend: (text: string, files: File[]) => Promise<void>) {
  render(
    <Composer
      area="customer"
      disabled={false}
      onSend={onSend}
      onKeystroke={() => {}}
      onStopTyping={() => {}}
    />,
  );
  return screen.getByRole('textbox', { name: 'Message' });
}

describe('Composer', () => {
  it('keeps what is typed while a message is on its way, and clears only what was sent', async () => {
    const user = userEvent.setup();
    let deliver = () => {};
    const onSend = vi.fn(() => new Promise<void>((resolve) => (deliver = resolve)));
    const box = renderComposer(onSend);
    await user.type(box, 'First message');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('First message', []);
    // Still sending (a large attachment, a slow line): the customer types on.
    await user.type(box, ' and the next one');
    deliver();
    await waitFor(() => expect(box).toHaveValue('and the next one'));
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('takes no more than the longest message the server accepts', () => {
    const box = renderComposer(vi.fn(() => Promise.resolve()));
    expect(box).toHaveAttribute('maxlength', String(CHAT_MESSAGE_MAX_LENGTH));
  });

  it("says the server's refusal of the text under the box, keeps the draft, and clears it once edited", async () => {
    const user = userEvent.setup();
    const refusal = `The message may not be greater than ${CHAT_MESSAGE_MAX_LENGTH} characters.`;
    const onSend = vi.fn(() => Promise.reject(new ApiError(422, refusal, { message: [refusal] })));
    const box = renderComposer(onSend);
    await user.type(box, 'Too long for the shop');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveAccessibleDescription(refusal));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('Too long for the shop');
    expect(getToasts().map((t) => t.message)).not.toContain(ADMIN_MESSAGES.chatSendFailed);

    await user.type(box, '!');
    await waitFor(() => expect(box).not.toHaveAttribute('aria-invalid'));
    expect(box).not.toHaveAccessibleDescription();
  });
});
