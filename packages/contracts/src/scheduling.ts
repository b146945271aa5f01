import { z } from 'zod';
import { BOOKING_KINDS, BOOKING_STATUSES, PAGE_SIZE } from './constants';
import {
  boundedText,
  emailField,
  isMissing,
  notNumberMessage,
  optionalText,
  PHONE_MESSAGE,
  PHONE_PATTERN,
  requiredFieldMessage,
  requiredText,
  textRefusal,
} from './common';
import { isoDate } from './proposals';

/** Texts of installation scheduling and site visits (kept here, out of the first-load messages). */
/** Site visits one account or e-mail address may have ahead (requested, proposed or confirmed) at a time. */
export const SITE_VISITS_OPEN_PER_CONTACT = 3;
/**
 * Site visits guests may have ahead from one network (an IPv4 address, an IPv6 /64): a guest's address is never
 * verified, and every visit booked in a window takes a place the installations need.
 */
export const SITE_VISITS_OPEN_PER_GUEST_NETWORK = 6;

export const SCHEDULING_MESSAGES = {
  windowFull: 'This window is fully booked. Please choose another.',
  notAWindow: 'The selected time is not an available window.',
  sameWindow: 'The booking is already in this window. Please choose another.',
  sameAddress: 'The booking already has this address.',
  tooLate: 'Bookings can be changed or cancelled only up to 48 hours before the start.',
  notChangeable: 'This booking can no longer be changed.',
  notConfirmable: 'Only a requested or proposed booking can be confirmed.',
  noWindowYet: 'A date without a window cannot be confirmed yet: a window is proposed for it first.',
  started: 'This window has already started.',
  dateOutOfRange: 'The requested date must be within the next 60 days.',
  windowEndBeforeStart: 'The end must be after the start.',
  slotOrDate: 'Choose a window or ask for a date.',
  slotAndDate: 'Choose a window or ask for a date, not both.',
  cancelled: 'Booking cancelled.',
  tooManyVisits: `You already have ${SITE_VISITS_OPEN_PER_CONTACT} site visits ahead. We will be in touch about them.`,
  tooManyGuestVisits:
    'Many site visits are already booked from your network. Please sign in to book, or contact us.',
  blackoutOutOfRange: 'The blackout date must be between one year ago and five years from today.',
  blackoutBooked: 'This day has open bookings. Move or cancel them first: their customers are told.',
  closedDay: 'We are closed on this day. Please choose another.',
  adminCannotBook: 'Site visits are booked from a customer account or as a guest.',
} as const;

/**
 * The blackout dates a schedule takes: from one year ago to five years ahead (calendar days in UTC, near enough
 * for bounds this wide). Older ones block nothing any more: the schedule no longer answers them.
 */
export function blackoutDateRange(now = new Date()): { from: string; to: string } {
  const shift = (years: number) => {
    const d = new Date(now);
    d.setUTCFullYear(d.getUTCFullYear() + years);
    return d.toISOString().slice(0, 10);
  };
  return { from: shift(-1), to: shift(5) };
}

// Piped: a text that is no date gets isoDate's message alone.
const blackoutDate = isoDate('blackout date').pipe(
  z.string().refine(
    (v) => {
      const { from, to } = blackoutDateRange();
      return v >= from && v <= to;
    },
    { message: SCHEDULING_MESSAGES.blackoutOutOfRange },
  ),
);

