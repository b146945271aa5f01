/** The demo accounts the seed creates (README, the table under "Getting started"). */
export const DEMO_ADMIN = {
  name: 'Dana Whitfield',
  email: 'admin@example.com',
  password: 'demo-admin-2026',
} as const;
export const DEMO_CUSTOMER = {
  name: 'Chris Morgan',
  email: 'customer@example.com',
  password: 'demo-customer-2026',
  phone: '+1 (555) 014-2288',
} as const;
