import type { Admin, User } from '@shop/contracts';

/** A signed-in customer and admin for the component tests' sessions. */
export const testCustomer: User = {
  id: 1,
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: null,
  photo_url: null,
  role_type: 'user',
  email_verified: true,
};

export const testAdmin: Admin = {
  id: 2,
  name: 'Dana',
  email: 'admin@example.com',
  photo_url: null,
  role_type: 'admin',
};