/* ------------------------------------------------------------------------------------------------
 * Installation scheduling and site visits. Windows are in the shop's timezone (SHOP_TIMEZONE); slot and booking
 * times travel as ISO instants ("2026-12-01T14:00:00.000Z").
 *
 * Back-office (admin guard):
 *   GET  /api/admin/schedule                        -> schedule
 *   PUT  /api/admin/schedule                        schedule -> schedule                                 422
 *   GET  /api/admin/bookings?page&perPage&status&kind&proposal_id -> { bookings, total } (upcoming first)
 *   POST /api/admin/bookings/{id}/confirm           -> { booking }   404, 409 (not requested/proposed; window full)
 *   POST /api/admin/bookings/{id}/propose           { slot_start } | { requested_date, note } -> { booking } (status proposed)
 *                                                   404, 409 (cancelled/confirmed, window full), 422
 *   POST /api/admin/bookings/{id}/cancel            [cancelBookingInput: { reason? }] -> { booking }
 *                                                   404, 409 (already cancelled or < 48 h before), 422 (reason)
 *   POST /api/admin/bookings/{id}/address           bookingAddressInput: { address } -> { booking } (the customer is
 *                                                   told; a confirmed window's calendar entry is sent again)
 *                                                   404, 409 (cancelled, started), 422 (too long, the same one)
 *
 * Customer area (customer guard; another customer's proposal/booking answers 404):
 *   GET  /api/user/proposals/{id}/slots             -> { slots: [{ start, end, available }] } (next 60 days)   404
 *   POST /api/user/proposals/{id}/booking           { slot_start } | { requested_date, note } -> 201 { booking }
 *                                                   404, 409 (not accepted, already booked, window full), 422 (not a window)
 *   GET  /api/user/bookings                         -> { bookings } (the customer's, upcoming first)
 *   POST /api/user/bookings/{id}/confirm            -> { booking }  (accepts a time the shop proposed) 404, 409
 *   POST /api/user/bookings/{id}/reschedule         { slot_start } -> { booking } (requested again: the shop confirms)
 *                                                   404, 409 (< 48 h, cancelled, window full), 422
 *   POST /api/user/bookings/{id}/cancel             [cancelBookingInput: { reason? }] -> { booking }
 *                                                   404, 409 (< 48 h or already cancelled), 422 (reason)
 *   POST /api/user/bookings/{id}/address            bookingAddressInput: { address } -> { booking } (the shop is
 *                                                   told; a confirmed window's calendar entry is sent again)
 *                                                   404, 409 (< 48 h or cancelled), 422 (too long, the same one)
 *
 * A cancellation's body is optional (none is a cancellation without a reason); its reason, trimmed (an empty one
 * is none), is kept as the booking's cancel_reason and told to the other side in its notification and mail.
 *
 * Public (anyone; a signed-in customer's contact details are taken from the account when omitted):
 *   GET  /api/site-visits/slots                     -> { slots }
 *   POST /api/site-visits                           siteVisitInput -> 201 { booking }   409 window full or too many
 *                                                   visits ahead for the account or address, 422, 429
 * ---------------------------------------------------------------------------------------------- */

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A window's start or end, HH:MM; an emptied time field is a time missing, not one of the wrong form. */
const hhmm = (field: 'start' | 'end') =>
  z
    .string()
    .min(1, { error: requiredFieldMessage(field), abort: true })
    .regex(TIME_OF_DAY, 'The time must be HH:MM.');

export const scheduleWindow = z
  .object({
    weekday: z
      .number()
      .int()
      .min(0, 'The weekday must be 0 (Sunday) to 6.')
      .max(6, 'The weekday must be 0 (Sunday) to 6.'),
    start: hhmm('start'),
    end: hhmm('end'),
    // Worded here, not left to shopRefusal: the web app does not install it, and its form reads an emptied number
    // field as NaN, which is a capacity missing rather than one of the wrong kind.
    capacity: z
      .number({
        error: ({ input }) =>
          isMissing(input) || Number.isNaN(input)
            ? requiredFieldMessage('capacity')
            : notNumberMessage('capacity'),
      })
      .int('The capacity must be a whole number.')
      .min(1, 'The capacity must be at least 1.')
      .max(100, 'The capacity may not be greater than 100.'),
  })
  // Compared only as two valid times: a start of the wrong form is that field's error alone.
  .refine((w) => !TIME_OF_DAY.test(w.start) || !TIME_OF_DAY.test(w.end) || w.end > w.start, {
    path: ['end'],
    message: SCHEDULING_MESSAGES.windowEndBeforeStart,
  });
export type ScheduleWindow = z.infer<typeof scheduleWindow>;

/** The schedule as the admin saves it (PUT /api/admin/schedule, and the form). */
export const schedule = z.object({
  weekly: z.array(scheduleWindow).max(100),
  blackout_dates: z.array(blackoutDate).max(1000),
});
export type Schedule = z.infer<typeof schedule>;

