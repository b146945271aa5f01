import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PASSWORD_HINT, SERVER_MESSAGES } from '@shop/contracts';
import { renderWithProviders } from '../../../test/render';
import RegisterPage from './register-page';

describe('RegisterPage', () => {
  it('checks the form with the route schema before sending, and drops the mismatch once the passwords match', async () => {
    const user = userEvent.setup();
    // No handler: a request sent here would fail the test.
    renderWithProviders(<RegisterPage />, { route: '/register' });
    await user.type(screen.getByLabelText(/^Email/), 'pat@example');
    // The hint says both rules a new password meets: its length, and that an easy guess is refused.
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(PASSWORD_HINT);
    await user.type(screen.getByLabelText(/^Password/), 'Walnut-Desk-Panel-42');
    const confirmation = screen.getByLabelText(/^Confirm password/);
    await user.type(confirmation, 'Walnut-Desk-Panel-4');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(
      'The email must be a valid email address.',
    );
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(SERVER_MESSAGES.termsRequired);
    await user.type(screen.getByLabelText(/^Email/), '.com');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(confirmation).toHaveAccessibleDescription(SERVER_MESSAGES.passwordsDontMatch);
    expect(confirmation).toHaveAttribute('aria-invalid', 'true');

    await user.type(confirmation, '2');
    expect(confirmation).not.toHaveAccessibleDescription(SERVER_MESSAGES.passwordsDontMatch);
    expect(confirmation).not.toHaveAttribute('aria-invalid');
    // Editing the password away from the confirmation brings it back, editing it back drops it again.
    await user.type(screen.getByLabelText(/^Password/), 'x');
    expect(confirmation).toHaveAccessibleDescription(SERVER_MESSAGES.passwordsDontMatch);
    await user.type(screen.getByLabelText(/^Password/), '{Backspace}');
    expect(confirmation).not.toHaveAccessibleDescription(SERVER_MESSAGES.passwordsDontMatch);
  });
});
