/**
 * The signed-in areas' navigation, labels and headings, word for word (see labels.ts): apart from the storefront's,
 * so that a visitor's first load does not carry them.
 */

export const CUSTOMER_SIDEBAR = [
  { section: 'Main', links: [{ key: 'dashboard', label: 'Dashboard', to: '/user/dashboard' }] },
  {
    section: 'Designs',
    links: [
      { key: 'favorites', label: 'My Favorites', to: '/user/designs-liked' },
      { key: 'submit-design', label: 'Submit New Designs', to: '/user/submit-design' },
      { key: 'design-status', label: 'Design Status', to: '/user/design-status' },
    ],
  },
  { section: 'Support', links: [{ key: 'chat', label: 'Chat with Admin', to: '/user/chat' }] },
  {
    section: 'Notifications',
    links: [{ key: 'notifications', label: 'Notifications', to: '/user/notifications' }],
  },
  {
    section: 'Settings',
    links: [{ key: 'profile', label: 'Profile Settings', to: '/user/profile-settings' }],
  },
] as const;

export const CUSTOMER_BOTTOM_BAR = [
  { key: 'dashboard', label: 'Home', to: '/user/dashboard' },
  { key: 'design-status', label: 'Designs', to: '/user/design-status' },
  { key: 'notifications', label: 'Notifications', to: '/user/notifications' },
  { key: 'chat', label: 'Chat', to: '/user/chat' },
  { key: 'profile', label: 'Profile', to: '/user/profile-settings' },
] as const;

export const ADMIN_SIDEBAR = [
  { key: 'dashboard', label: 'Dashboard', to: '/admin/dashboard' },
  { key: 'users', label: 'Users', to: '/admin/users' },
  { key: 'designs', label: 'Designs', to: '/admin/designs' },
  { key: 'products', label: 'Products', to: '/admin/products' },
  { key: 'chat', label: 'Chat', to: '/admin/chat' },
  { key: 'notifications', label: 'Notifications', to: '/admin/notifications' },
  { key: 'settings', label: 'Settings', to: '/admin/settings' },
] as const;

export const ADMIN_LABELS = {
  loginHeading: 'Welcome Back!',
  loginSubtitle: 'Sign in to access the Admin Dashboard',
  rememberMe: 'Remember Me',
  logIn: 'Log In',
  loggingIn: 'Logging in...',
  accountSettings: 'Account Settings',
  signOut: 'Sign Out',
  /** The title of the login failure toast (the dialogs say 'Error!'). */
  loginErrorTitle: 'Error',
  dashboardCards: {
    totalUsers: 'Total Users',
    totalDesigns: 'Total Designs',
    pendingApprovals: 'Pending Approvals',
    inventoryItems: 'Inventory Items',
  },
} as const;

/** Page headings of the screens named in the specifications. */
export const PAGE_HEADINGS = {
  designStatus: 'My Design Submissions',
  userManagement: 'User Management',
  adminDesigns: 'Design Submissions',
  adminNotifications: 'Admin Notifications',
  accountSettings: 'Account Settings',
  notifications: 'Notifications',
  profileSettings: 'Profile Settings',
} as const;