/** The schedule as the server answers it: the same shape, its dates not checked against today. */
export const scheduleResponse = z.object({
  weekly: z.array(scheduleWindow),
  blackout_dates: z.array(z.string()),
});

export const slot = z.object({ start: z.string(), end: z.string(), available: z.boolean() });
export type Slot = z.infer<typeof slot>;
export const slotsResponse = z.object({ slots: z.array(slot) });
export type SlotsResponse = z.infer<typeof slotsResponse>;

const slotStart = z.iso.datetime({ offset: true, error: 'The slot start must be an ISO date and time.' });
/** The longest note of a booking: a date asked for or proposed, a site visit's. */
export const BOOKING_NOTE_MAX_LENGTH = 2000;
const note = boundedText('note', BOOKING_NOTE_MAX_LENGTH);

/** A date asked for (by the customer) or proposed (by the admin), with a note: the forms check it too. */
export const requestedDateInput = z
  .object({
    requested_date: isoDate('requested date'),
    note: requiredText('note', BOOKING_NOTE_MAX_LENGTH),
  })
  .strict();
export type RequestedDateInput = z.input<typeof requestedDateInput>;

/** The longest address of the premises a booking is for: a site visit's, or where an installation is made. */
export const BOOKING_ADDRESS_MAX_LENGTH = 300;
/** Where a booking is: optional, trimmed, an empty one none. */
const bookingAddress = optionalText('address', BOOKING_ADDRESS_MAX_LENGTH);

const slotOrDateFields = {
  slot_start: slotStart.optional(),
  requested_date: requestedDateInput.shape.requested_date.optional(),
  note: requestedDateInput.shape.note.optional(),
};
type SlotOrDateFields = { slot_start?: string; requested_date?: string; note?: string };
type RequestedDateOutput = z.output<typeof requestedDateInput>;
/** A window's start, or a date asked for with a note. */
export type SlotOrDateChoice = { slot_start: string } | RequestedDateOutput;

/** Names the field that is wrong when the body holds both halves of the choice, or neither, or a date without a note. */
function refuseMixedChoice(body: SlotOrDateFields, ctx: z.RefinementCtx) {
  const refuse = (field: keyof SlotOrDateFields, message: string) =>
    ctx.addIssue({ code: 'custom', path: [field], message });
  if (body.slot_start !== undefined) {
    if (body.requested_date !== undefined) refuse('requested_date', SCHEDULING_MESSAGES.slotAndDate);
    if (body.note !== undefined) refuse('note', SCHEDULING_MESSAGES.slotAndDate);
  } else if (body.requested_date === undefined) {
    refuse('slot_start', SCHEDULING_MESSAGES.slotOrDate);
  } else if (body.note === undefined) {
    refuse('note', requiredFieldMessage('note'));
  }
}

const choiceOf = (body: SlotOrDateFields): SlotOrDateChoice =>
  body.slot_start !== undefined
    ? { slot_start: body.slot_start }
    : { requested_date: body.requested_date!, note: body.note! };

/**
 * Either a window's start, or a date asked for with a note. One object rather than a union of the two, so a refusal
 * names the field that is wrong ('The note field is required.') instead of saying that neither shape fits.
 * The shop's counter-proposal sends this.
 */
export const bookingInput = z
  .object(slotOrDateFields)
  .strict()
  .superRefine(refuseMixedChoice)
  .transform(choiceOf);
/** What a booking's body is once checked, and what the forms send: a window's start, or a date with a note. */
export type BookingInput = z.output<typeof bookingInput>;

/** The customer's booking of an installation: the choice, and where the installation is made (optional). */
export const installationBookingInput = z
  .object({ ...slotOrDateFields, address: bookingAddress })
  .strict()
  .superRefine(refuseMixedChoice)
  .transform((body) => ({ ...choiceOf(body), address: body.address }));
export type InstallationBookingInput = z.output<typeof installationBookingInput>;
/** What a client sends to book an installation. */
export type InstallationBookingBody = z.input<typeof installationBookingInput>;

