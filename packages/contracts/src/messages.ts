/**
 * Every text of the specifications' error catalogues, word for word. The few every page may show (a request that
 * failed as such, the rate limits) live in request-messages.ts, which the web app's first load carries; they are
 * spread in here under the names the catalogues give them.
 */
import {
  LOGIN_REQUIRED_MESSAGE,
  RATE_LIMIT_MESSAGES,
  REQUEST_FAILURE_MESSAGES,
  UPLOAD_RATE_MESSAGE,
} from './request-messages';

export const CUSTOMER_MESSAGES = {
  ...REQUEST_FAILURE_MESSAGES,
  loginInvalid: 'Invalid email or password.',
  accountInactive: 'Account inactive. Contact support.',
  validationTitle: 'Validation Error',
  storeLoginFailed: 'Login failed. Please check your credentials.',
  loggedIn: 'Logged in successfully!',
  loggedOut: 'Logged out successfully!',
  forgotFailed: 'Something went wrong. Please try again later.',
  resetFailed: 'Something went wrong.',
  resetLinkInvalid: 'Invalid or missing reset link.',
  contactFailed: 'An error occurred.',
  contactSubmitFailed: 'An error occurred while submitting the form.',
  profileUpdateFailed: 'Failed to update profile. Please try again.',
  passwordUpdateFailed: 'Failed to update password. Please try again.',
  designListFailed: 'Failed to load designs. Please try again later.',
  designDetailFailed: 'Failed to load design details.',
  designUpdateFailed: 'Failed to update design. Please try again later.',
  designUpdated: 'Design updated successfully!',
  designDeleteFailed: 'Failed to delete design. Please try again later.',
  designDeleted: 'Design deleted successfully!',
  designDeleteConfirm: 'Are you sure?',
  designDeleteConfirmButton: 'Yes, delete it!',
  designSubmitted: 'Design submitted successfully!',
  designSubmitFailed: 'An error occurred. Please try again.',
  stepBlocked: 'Please complete the required fields before proceeding.',
  categoriesFailed: 'Failed to load categories.',
  productsFailed: 'Failed to load products.',
  productFailed: 'Failed to load product details.',
  productNotFoundTitle: 'Product not found',
  productNotFound: 'This product does not exist or is no longer available.',
  wishlistLogin: 'Please log in to manage your wishlist.',
  wishlistAdded: 'Item added to wishlist.',
  wishlistRemoved: 'Item removed from wishlist.',
  wishlistError: 'Error toggling wishlist.',
  chatMaxFiles: 'Maximum 5 files allowed.',
  chatFileTooLarge: (name: string) => `File ${name} exceeds 10MB limit`,
  notAuthenticated: 'User not authenticated',
  noDesigns: 'You have not submitted any designs yet.',
  noDescription: 'No description provided.',
  noComments: 'No comments provided.',
  noNotifications: 'No notifications yet',
  noMessages: 'No messages yet.',
  attachment: 'Attachment',
  designSuccessTitle: 'Your Information Has Been Submitted',
  designSuccessText: 'Thank you!',
} as const;

/** A guest at a page that needs an account (a bookmark, a shared link, Back after logging out). */
export const SIGN_IN_MESSAGES = {
  loginRequired: LOGIN_REQUIRED_MESSAGE,
  favoritesTitle: 'Your favorites are kept in your account',
  favoritesText: 'Log in to see the products you saved, and come straight back here.',
  logIn: 'Log In',
} as const;

/** Messages the server answers with. */
export const SERVER_MESSAGES = {
  ...RATE_LIMIT_MESSAGES,
  loginInvalid: 'Invalid email or password.',
  accountInactive: 'Account inactive. Contact support.',
  notAdmin: 'Invalid email or password.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  validation: 'The given data was invalid.',
  malformed: 'Malformed request.',
  tooLarge: 'The upload is too large.',
  unsupportedType: 'This file type is not accepted.',
  /** A request body nested deeper than the server reads. */
  tooDeep: 'The request is nested too deeply.',
  serverError: 'Server error.',
  unavailable: 'Service temporarily unavailable.',
  emailTaken: 'The email has already been taken.',
  registered: 'Registration successful!',
  loggedIn: 'Logged in successfully!',
  loggedOut: 'Logged out successfully!',
  resetLinkSent: 'If an account exists for that e-mail, we have sent a password reset link.',
  passwordReset: 'Your password has been reset. You can now log in.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  passwordsDontMatch: 'The password confirmation does not match.',
  termsRequired: 'You must accept the terms and conditions.',
  passwordTooShort: 'The password must be at least 8 characters.',
  passwordCommon: 'This password is too common. Please choose another one.',
  currentPasswordWrong: 'The current password is incorrect.',
  /** Text with a NUL character or a broken surrogate pair: no database column can hold it. */
  invalidCharacters: (field: string) => `The ${field} contains characters that are not allowed.`,
} as const;

/**
 * A 409 no check of the route foresaw: a duplicate, or a row the request refers to that was removed meanwhile. Only
 * the server's error handler says it; the web app shows it as the answer's message.
 */
export const CONFLICT_MESSAGE = 'The request conflicts with the current data. Please reload and try again.';

/** Why an upload was refused: shown as they come by the forms that upload (design, chat, profile photo). */
export const UPLOAD_MESSAGES = {
  storageQuota: (limitMb: number) =>
    `You have reached your upload space of ${limitMb} MB. Delete files you no longer need, or contact us.`,
  rateQuota: UPLOAD_RATE_MESSAGE,
  diskLow: 'Uploads are paused because the shop is running low on storage space. Please try again later.',
} as const;
