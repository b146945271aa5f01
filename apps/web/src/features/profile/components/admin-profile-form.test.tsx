import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ACCEPTED_TYPES, ADMIN_MESSAGES } from '@shop/contracts';
import { toast } from '../../../lib/toast';
import { testAdmin } from '../../../test/accounts';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { AdminProfileForm } from './admin-profile-form';

describe('AdminProfileForm', () => {
  it('says no failure when the browser refuses the form (nothing sent); a failed update call does', async () => {
    const user = userEvent.setup();
    let saves = 0;
    server.use(
      http.post('/api/admin/profile/update', () => {
        saves += 1;
        return HttpResponse.json({ message: 'Server error' }, { status: 500 });
      }),
    );
    renderWithProviders(<AdminProfileForm admin={testAdmin} />);
    await user.clear(screen.getByLabelText(/^Name/));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('The name field is required.')).toBeVisible();

    // The update's failure is said in a dialog: its turn comes only with a call that failed.
    await user.type(screen.getByLabelText(/^Name/), 'Dana');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const failed = await screen.findByRole('alertdialog', { name: ADMIN_MESSAGES.errorTitle });
    expect(failed).toHaveTextContent(ADMIN_MESSAGES.profileUpdateFailed);
    expect(saves).toBe(1);
    // One dialog, for the one call sent: none waits behind it for the refused form before it. A dialog waiting in
    // the queue shows as soon as the one before it closes; the next save's success, a round trip later, is the
    // point by which it would be on the screen.
    await user.click(within(failed).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const succeeded = vi.spyOn(toast, 'success');
    server.use(
      http.post('/api/admin/profile/update', () => {
        saves += 1;
        return HttpResponse.json({ admin: testAdmin, message: ADMIN_MESSAGES.profileUpdated });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(succeeded).toHaveBeenCalledWith(ADMIN_MESSAGES.profileUpdated));
    expect(saves).toBe(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('offers and names only the photo types the shop takes', () => {
    renderWithProviders(<AdminProfileForm admin={testAdmin} />);
    const picker = screen.getByLabelText(/^Photo/);
    expect(picker).toHaveAccessibleDescription(
      /^Optional\. PNG, JPEG, WebP, GIF, AVIF or TIFF, up to 10 MB\./,
    );
    const accept = picker.getAttribute('accept')!.split(',');
    expect(accept).not.toContain('image/*');
    for (const type of ACCEPTED_TYPES.profilePhoto) expect(accept).toContain(type);
  });
});
