import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { PAGE_SIZE, type AppNotification } from '@shop/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { readAgain } from '../../../lib/query-client';
import { useRealtimeEvent, useRealtimeReconnect } from '../../../lib/realtime-client';
import { dismissToast, toast } from '../../../lib/toast';
import { toastFailure } from '../messages';
import type {
  AcceptProposalInput,
  AdminProposal,
  AdminProposalList,
  AdminQuoteRequestList,
  AdminBookingList,
  Booking,
  BookingInput,
  InstallationBookingBody,
  CancelBookingInput,
  CustomerProposalList,
  DeclineProposalInput,
  Proposal,
  ProposalInput,
  ProposalSettings,
  QuoteRequest,
  QuoteRequestInput,
  Schedule,
  SiteVisitInput,
  Slot,
} from './types';

/** Failures these screens word themselves; a 401 still goes to the global session-expiry handling. */
const own = { callerHandles: (e: ApiError) => e.status !== 401 };

export const proposalKeys = {
  all: ['proposals'] as const,
  admin: (query: AdminProposalQuery) => ['proposals', 'admin', query] as const,
  adminOne: (id: number) => ['proposals', 'admin', 'one', id] as const,
  mine: (page: number) => ['proposals', 'mine', page] as const,
  mineOne: (id: number) => ['proposals', 'mine', 'one', id] as const,
  slots: (id: number) => ['proposals', 'mine', 'slots', id] as const,
  quoteRequests: (page: number) => ['proposals', 'quote-requests', page] as const,
  schedule: ['proposals', 'schedule'] as const,
  bookings: (query: AdminBookingQuery) => ['proposals', 'bookings', query] as const,
  myBookings: ['proposals', 'mine', 'bookings'] as const,
  siteVisitSlots: ['site-visits', 'slots'] as const,
};

export interface AdminProposalQuery {
  page: number;
  perPage: number;
  search?: string;
  status?: string;
  designId?: number;
  quoteRequestId?: number;
}

/* ------------------------------------------------------------------ back-office */

export const adminProposalsQuery = (query: AdminProposalQuery) =>
  queryOptions({
    queryKey: proposalKeys.admin(query),
    queryFn: ({ signal }) =>
      api.get<AdminProposalList>('/api/admin/proposals', {
        query: {
          page: query.page,
          perPage: query.perPage,
          search: query.search || undefined,
          status: query.status || undefined,
          design_id: query.designId,
          quote_request_id: query.quoteRequestId,
        },
        signal,
        ...own,
      }),
    placeholderData: keepPreviousData,
  });

export const adminProposalQuery = (id: number) =>
  queryOptions({
    queryKey: proposalKeys.adminOne(id),
    queryFn: ({ signal }) =>
      api
        .get<{ proposal: AdminProposal }>(`/api/admin/proposals/${id}`, { signal, ...own })
        .then((r) => r.proposal),
    retry: false,
  });

/** The shop's default tax rate and currency (DEFAULT_TAX_RATE, CURRENCY), which a new draft takes. */
export const proposalSettingsQuery = () =>
  queryOptions({
    queryKey: [...proposalKeys.all, 'settings'] as const,
    queryFn: ({ signal }) => api.get<ProposalSettings>('/api/admin/proposal-settings', { signal, ...own }),
    staleTime: Infinity,
  });

/** Where a new proposal hangs: a design or a quote request. */
export type ProposalOwner = { kind: 'design'; id: number } | { kind: 'quote-request'; id: number };

export function createProposal(owner: ProposalOwner, input: ProposalInput): Promise<Proposal> {
  const path = owner.kind === 'design' ? 'designs' : 'quote-requests';
  return api
    .post<{ proposal: Proposal }>(`/api/admin/${path}/${owner.id}/proposals`, input, own)
    .then((r) => r.proposal);
}

export const updateProposal = (id: number, input: ProposalInput) =>
  api.put<{ proposal: Proposal }>(`/api/admin/proposals/${id}`, input, own).then((r) => r.proposal);

export const sendProposal = (id: number) =>
  api.post<{ proposal: Proposal }>(`/api/admin/proposals/${id}/send`, undefined, own).then((r) => r.proposal);

export const reviseProposal = (id: number) =>
  api
    .post<{ proposal: Proposal }>(`/api/admin/proposals/${id}/revise`, undefined, own)
    .then((r) => r.proposal);

export const adminQuoteRequestsQuery = (page: number) =>
  queryOptions({
    queryKey: proposalKeys.quoteRequests(page),
    queryFn: ({ signal }) =>
      api.get<AdminQuoteRequestList>('/api/admin/quote-requests', {
        query: { page, perPage: 10 },
        signal,
        ...own,
      }),
    placeholderData: keepPreviousData,
  });

