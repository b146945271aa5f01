import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  PASSWORD_MESSAGES,
  adminPasswordUpdateRequest,
  customerPasswordUpdateRequest,
} from '@shop/contracts';
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
    expect(onFailed).toHaveBeenCalled();
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
