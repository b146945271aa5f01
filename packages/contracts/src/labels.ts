/**
 * Labels, headings and link texts of the specifications, word for word. The web app renders them and the
 * browser journeys look for them, so both read them from here.
 */

export const DEFAULT_APP_NAME = 'Cubicle Depot';

/** A list page past the last one (?page=99): said so, with a way back. */
export const PAGE_OUT_OF_RANGE = {
  title: (page: number) => `There is no page ${page}`,
  description: (last: number) => `This list has ${last} ${last === 1 ? 'page' : 'pages'}.`,
  action: (last: number) => `Go to page ${last}`,
} as const;

/** A browser tab's title: the page's own, then the shop's name ('Design Status | Cubicle Depot'). */
export const pageTitle = (title: string, shop: string = DEFAULT_APP_NAME) => `${title} | ${shop}`;

/** The titles of the pages the meta API does not describe (sign-in screens, customer area, back-office). */
export const PAGE_TITLES = {
  login: 'Log In',
  register: 'Register',
  forgotPassword: 'Forgot Password',
  resetPassword: 'Reset Password',
  verifyEmail: 'Verify Your E-mail Address',
  claimDesign: 'Add a Design to Your Account',
  userDashboard: 'Dashboard',
  userChat: 'Chat',
  submitDesign: 'Submit New Design',
  designsLiked: 'Liked Products',
  designStatus: 'Design Status',
  designDetails: 'Design Details',
  profileSettings: 'Profile Settings',
  notifications: 'Notifications',
  adminLogin: 'Admin Login',
  adminDashboard: 'Admin Dashboard',
  adminUsers: 'User Management',
  adminDesigns: 'Design Submissions',
  adminDesignDetails: 'Design Details',
  adminProducts: 'Products',
  adminProductCreate: 'Add Product',
  adminProductEdit: 'Edit Product',
  adminChat: 'Chat',
  adminNotifications: 'Admin Notifications',
  adminSettings: 'Account Settings',
  userProposals: 'Proposals',
  userProposalDetails: 'Proposal',
  adminProposals: 'Proposals',
  adminProposalDetails: 'Proposal',
  adminQuoteRequests: 'Quote Requests',
  adminSchedule: 'Installation Schedule',
  adminBookings: 'Bookings',
  siteVisit: 'Book a Site Visit',
} as const;

/** Public header navigation, in order (storefront spec section 2). */
export const HEADER_NAV = [
  { label: 'Home', to: '/' },
  { label: 'How It Works', to: '/how-it-works' },
  { label: 'Inventory', to: '/products' },
  { label: 'Our Services', to: '/services' },
  { label: 'About Us', to: '/about-us' },
  { label: 'Contact', to: '/contact' },
] as const;

export const FOOTER_LINKS = [
  { label: 'How It Works', to: '/how-it-works' },
  { label: 'Inventory', to: '/products' },
  { label: 'Our Services', to: '/services' },
  { label: 'Contact', to: '/contact' },
  { label: 'Terms & Conditions', to: '/terms' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
] as const;

/** The logged-in customer's menu in the public header; Log Out is an action, not a link. */
export const USER_MENU_LINKS = [
  { label: 'Dashboard', to: '/user/dashboard' },
  { label: 'My Favorites', to: '/products?favorites=true' },
  { label: 'Design Status', to: '/user/design-status' },
  { label: 'Submit New Design', to: '/#submit-design' },
  { label: 'Profile Settings', to: '/user/profile-settings' },
] as const;

export const CUSTOMER_LABELS = {
  login: 'Login',
  logOut: 'Log Out',
  sidebarLogOut: 'Log out',
  notLoggedIn: 'Not logged in',
  subscribe: 'Subscribe',
  forgotPassword: 'Forgot password?',
  rememberMe: 'Remember me',
  sendResetLink: 'Send Reset Link',
  updatePassword: 'Update Password',
  dashboardCards: {
    submitDesign: 'Submit New Design',
    likedProducts: 'Liked Products',
    designStatus: 'Design Status',
  },
} as const;