export const scheduleQuery = () =>
  queryOptions({
    queryKey: proposalKeys.schedule,
    queryFn: ({ signal }) => api.get<Schedule>('/api/admin/schedule', { signal, ...own }),
  });

export const saveSchedule = (schedule: Schedule) => api.put<Schedule>('/api/admin/schedule', schedule, own);

export interface AdminBookingQuery {
  page: number;
  status?: string;
  kind?: string;
  /** Only the bookings of this proposal version. */
  proposalId?: number;
  /** Only the bookings on this day ("YYYY-MM-DD") of the shop's timezone. */
  date?: string;
}

export const adminBookingsQuery = (query: AdminBookingQuery) =>
  queryOptions({
    queryKey: proposalKeys.bookings(query),
    queryFn: ({ signal }) =>
      api.get<AdminBookingList>('/api/admin/bookings', {
        query: {
          page: query.page,
          perPage: PAGE_SIZE.adminList,
          status: query.status || undefined,
          kind: query.kind || undefined,
          proposal_id: query.proposalId,
          date: query.date || undefined,
        },
        signal,
        ...own,
      }),
    placeholderData: keepPreviousData,
  });

const bookingCall = (path: string, body?: unknown) =>
  api.post<{ booking: Booking }>(path, body, own).then((r) => r.booking);

export const confirmBooking = (id: number) => bookingCall(`/api/admin/bookings/${id}/confirm`);
export const proposeBooking = (id: number, body: BookingInput) =>
  bookingCall(`/api/admin/bookings/${id}/propose`, body);
/** A cancellation's body: the reason given, or none at all (a cancellation without a reason). */
const cancelBody = (reason?: string): CancelBookingInput | undefined => (reason ? { reason } : undefined);

export const cancelBookingAsAdmin = (id: number, reason?: string) =>
  bookingCall(`/api/admin/bookings/${id}/cancel`, cancelBody(reason));

/* ------------------------------------------------------------------ customer area */

export const myProposalsQuery = (page: number, designId?: number) =>
  queryOptions({
    queryKey: [...proposalKeys.mine(page), designId ?? null],
    queryFn: ({ signal }) =>
      api.get<CustomerProposalList>('/api/user/proposals', {
        query: { page, per_page: 10, design_id: designId },
        signal,
        ...own,
      }),
    placeholderData: keepPreviousData,
  });

export const myProposalQuery = (id: number) =>
  queryOptions({
    queryKey: proposalKeys.mineOne(id),
    queryFn: ({ signal }) =>
      api
        .get<{ proposal: Proposal }>(`/api/user/proposals/${id}`, { signal, ...own })
        .then((r) => r.proposal),
    retry: false,
  });

export const slotsQuery = (id: number) =>
  queryOptions({
    queryKey: proposalKeys.slots(id),
    queryFn: ({ signal }) =>
      api.get<{ slots: Slot[] }>(`/api/user/proposals/${id}/slots`, { signal, ...own }).then((r) => r.slots),
  });

export const acceptProposal = (id: number, body: AcceptProposalInput) =>
  api.post<{ proposal: Proposal }>(`/api/user/proposals/${id}/accept`, body, own).then((r) => r.proposal);

export const declineProposal = (id: number, body: DeclineProposalInput) =>
  api.post<{ proposal: Proposal }>(`/api/user/proposals/${id}/decline`, body, own).then((r) => r.proposal);

export const bookProposal = (id: number, body: InstallationBookingBody) =>
  api.post<{ booking: Booking }>(`/api/user/proposals/${id}/booking`, body, own).then((r) => r.booking);

export const myBookingsQuery = () =>
  queryOptions({
    queryKey: proposalKeys.myBookings,
    queryFn: ({ signal }) =>
      api.get<{ bookings: Booking[] }>('/api/user/bookings', { signal, ...own }).then((r) => r.bookings),
  });

export const confirmMyBooking = (id: number) => bookingCall(`/api/user/bookings/${id}/confirm`);
export const rescheduleMyBooking = (id: number, slotStart: string) =>
  bookingCall(`/api/user/bookings/${id}/reschedule`, { slot_start: slotStart });
export const cancelMyBooking = (id: number, reason?: string) =>
  bookingCall(`/api/user/bookings/${id}/cancel`, cancelBody(reason));
/** Where the installation or visit is made, changed by its customer or by the shop; an empty address takes it out. */
export const changeBookingAddress = (area: 'admin' | 'user', id: number, address: string) =>
  bookingCall(`/api/${area}/bookings/${id}/address`, { address: address.trim() || null });

