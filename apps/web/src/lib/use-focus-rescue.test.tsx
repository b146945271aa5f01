import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusRescue } from './use-focus-rescue';

function Area() {
  const main = useRef<HTMLElement>(null);
  useFocusRescue(main);
  const [cancelled, setCancelled] = useState(false);
  return (
    <>
      <button type="button">Outside</button>
      <main ref={main} tabIndex={-1}>
        {!cancelled && <button type="button">Cancel booking</button>}
        {/* Stands for the answer that comes later and takes the button away. */}
        <button type="button" onClick={() => setCancelled(true)}>
          Answer
        </button>
      </main>
    </>
  );
}

/**
 * Lets the answer come (a click that does not move the focus) and resolves once the page's mutation observers have
 * seen it: an observer made after the hook's is told after it.
 */
function answer() {
  return new Promise<void>((resolve) => {
    const seen = new MutationObserver(() => {
      seen.disconnect();
      resolve();
    });
    seen.observe(document.body, { childList: true, subtree: true });
    screen.getByRole('button', { name: 'Answer' }).click();
  });
}

describe('useFocusRescue', () => {
  it('moves the focus to the main content when the focused element is removed', async () => {
    render(<Area />);
    screen.getByRole('button', { name: 'Cancel booking' }).focus();
    await answer();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('leaves the focus alone when it is somewhere else', async () => {
    const user = userEvent.setup();
    render(<Area />);
    screen.getByRole('button', { name: 'Cancel booking' }).focus();
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    await answer();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Outside' })).toHaveFocus();
  });
});
