/** Numbers and option lists of the specifications, defined once for the server and the web app. */

export const PAGE_SIZE = {
  inventory: 9,
  designs: 10,
  adminList: 10,
  notifications: 10,
  notificationDropdown: 5,
  default: 10,
  max: 100,
} as const;

export const SEARCH_DEBOUNCE_MS = 300;
/**
 * The longest search text each kind of search takes: the storefront's, and a back-office list's or the chat's;
 * the search boxes stop there, and the server refuses a longer one (422).
 */
export const SEARCH_MAX_LENGTH = { storefront: 200, list: 100 } as const;
/**
 * A search ranks and counts at most this many matches: a broader search answers this total with
 * `total_is_capped` (shown as '1,000+ results') and pages through the best of them.
 */
export const SEARCH_RESULT_CAP = 1000;

/** '1 product', '12 products', or '1,000+ products' when the total is a search's cap. */
export function resultCount(total: number, capped: boolean | undefined, one: string, other: string): string {
  if (capped) return `${total.toLocaleString('en-US')}+ ${other}`;
  return `${total} ${total === 1 ? one : other}`;
}
export const NOTIFICATIONS_PAGE_DEBOUNCE_MS = 200;
export const UNREAD_COUNT_REFRESH_MS = 60_000;
export const NOTIFICATION_FETCH_THROTTLE_MS = 2_000;
export const TOAST_DURATION_MS = 5_000;
export const ANIMATION_DURATION_MS = 800;
export const HEADER_SOLID_AFTER_PX = 50;
export const MOBILE_BREAKPOINT_PX = 768;
export const BADGE_CAP = 99;
export const COLLAPSED_BADGE_CAP = 9;
export const COMMENT_TRUNCATE = { desktop: 100, mobile: 50 } as const;
export const TIME_AGO_MAX_DAYS = 6;

export const CHAT = {
  maxFiles: 5,
  /** An admin opened ?userId= of no customer (unknown, deleted, or an admin). */
  conversationNotFound: 'Conversation not found.',
  maxFileBytes: 10 * 1024 * 1024,
  nearBottomPx: 100,
  typingAutoStopMs: 3_000,
  typingClearMs: 4_000,
  tone: '/tone.wav',
  windowTitle: 'My Chat App',
  // The e-mail fallback for a customer who is not connected: one mail per conversation per window.
  offlineMailWindowMs: 15 * 60 * 1000,
} as const;

export const DEFAULT_META_TITLE = 'My Website';
export const PLACEHOLDER_IMAGE = '/images/placeholder.jpg';
export const INTRO_VIDEO = '/videos/intro.mp4';

export const STORAGE_KEYS = { customerToken: 'auth_token', adminToken: 'admin_auth_token' } as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const SESSION_TTL_MS = { remember: 30 * 24 * 3600 * 1000, normal: 24 * 3600 * 1000 } as const;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const UPLOAD_LIMITS = {
  designFileBytes: 20 * 1024 * 1024,
  recommendationFileBytes: 20 * 1024 * 1024,
  productImageBytes: 10 * 1024 * 1024,
  profilePhotoBytes: 10 * 1024 * 1024,
  maxGalleryFiles: 12,
  maxRecommendationFiles: 10,
} as const;

export const DESIGN_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DesignStatus = (typeof DESIGN_STATUSES)[number];

export const DESIGN_TABS = ['haveDesign', 'dontHaveDesign'] as const;
export type DesignTab = (typeof DESIGN_TABS)[number];

export const QUESTIONNAIRE_OPTIONS = {
  totalNumber: ['1-2', '3-5', '6-10', '11-49', 'More than 50', 'Not sure'],
  features: ['Low Walls', 'Medium Walls', 'Tall Walls', 'Overhead Bins', 'Pedestals'],
  interest: ['New Furniture', 'Pre-Owned Furniture', 'Both'],
  options: ['Integrated Power Outlets', 'Data Outlets', 'Both'],
} as const;

export const NOTIFICATION_TYPES = [
  'design_submission',
  'design_update',
  'chat_message',
  'proposal_sent',
  'proposal_accepted',
  'proposal_declined',
  'quote_request',
  'booking_requested',
  'booking_proposed',
  'booking_confirmed',
  'booking_cancelled',
  'booking_reminder',
  'booking_updated',
  'other',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const USER_STATUS = { active: 1, inactive: 0 } as const;
export type UserStatus = (typeof USER_STATUS)[keyof typeof USER_STATUS];
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ABOUT_STATS = [
  { value: '500+', label: 'Happy Clients' },
  { value: '1000+', label: 'Projects Completed' },
  { value: '25+', label: 'Years Experience' },
  { value: '50+', label: 'Cities Covered' },
] as const;

/** How long an e-mail verification link works (it is used once). */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 3600 * 1000;
/** How long the claim link of a guest's 'design received' mail works (it is used once). */
export const DESIGN_CLAIM_TTL_MS = 30 * 24 * 3600 * 1000;
/** The customer area's banner offers to mail the verification link again at most this often (server-side limit). */
export const VERIFICATION_RESEND_LIMIT = { points: 3, windowSeconds: 60 * 60 } as const;

/* Proposals and installation scheduling. */
export const PROPOSAL_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'expired', 'superseded'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const BOOKING_KINDS = ['installation', 'site_visit'] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];
/** requested: a date asked with a note; proposed: the shop proposed a window; confirmed; cancelled. */
export const BOOKING_STATUSES = ['requested', 'proposed', 'confirmed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const QUOTE_REQUEST_STATUSES = ['open', 'answered'] as const;
export type QuoteRequestStatus = (typeof QUOTE_REQUEST_STATUSES)[number];
export const SCHEDULING = {
  /** Slots are offered this many days ahead. */
  horizonDays: 60,
  /**
   * Either side may reschedule or cancel up to this many hours before the start; so a window is offered only while
   * it starts further ahead than this, and a booking just made can still be undone.
   */
  changeCutoffHours: 48,
} as const;
export const PROPOSAL_LIMITS = {
  lines: 200,
  quantity: 100_000,
  /** Unit prices up to 99,999,999.99. */
  maxPrice: '99999999.99',
  notes: 5000,
  comment: 2000,
  lineName: 255,
  quoteItems: 100,
  /** Validity when the admin gives none (days). */
  defaultValidityDays: 30,
} as const;
/** Tax rate in percent when the DEFAULT_TAX_RATE setting is not given. */
export const DEFAULT_TAX_RATE = '0.00';
