import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearToasts, flashToast, showFlashToast, toast } from '../../lib/toast';
import { Dialog } from './dialog';
import { Toaster } from './toaster';

/** The toaster beside a page whose button opens a dialog, which opens another. */
function PageWithDialogs() {
  const [open, setOpen] = useState(0);
  return (
    <>
      <Toaster />
      <button type="button" onClick={() => setOpen(1)}>
        Open
      </button>
      <Dialog open={open >= 1} onClose={() => setOpen(0)} title="First">
        <button type="button" onClick={() => setOpen(2)}>
          Open another
        </button>
      </Dialog>
      <Dialog open={open >= 2} onClose={() => setOpen(1)} title="Second" />
    </>
  );
}

// A toast's box is a chunk fetched after the first render, as in the app: loaded once here, before the tests.
beforeAll(async () => {
  render(<Toaster />);
  act(() => {
    toast.info('Loading the box');
  });
  await screen.findByText('Loading the box');
  act(() => clearToasts());
  cleanup();
});

afterEach(() => {
  act(() => clearToasts());
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('announces toasts in a live region, errors as alerts, with an optional title', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Logged in successfully!');
      toast.error('Invalid email or password.', { title: 'Validation Error' });
    });
    expect((await screen.findByText('Logged in successfully!')).closest('[aria-live]')).toHaveAttribute(
      'aria-live',
      'polite',
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Validation Error');
    expect(alert).toHaveTextContent('Invalid email or password.');
  });

  it('takes the failures on screen away when a success follows them (a retry that worked); warnings stay', async () => {
    render(<Toaster />);
    act(() => {
      toast.error('The password could not be changed. Please try again.');
      toast.warning('Please log in to use the wishlist.');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be changed');
    act(() => {
      toast.success('Password changed.');
    });
    expect(await screen.findByText('Password changed.')).toBeInTheDocument();
    expect(screen.queryByText(/could not be changed/)).toBeNull();
    expect(screen.getByText('Please log in to use the wishlist.')).toBeInTheDocument();
    act(() => {
      toast.error('The message could not be sent.');
    });
    expect(await screen.findByText('The message could not be sent.')).toBeInTheDocument();
    expect(screen.getByText('Password changed.')).toBeInTheDocument();
  });

  it('draws the toasts in the topmost open dialog and back on the page once it closes, announcing each once', async () => {
    const user = userEvent.setup();
    render(<PageWithDialogs />);
    const live = (where: HTMLElement) => within(where).getByRole('list', { name: 'Messages' });
    const earlier = (where: HTMLElement) => within(where).queryByRole('list', { name: 'Earlier messages' });
    act(() => {
      toast.info('Raised on the page');
    });
    expect(await within(live(document.body)).findByText('Raised on the page')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    const first = screen.getByRole('dialog', { name: 'First' });
    // The dialog has its own live region from the start; the page's is gone (inert under the dialog). The toast
    // read out on the page shows in the dialog outside its live region: it is not read out again.
    expect(live(first).closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    expect(within(earlier(first)!).getByText('Raised on the page')).toBeInTheDocument();
    expect(within(live(first)).queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getAllByRole('list', { name: 'Messages' })).toHaveLength(1);
    act(() => {
      toast.error('Failed in the dialog.');
    });
    expect(await within(live(first)).findByRole('alert')).toHaveTextContent('Failed in the dialog.');

    // Over a second dialog, both are earlier messages there: the error is shown, no longer an alert.
    await user.click(within(first).getByRole('button', { name: 'Open another' }));
    const second = screen.getByRole('dialog', { name: 'Second' });
    expect(within(earlier(second)!).getByText('Failed in the dialog.')).toBeInTheDocument();
    expect(within(second).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(first).queryAllByRole('listitem')).toHaveLength(0);
    // Its close button works there: the dialog stays open.
    await user.click(within(second).getAllByRole('button', { name: 'Dismiss' })[1]!);
    expect(screen.queryByText('Failed in the dialog.')).not.toBeInTheDocument();
    expect(second).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(within(earlier(first)!).getByText('Raised on the page')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(earlier(document.body)!).getByText('Raised on the page')).toBeInTheDocument();
    expect(within(live(document.body)).queryAllByRole('listitem')).toHaveLength(0);

    // A toast raised now is announced on the page, after the earlier ones.
    act(() => {
      toast.success('Saved on the page.');
    });
    expect(await within(live(document.body)).findByText('Saved on the page.')).toBeInTheDocument();
  });

  it('announces a toast raised before its box arrived, once the live region is in the page', async () => {
    act(() => {
      toast.success('Registered before the box.');
    });
    render(<Toaster />);
    expect(
      await within(screen.getByRole('list', { name: 'Messages' })).findByText('Registered before the box.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Earlier messages' })).not.toBeInTheDocument();
  });

  it('closes a toast after 5000 ms', async () => {
    vi.useFakeTimers();
    render(<Toaster />);
    // The box's module is loaded (a promise), then the live region settles (a timer).
    await act(async () => {});
    act(() => vi.advanceTimersByTime(0));
    act(() => {
      toast.info('Saved.');
    });
    act(() => vi.advanceTimersByTime(4_999));
    expect(screen.getByText('Saved.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('can be dismissed and does not stack the same message twice', async () => {
    render(<Toaster />);
    act(() => {
      toast.warning('Please log in to manage your wishlist.');
      toast.warning('Please log in to manage your wishlist.');
    });
    await screen.findByText('Please log in to manage your wishlist.');
    expect(screen.getAllByText('Please log in to manage your wishlist.')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Please log in to manage your wishlist.')).not.toBeInTheDocument();
  });

  it('shows a toast kept across a full reload once', async () => {
    flashToast({ type: 'success', message: 'Registration successful!' });
    render(<Toaster />);
    act(() => showFlashToast());
    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
    act(() => clearToasts());
    act(() => showFlashToast());
    expect(screen.queryByText('Registration successful!')).not.toBeInTheDocument();
  });
});
