import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  PASSWORD_MESSAGES,
  adminPasswordUpdateRequest,
  customerPasswordUpdateRequest,
} from '@shop/contracts';
import { ApiError } from '../../../lib/api-error';
import { testAdmin, testCustomer } from '../../../test/accounts';
import { renderWithProviders } from '../../../test/render';
import { PasswordForm } from './password-form';

async function changeTo(password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Current password/), 'old-Secret-77');
  await user.type(screen.getByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Confirm new password/), password);
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
}

describe('PasswordForm', () => {
  it("refuses, before sending, a new password built on the customer's own e-mail, as the server would", async () => {
    const save = vi.fn(() => Promise.resolve());
    const onFailed = vi.fn();
    renderWithProviders(
      <PasswordForm
        schema={customerPasswordUpdateRequest}
        owner={{ email: testCustomer.email, name: testCustomer.name }}
        names={{
          current: 'current_password',
          next: 'new_password',
          confirmation: 'new_password_confirmation',
        }}
        save={save}
        onSaved={vi.fn()}
        onFailed={onFailed}
      />,
    );
    await changeTo(`${testCustomer.email}!Rx`);
    await waitFor(() =>
      expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(PASSWORD_MESSAGES.personal),
    );
    expect(save).not.toHaveBeenCalled();
    // Nothing was sent, so no update failed: the reason stands under the field alone.
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('refuses, before sending, a new password that is the current one', async () => {
    const save = vi.fn(() => Promise.resolve());
    renderWithProviders(
      <PasswordForm
        schema={customerPasswordUpdateRequest}
        owner={{ email: testCustomer.email, name: testCustomer.name }}
        names={{
          current: 'current_password',
          next: 'new_password',
          confirmation: 'new_password_confirmation',
        }}
        save={save}
        onSaved={vi.fn()}
        onFailed={vi.fn()}
      />,
    );
    await changeTo('old-Secret-77');
    await waitFor(() =>
      expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(
        PASSWORD_MESSAGES.sameAsCurrent,
      ),
    );
    expect(save).not.toHaveBeenCalled();
  });

  it('says no failure for a confirmation that does not match (nothing sent); a refused update call does', async () => {
    const save = vi.fn(() =>
      Promise.reject(
        new ApiError(422, 'The given data was invalid.', { current_password: ['Wrong password.'] }),
      ),
    );
    const onFailed = vi.fn();
    renderWithProviders(
      <PasswordForm
        schema={adminPasswordUpdateRequest}
        owner={{ email: testAdmin.email, name: testAdmin.name }}
        names={{ current: 'current_password', next: 'password', confirmation: 'password_confirmation' }}
        save={save}
        onSaved={vi.fn()}
        onFailed={onFailed}
      />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Current password/), 'old-Secret-77');
    await user.type(screen.getByLabelText(/^New password/), 'Fresh-Walnut-Desk-77');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Fresh-Walnut-Desk-99');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('The password confirmation does not match.')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    expect(onFailed).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Fresh-Walnut-Desk-77');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Wrong password.')).toBeInTheDocument();
  });

  it("checks an admin's new password against the admin's name", async () => {
    const save = vi.fn(() => Promise.resolve());
    renderWithProviders(
      <PasswordForm
        schema={adminPasswordUpdateRequest}
        owner={{ email: testAdmin.email, name: 'Quentin Wolfhart' }}
        names={{ current: 'current_password', next: 'password', confirmation: 'password_confirmation' }}
        save={save}
        onSaved={vi.fn()}
        onFailed={vi.fn()}
      />,
    );
    await changeTo('Wolfhart#2093');
    await waitFor(() =>
      expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(PASSWORD_MESSAGES.personal),
    );
    expect(save).not.toHaveBeenCalled();
  });
});
