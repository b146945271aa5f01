import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearToasts, flashToast, showFlashToast, toast } from '../../lib/toast';
import { Toaster } from './toaster';

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
  it('announces toasts in a live region, errors as alerts, with an optional title', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Logged in successfully!');
      toast.error('Invalid email or password.', { title: 'Validation Error' });
    });
    expect(screen.getByText('Logged in successfully!').closest('[aria-live]')).toHaveAttribute(
      'aria-live',
      'polite',
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Validation Error');
    expect(alert).toHaveTextContent('Invalid email or password.');
  });

  it('closes a toast after 5000 ms', () => {
    vi.useFakeTimers();
    render(<Toaster />);
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
    expect(screen.getAllByText('Please log in to manage your wishlist.')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Please log in to manage your wishlist.')).not.toBeInTheDocument();
  });

  it('shows a toast kept across a full reload once', () => {
    flashToast({ type: 'success', message: 'Registration successful!' });
    render(<Toaster />);
    act(() => showFlashToast());
    expect(screen.getByText('Registration successful!')).toBeInTheDocument();
    act(() => clearToasts());
    act(() => showFlashToast());
    expect(screen.queryByText('Registration successful!')).not.toBeInTheDocument();
  });
});
