import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FILE_PICKER_ACCEPT, PLACEHOLDER_IMAGE } from '@shop/contracts';
import { testAdmin, testCustomer } from '../../../test/accounts';
import { renderWithProviders } from '../../../test/render';
import { AdminProfileForm } from './admin-profile-form';
import { CustomerProfileForm } from './customer-profile-form';
import { PhotoField } from './photo-field';

const field = (props: { currentUrl: string | null; name?: string }) => (
  <PhotoField
    {...props}
    file={null}
    onChange={vi.fn()}
    accept={FILE_PICKER_ACCEPT.profilePhoto}
    hint="PNG or JPEG"
  />
);

/** No image on the page is the shop's product placeholder (a cubicle), whatever its alt text. */
function expectNoPlaceholder(container: HTMLElement) {
  for (const img of container.querySelectorAll('img'))
    expect(img.getAttribute('src')).not.toBe(PLACEHOLDER_IMAGE);
}

describe('PhotoField', () => {
  it('shows an avatar, not the product placeholder picture, on the admin settings when there is no photo', () => {
    const { container } = renderWithProviders(<AdminProfileForm admin={{ ...testAdmin, photo_url: null }} />);
    expect(screen.getByRole('img', { name: 'No profile photo' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Profile photo' })).toBeNull();
    expectNoPlaceholder(container);
  });

  it('does the same on the customer profile', () => {
    const { container } = renderWithProviders(
      <CustomerProfileForm user={{ ...testCustomer, photo_url: null }} />,
    );
    expect(screen.getByRole('img', { name: 'No profile photo' })).toBeInTheDocument();
    expectNoPlaceholder(container);
  });

  it("shows the person's initials when it knows their name, as the top bar does", () => {
    render(field({ currentUrl: null, name: 'Chris Morgan' }));
    expect(screen.getByRole('img', { name: 'No profile photo' })).toHaveTextContent('CM');
  });

  it('shows the photo there is, and the avatar instead when it cannot be loaded', () => {
    const { container } = render(field({ currentUrl: '/uploads/me.png', name: 'Chris Morgan' }));
    const photo = screen.getByRole('img', { name: 'Profile photo' });
    expect(photo).toHaveAttribute('src', '/uploads/me.png');
    fireEvent.error(photo);
    expect(screen.getByRole('img', { name: 'No profile photo' })).toHaveTextContent('CM');
    expectNoPlaceholder(container);
  });
});
