import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCEPTED_TYPES, CUSTOMER_MESSAGES, PROFILE_MESSAGES } from '@shop/contracts';
import { queryClient } from '../../../lib/query-client';
import { customerSession, useCustomer } from '../../../lib/sessions';
import { clearToasts, getToasts } from '../../../lib/toast';
import { testCustomer } from '../../../test/accounts';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { CustomerProfileForm } from './customer-profile-form';

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2])], name, {
    type: 'image/png',
  });

afterEach(() => {
  clearToasts();
  customerSession.clear();
});

describe('CustomerProfileForm', () => {
  it('refuses a non-image photo by its bytes, and empties the picker once the profile is saved', async () => {
    const user = userEvent.setup({ applyAccept: false });
    let saves = 0;
    server.use(
      http.post('/api/profile/update', () => {
        saves += 1;
        return HttpResponse.json({
          message: 'Profile updated successfully',
          user: { ...testCustomer, phone: '555 0100' },
        });
      }),
    );
    renderWithProviders(<CustomerProfileForm user={{ ...testCustomer, phone: '555 0100' }} />);
    const picker = screen.getByLabelText(/^Photo/);

    await user.upload(picker, new File(['%PDF-1.7'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText(PROFILE_MESSAGES.photoType)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(saves).toBe(0);

    // A TIFF (a scanner's or a camera's) is an image the shop takes.
    const tiff = new Uint8Array([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]);
    await user.upload(picker, new File([tiff], 'scan.tif', { type: 'image/tiff' }));
    await waitFor(() => expect(screen.queryByText(PROFILE_MESSAGES.photoType)).toBeNull());
    await user.upload(picker, new File(['%PDF-1.7'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText(PROFILE_MESSAGES.photoType)).toBeVisible();

    await user.upload(picker, png('me.png'));
    await waitFor(() => expect(screen.queryByText(PROFILE_MESSAGES.photoType)).toBeNull());
    expect((picker as HTMLInputElement).files).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    // The picker empties once the save is answered: by then every save sent has been counted, the refused one too.
    await waitFor(() => expect(picker).toHaveValue(''));
    expect(saves).toBe(1);
    expect(screen.queryByText(/^Selected:/)).toBeNull();
  });

  it('checks the phone with the route schema before sending', async () => {
    const user = userEvent.setup();
    const phones: unknown[] = [];
    server.use(
      http.post('/api/profile/update', async ({ request }) => {
        phones.push((await request.formData()).get('phone'));
        return HttpResponse.json({ message: 'Profile updated successfully', user: testCustomer });
      }),
    );
    renderWithProviders(<CustomerProfileForm user={{ ...testCustomer, phone: '555 0100' }} />);
    await user.clear(screen.getByLabelText(/^Phone/));
    await user.type(screen.getByLabelText(/^Phone/), 'call me');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByLabelText(/^Phone/)).toHaveAccessibleDescription(PROFILE_MESSAGES.phoneFormat);
    // A valid phone then saves: the form was only held back by the check, and sent nothing before.
    await user.clear(screen.getByLabelText(/^Phone/));
    await user.type(screen.getByLabelText(/^Phone/), '555 0101');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(phones).toHaveLength(1));
    expect(phones).toEqual(['555 0101']);
  });

  it('says no failure when the browser refuses the form (nothing sent); a failed update call does', async () => {
    const user = userEvent.setup();
    let fail = false;
    let saves = 0;
    server.use(
      http.post('/api/profile/update', () => {
        saves += 1;
        return fail
          ? HttpResponse.json({ message: 'Server error' }, { status: 500 })
          : HttpResponse.json({ message: 'Profile updated successfully', user: testCustomer });
      }),
    );
    renderWithProviders(<CustomerProfileForm user={{ ...testCustomer, phone: '555 0100' }} />);
    await user.clear(screen.getByLabelText(/^Name/));
    await user.clear(screen.getByLabelText(/^Phone/));
    await user.type(screen.getByLabelText(/^Phone/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('The name field is required.')).toBeVisible();
    expect(screen.getByLabelText(/^Phone/)).toHaveAccessibleDescription(PROFILE_MESSAGES.phoneFormat);
    expect(saves).toBe(0);
    expect(getToasts()).toEqual([]);

    fail = true;
    await user.type(screen.getByLabelText(/^Name/), 'Ann Lee');
    await user.clear(screen.getByLabelText(/^Phone/));
    await user.type(screen.getByLabelText(/^Phone/), '555 0101');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.message)).toEqual([CUSTOMER_MESSAGES.profileUpdateFailed]),
    );
    expect(saves).toBe(1);
  });

  it('offers and names only the photo types the shop takes', () => {
    renderWithProviders(<CustomerProfileForm user={{ ...testCustomer, phone: '555 0100' }} />);
    const picker = screen.getByLabelText(/^Photo/);
    expect(picker).toHaveAccessibleDescription(/PNG, JPEG, WebP, GIF, AVIF or TIFF, up to 10 MB\./);
    const accept = picker.getAttribute('accept')!.split(',');
    expect(accept).not.toContain('image/*');
    for (const type of ACCEPTED_TYPES.profilePhoto) expect(accept).toContain(type);
    expect(accept.filter((t) => t.startsWith('image/'))).toHaveLength(ACCEPTED_TYPES.profilePhoto.length);
  });

  it('puts the saved account where the app shows it, without reading it again', async () => {
    const user = userEvent.setup();
    customerSession.signIn('t', testCustomer);
    server.use(
      http.post('/api/profile/update', () =>
        HttpResponse.json({
          message: 'Profile updated successfully',
          user: { ...testCustomer, name: 'Ann Lee-Park', phone: '555 0101' },
        }),
      ),
    );
    function Greeting() {
      const customer = useCustomer();
      return <p>Signed in as {customer?.name}</p>;
    }
    renderWithProviders(
      <>
        <Greeting />
        <CustomerProfileForm user={{ ...testCustomer, phone: '555 0100' }} />
      </>,
      { queryClient },
    );
    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'Ann Lee-Park');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Signed in as Ann Lee-Park')).toBeVisible();
  });
});
