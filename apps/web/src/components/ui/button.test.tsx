import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button while loading', () => {
  it('keeps the focus of the keyboard user who pressed it, and ignores presses until it is done', async () => {
    const onClick = vi.fn();
    function Pressed() {
      const [loading, setLoading] = useState(false);
      return (
        <>
          <Button
            loading={loading}
            loadingText="Saving…"
            onClick={() => {
              onClick();
              setLoading(true);
            }}
          >
            Save
          </Button>
          <button type="button" onClick={() => setLoading(false)}>
            Done
          </button>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Pressed />);
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
    const busy = screen.getByRole('button', { name: 'Saving…' });
    expect(busy).toHaveFocus();
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Enter}');
    await user.click(busy);
    expect(onClick).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-disabled');
  });

  it('does not submit its form again while busy', () => {
    const onSubmit = vi.fn((e: React.FormEvent) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <input aria-label="Name" />
        <Button type="submit" loading>
          Send
        </Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is disabled outright when told to be', () => {
    render(
      <Button disabled loading>
        Send
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
