/** The proposal and scheduling shapes of the API, from the contracts. */
export type {
  AcceptProposalInput,
  AdminBookingList,
  AdminProposal,
  AdminProposalList,
  AdminQuoteRequestList,
  Booking,
  BookingInput,
  BookingStatus,
  CustomerProposalList,
  DeclineProposalInput,
  Proposal,
  ProposalInput,
  ProposalLine,
  ProposalStatus,
  QuoteRequest,
  QuoteRequestInput,
  Schedule,
  ScheduleWindow,
  SiteVisitInput,
  Slot,
} from '@shop/contracts';
export { BOOKING_STATUSES, PROPOSAL_STATUSES } from '@shop/contracts';