export const rescheduleInput = z.object({ slot_start: slotStart });

/**
 * A change of where a booking is made, by the customer or the shop: the new address, trimmed; an empty one or null
 * takes the address out. The field must be sent: a body without it changes nothing and is refused.
 */
export const bookingAddressInput = z
  .object({
    address: boundedText('address', BOOKING_ADDRESS_MAX_LENGTH)
      .nullable()
      .transform((v) => (v ? v : null)),
  })
  .strict();
export type BookingAddressBody = z.input<typeof bookingAddressInput>;

/** The longest reason a side gives when it cancels a booking. */
export const CANCEL_REASON_MAX_LENGTH = 500;

/**
 * The body either side may send when it cancels a booking (the body itself is optional): why, trimmed, an empty
 * or null reason being none. Anything else but text is refused in the shop's words. The cancel dialog checks it too.
 */
export const cancelBookingInput = z.object({
  reason: optionalText('reason', CANCEL_REASON_MAX_LENGTH),
});
export type CancelBookingInput = z.input<typeof cancelBookingInput>;

const visitorName = requiredText('name', 100);

/** A signed-in customer's site visit: the contact details the account lacks or the customer changes. */
export const siteVisitInput = z.object({
  slot_start: slotStart.optional(),
  requested_date: isoDate('requested date').optional(),
  note: note.optional().nullable(),
  name: visitorName.optional(),
  email: emailField.optional(),
  phone: z.string().trim().regex(PHONE_PATTERN, PHONE_MESSAGE).optional(),
  company_name: boundedText('company name', 150).optional().nullable(),
  /** Where the visit is: the premises to measure (optional; an empty one is none). */
  address: bookingAddress,
});
export type SiteVisitInput = z.input<typeof siteVisitInput>;

/** A guest's site visit: name, e-mail and phone are required (the server and the form check this one). */
export const guestSiteVisitInput = siteVisitInput.extend({
  name: visitorName,
  email: emailField,
  phone: z
    .string({ error: textRefusal('phone') })
    .trim()
    .min(1, { message: 'The phone field is required.', abort: true })
    .regex(PHONE_PATTERN, PHONE_MESSAGE),
});

export const booking = z.object({
  id: z.number().int(),
  kind: z.enum(BOOKING_KINDS),
  status: z.enum(BOOKING_STATUSES),
  proposal_id: z.number().int().nullable(),
  proposal_number: z.string().nullable(),
  design_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company_name: z.string().nullable(),
  /** Where the site visit or the installation is, if the customer gave it. */
  address: z.string().nullable(),
  slot_start: z.string().nullable(),
  slot_end: z.string().nullable(),
  requested_date: z.string().nullable(),
  note: z.string().nullable(),
  /** True while either side may still reschedule or cancel (more than 48 hours before the start). */
  changeable: z.boolean(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  /** When a cancelled booking was cancelled (by either side); null while it is not. */
  cancelled_at: z.string().nullable(),
  /** Which side cancelled it: the customer (or the guest who asked for a site visit) or the shop; null while it is not. */
  cancelled_by: z.enum(['customer', 'shop']).nullable(),
  /** The reason the side that cancelled it gave (at most 500 characters); null when it gave none, or while it is not. */
  cancel_reason: z.string().nullable(),
  /** When the customer was reminded of the confirmed window (a day before it); null until then, and once it moves. */
  reminded_at: z.string().nullable(),
});
export type Booking = z.infer<typeof booking>;

export const bookingResponse = z.object({ booking });
export const bookingsResponse = z.object({ bookings: z.array(booking) });

export const adminBookingListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.adminList),
  status: z.enum(BOOKING_STATUSES).optional(),
  kind: z.enum(BOOKING_KINDS).optional(),
  /** Only the bookings of this proposal version. */
  proposal_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Only the bookings on this day of the shop's timezone: by their window, or by the day asked for without one. */
  date: isoDate('date').optional(),
});
export const adminBookingList = z.object({ bookings: z.array(booking), total: z.number().int() });
export type AdminBookingList = z.infer<typeof adminBookingList>;
