import { ApiError } from '../../lib/api-error';
import { toast } from '../../lib/toast';

/**
 * The proposal and installation screens' failure texts, said the way the specifications' catalogues say theirs
 * ('Failed to load designs.', 'Failed to update design status.'), so the shop words a failure one way on every
 * screen. A server's own message (a 409's or a 422's) is shown instead where there is one. Only the web app says
 * these; the texts the server and the web app share are the contract's (PROPOSAL_MESSAGES, QUOTE_REQUEST_MESSAGES).
 */
export const PROPOSAL_FAILURES = {
  proposalsFailed: 'Failed to load proposals.',
  customerProposalsFailed: 'Failed to load proposals. Please try again later.',
  proposalFailed: 'Failed to load proposal details.',
  proposalNotFound: 'This proposal does not exist or is no longer available.',
  quoteRequestsFailed: 'Failed to load quote requests.',
  productSearchFailed: 'Failed to search products.',
  favoritesFailed: 'Failed to load your favorites.',
  bookingsFailed: 'Failed to load bookings.',
  bookingFailed: 'Failed to load the booking.',
  // Installations' and site visits' alike.
  windowsFailed: 'Failed to load the available times.',
  scheduleFailed: 'Failed to load the schedule.',
  quoteRequestFailed: 'Failed to send the quote request.',
  saveFailed: 'Failed to save the proposal.',
  sendFailed: 'Failed to send the proposal.',
  reviseFailed: 'Failed to revise the proposal.',
  acceptFailed: 'Failed to accept the proposal.',
  declineFailed: 'Failed to decline the proposal.',
  bookFailed: 'Failed to book the installation.',
  visitFailed: 'Failed to book the site visit.',
  confirmFailed: 'Failed to confirm the booking.',
  cancelFailed: 'Failed to cancel the booking.',
  moveFailed: 'Failed to move the booking.',
  addressFailed: 'Failed to save the address.',
  proposeDateFailed: 'Failed to propose the date.',
  availabilityFailed: 'Failed to save the availability.',
} as const;

/**
 * Says why an action failed: the server's own message where it gave one (a 409's, a 422's), else `fallback`.
 * Answers the toast's id, for the action to take it away once it succeeds.
 */
export function toastFailure(error: unknown, fallback: string): number {
  return toast.error(error instanceof ApiError && error.message ? error.message : fallback);
}