/* ------------------------------------------------------------------ site visits (public) */

export const siteVisitSlotsQuery = () =>
  queryOptions({
    queryKey: proposalKeys.siteVisitSlots,
    queryFn: ({ signal }) =>
      api.get<{ slots: Slot[] }>('/api/site-visits/slots', { signal, ...own }).then((r) => r.slots),
  });

export const bookSiteVisit = (body: SiteVisitInput) => bookingCall('/api/site-visits', body);

export const requestQuote = (body: QuoteRequestInput) =>
  api
    .post<{ quote_request: QuoteRequest }>('/api/user/quote-requests', body, own)
    .then((r) => r.quote_request);

/** The PDF's address for either side. */
export const proposalPdfUrl = (area: 'admin' | 'customer', id: number) =>
  area === 'admin' ? `/api/admin/proposals/${id}/pdf` : `/api/user/proposals/${id}/pdf`;

/* ------------------------------------------------------------------ hooks */

export const useAdminProposals = (query: AdminProposalQuery) => useQuery(adminProposalsQuery(query));
export const useAdminProposal = (id: number) => useQuery(adminProposalQuery(id));
export const useMyProposals = (page: number, designId?: number) => useQuery(myProposalsQuery(page, designId));
export const useMyProposal = (id: number) => useQuery(myProposalQuery(id));

/** Every proposal list and detail is refetched after a change, in both areas. */
export function useInvalidateProposals() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: proposalKeys.all });
}

interface Outcome<R> {
  onSuccess?: (result: R) => void;
  /**
   * What a failure does besides its toast (the server's field errors under the form's fields). It may answer what
   * the toast says instead: null when the form shows the whole failure (each message of a 422 under its field),
   * so it is not said twice; a text for the part the form has no field for.
   */
  onError?: (error: Error) => string | null | void;
  /**
   * The step's failure text, toasted when it fails (the server's own message where it gave one: a 409's, a 422's).
   * It is the step's one failure toast: its next outcome takes it away, so a refusal already fixed does not stay
   * on screen beside the success that followed ('At least one line must be accepted.' beside 'Thank you: ...').
   */
  failure?: string;
}

/**
 * A step of a deal, which refreshes every proposal query when it succeeds or answers 409 (the deal had changed). `run` reports its outcome even when
 * the component that asked is gone by then: the refetch of the step, or the realtime event it sends, can replace
 * that component first (a cancelled booking's buttons go away), and TanStack Query drops the callbacks given to
 * `mutate` on unmount.
 */
export function useProposalMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const invalidate = useInvalidateProposals();
  const mutation = useMutation({
    mutationFn,
    onSuccess: () => void invalidate(),
    // A 409 says the deal moved on meanwhile (expired, decided, booked elsewhere): what is shown is read again.
    onError: (error) => {
      if ((error as Partial<ApiError>).status === 409) void invalidate();
    },
  });
  const { mutateAsync } = mutation;
  // The toast of the step's last failure, while it may still be on screen.
  const failureToast = useRef<number | null>(null);
  const run = useCallback(
    (vars: V, { onSuccess, onError, failure }: Outcome<R> = {}) => {
      const settled = () => {
        if (failureToast.current !== null) dismissToast(failureToast.current);
        failureToast.current = null;
      };
      mutateAsync(vars).then(
        (result) => {
          settled();
          onSuccess?.(result);
        },
        (error: Error) => {
          settled();
          const said = onError?.(error);
          if (failure && said !== null)
            failureToast.current = said ? toast.error(said) : toastFailure(error, failure);
        },
      );
    },
    [mutateAsync],
  );
  return { ...mutation, run };
}

/** The notification types a proposal or booking step sends to the other side. */
const DEAL_EVENT = /^(proposal_|booking_|quote_request)/;

/**
 * While a deal screen is open: a step the other side takes (a proposal sent, accepted or declined, a booking asked
 * for, proposed, confirmed or cancelled) arrives as a realtime notification and refetches the proposal queries, so
 * the screen shows it without a reload.
 */
export function useProposalsLive() {
  const client = useQueryClient();
  const onNotification = useCallback(
    ({ notification }: { notification: AppNotification }) => {
      if (DEAL_EVENT.test(notification.data.type))
        void client.invalidateQueries({ queryKey: proposalKeys.all });
    },
    [client],
  );
  useRealtimeEvent('notification', onNotification);
  // A step taken while the connection was down brought no event.
  const onReconnect = useCallback(() => {
    void readAgain(client, proposalKeys.all);
  }, [client]);
  useRealtimeReconnect(onReconnect);
}
