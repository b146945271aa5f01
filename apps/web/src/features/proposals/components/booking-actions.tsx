import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  BOOKING_ADDRESS_MAX_LENGTH,
  bookingAddressInput,
  CANCEL_REASON_MAX_LENGTH,
  cancelBookingInput,
} from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import {
  cancelBookingAsAdmin,
  cancelMyBooking,
  changeBookingAddress,
  confirmBooking,
  confirmMyBooking,
  proposeBooking,
  rescheduleMyBooking,
  siteVisitSlotsQuery,
  slotsQuery,
  useProposalMutation,
} from '../api/proposals-api';
import { showFieldErrors } from '../../../components/ui/forms/field-errors';
import { contractResolver } from '../api/contract-resolver';
import type { Booking, BookingInput, Slot } from '../api/types';
import { FormDialog } from './form-dialog';
import { LoadError } from '../../../components/ui/lists/paged-list';
import { SlotOrDate, useSlotOrDateForm } from './slot-or-date';
import { SlotPicker } from './slot-picker';
import { PROPOSAL_FAILURES } from '../messages';

/**
 * Confirm, propose another date (admin), reschedule (customer), change the address and cancel, while the booking
 * allows it: the customer up to 48 hours before its start, the shop's address change until it starts.
 */
export function BookingActions({ booking, area }: { booking: Booking; area: 'admin' | 'customer' }) {
  const [dialog, setDialog] = useState<'propose' | 'reschedule' | 'address' | 'cancel' | null>(null);
  const confirm = useProposalMutation((id: number) =>
    area === 'admin' ? confirmBooking(id) : confirmMyBooking(id),
  );
  const open = booking.status !== 'cancelled';
  // A window that has started is past answering: the visit took place or it did not (as of the screen's opening).
  const [openedAt] = useState(Date.now);
  const started = !!booking.slot_start && Date.parse(booking.slot_start) <= openedAt;
  // The shop may decline a request it has not confirmed until its start; anything else, up to 48 hours before.
  const declinable = area === 'admin' && booking.status !== 'confirmed' && !started;
  const canCancel = booking.changeable || !booking.slot_start || declinable;
  // Only a window can be confirmed: a date asked for or proposed without a time waits for a window.
  const canConfirm =
    !!booking.slot_start &&
    !started &&
    (area === 'admin' ? booking.status === 'requested' : booking.status === 'proposed');
  if (!open) return null;
  // Within 48 hours of its start a customer's booking can no longer be moved or cancelled here: said, not left to
  // the missing buttons.
  const tooLate = area === 'customer' && !!booking.slot_start && !booking.changeable && !started;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {tooLate && (
        <p className="w-full text-sm text-slate-600">
          A booking can be moved, cancelled or given another address up to 48 hours before its start. For a
          change now, please{' '}
          <Link to="/contact" className="font-semibold text-copper-700 underline underline-offset-2">
            contact us
          </Link>
          .
        </p>
      )}
      {canConfirm && (
        <Button
          size="sm"
          loading={confirm.isPending}
          onClick={() =>
            confirm.run(booking.id, {
              onSuccess: () => toast.success('The date is confirmed.'),
              failure: PROPOSAL_FAILURES.confirmFailed,
            })
          }
        >
          Confirm{area === 'admin' ? '' : ' this date'}
        </Button>
      )}
      {area === 'admin' && booking.changeable && (
        <Button size="sm" variant="outline" onClick={() => setDialog('propose')}>
          Propose another date
        </Button>
      )}
      {area === 'customer' && booking.changeable && booking.proposal_id && (
        <Button size="sm" variant="outline" onClick={() => setDialog('reschedule')}>
          Reschedule
        </Button>
      )}
      {(area === 'customer' ? booking.changeable : !started) && (
        <Button size="sm" variant="outline" onClick={() => setDialog('address')}>
          {booking.address ? 'Change address' : 'Add address'}
        </Button>
      )}
      {canCancel && (
        <Button size="sm" variant="danger" onClick={() => setDialog('cancel')}>
          Cancel booking
        </Button>
      )}
      {dialog === 'cancel' && <CancelDialog booking={booking} area={area} onClose={() => setDialog(null)} />}
      {dialog === 'propose' && <ProposeDialog booking={booking} onClose={() => setDialog(null)} />}
      {dialog === 'address' && (
        <AddressDialog booking={booking} area={area} onClose={() => setDialog(null)} />
      )}
      {dialog === 'reschedule' && booking.proposal_id && (
        <RescheduleDialog
          booking={booking}
          proposalId={booking.proposal_id}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

/** A dialog about one booking, opened from either side's actions. */
interface BookingDialogProps {
  booking: Booking;
  area: 'admin' | 'customer';
  onClose: () => void;
}

interface CancelValues {
  reason: string;
}

const cancelResolver = contractResolver<CancelValues>(cancelBookingInput);

/** Asks before a booking is cancelled, with the reason the other side is told (optional). */
function CancelDialog({ booking, area, onClose }: BookingDialogProps) {
  const formId = useId();
  const keepRef = useRef<HTMLButtonElement>(null);
  const { register, handleSubmit, setError, formState } = useForm<CancelValues>({
    resolver: cancelResolver,
    defaultValues: { reason: '' },
  });
  const cancel = useProposalMutation((reason: string) =>
    area === 'admin' ? cancelBookingAsAdmin(booking.id, reason) : cancelMyBooking(booking.id, reason),
  );
  const onSubmit = handleSubmit((values) =>
    cancel.run(values.reason.trim(), {
      onSuccess: () => {
        onClose();
        toast.success('The booking is cancelled.');
      },
      failure: PROPOSAL_FAILURES.cancelFailed,
      // A refused reason is said under its field, not again in the failure's toast.
      onError: (e) => (e instanceof ApiError && showFieldErrors(e, setError) ? null : undefined),
    }),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      role="alertdialog"
      // Opens on Keep it, as every destructive confirmation does: an Enter pressed out of habit cancels nothing.
      initialFocusRef={keepRef}
      title="Cancel this booking?"
      description={
        booking.changeable
          ? 'The date is released. Bookings can be cancelled up to 48 hours before.'
          : 'The date is released. A request the shop has not confirmed can be declined until its start.'
      }
      footer={
        <>
          <Button ref={keepRef} variant="outline" onClick={onClose}>
            Keep it
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={cancel.isPending}>
            Cancel booking
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <TextAreaField
          label="Reason (optional)"
          hint={`${area === 'admin' ? 'The customer' : 'The shop'} sees it with the cancellation.`}
          rows={3}
          maxLength={CANCEL_REASON_MAX_LENGTH}
          error={formState.errors.reason?.message}
          {...register('reason')}
        />
      </form>
    </Dialog>
  );
}

interface AddressValues {
  address: string;
}

const addressResolver = contractResolver<AddressValues>(bookingAddressInput);

/**
 * Where the booking is made, changed by its customer or by the shop: the other side is told, and a confirmed date's
 * calendar entry follows.
 */
function AddressDialog({ booking, area, onClose }: BookingDialogProps) {
  const { register, handleSubmit, setError, formState } = useForm<AddressValues>({
    resolver: addressResolver,
    defaultValues: { address: booking.address ?? '' },
  });
  const change = useProposalMutation((address: string) =>
    changeBookingAddress(area === 'admin' ? 'admin' : 'user', booking.id, address),
  );
  const told = area === 'admin' ? 'The customer is told' : 'The shop is told';
  const onSubmit = handleSubmit((values) => {
    // Saved as it is: nothing to send, nobody to tell.
    if (values.address.trim() === (booking.address ?? '')) return onClose();
    change.run(values.address, {
      onSuccess: () => {
        onClose();
        toast.success(`The address is saved. ${told}.`);
      },
      failure: PROPOSAL_FAILURES.addressFailed,
      onError: (e) => (e instanceof ApiError && showFieldErrors(e, setError) ? null : undefined),
    });
  });
  const calendar = area === 'admin' ? 'their calendar entry' : 'your calendar entry';
  return (
    <FormDialog
      open
      onClose={onClose}
      title={booking.address ? 'Change the address' : 'Add an address'}
      description={
        booking.status === 'confirmed'
          ? `${told}, and ${calendar} is sent again with the new address.`
          : `${told}.`
      }
      onSubmit={onSubmit}
      submitLabel="Save address"
      cancelLabel="Close"
      loading={change.isPending}
    >
      <TextAreaField
        label={booking.kind === 'installation' ? 'Installation address' : 'Address'}
        hint="Leave it empty to take the address out."
        rows={3}
        maxLength={BOOKING_ADDRESS_MAX_LENGTH}
        error={formState.errors.address?.message}
        {...register('address')}
      />
    </FormDialog>
  );
}

function ProposeDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const slots = useQuery({ ...siteVisitSlotsQuery(), select: (list: Slot[]) => elsewhere(list, booking) });
  const propose = useProposalMutation((body: BookingInput) => proposeBooking(booking.id, body));
  const { mode, start, onSubmit, choice } = useSlotOrDateForm((body, setError) =>
    propose.run(body, {
      onSuccess: () => {
        toast.success('The new date is proposed to the customer.');
        onClose();
      },
      failure: PROPOSAL_FAILURES.proposeDateFailed,
      onError: (e) => {
        if (e instanceof ApiError) showFieldErrors(e, setError);
      },
    }),
  );
  return (
    <FormDialog
      open
      size="lg"
      onClose={onClose}
      title="Propose another date"
      description="The customer is told, and can confirm a window you propose. A date without a window waits until you propose one."
      onSubmit={onSubmit}
      submitLabel="Propose"
      cancelLabel="Close"
      loading={propose.isPending}
      disabled={mode === 'slot' && !start}
      formClassName="grid gap-3"
    >
      {/* Named as the contract's refusals name it ('The requested date field is required.'): the customer's own
          request takes the same body, and the server words it the same for both. */}
      <SlotOrDate {...choice(slots)} dateLabel="Requested date" otherLabel="Propose a date" />
    </FormDialog>
  );
}

/** The windows a booking may move to: not the one it is in (the server refuses a move there). */
const elsewhere = (slots: Slot[], booking: Booking) => {
  const current = booking.slot_start ? Date.parse(booking.slot_start) : null;
  return slots.filter((slot) => Date.parse(slot.start) !== current);
};

function RescheduleDialog({
  booking,
  proposalId,
  onClose,
}: {
  booking: Booking;
  proposalId: number;
  onClose: () => void;
}) {
  const slots = useQuery({ ...slotsQuery(proposalId), select: (list: Slot[]) => elsewhere(list, booking) });
  const [start, setStart] = useState<string | null>(null);
  const move = useProposalMutation((s: string) => rescheduleMyBooking(booking.id, s));
  return (
    <Dialog
      open
      size="lg"
      onClose={onClose}
      title="Reschedule the installation"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button
            disabled={!start}
            loading={move.isPending}
            onClick={() =>
              start &&
              move.run(start, {
                onSuccess: () => {
                  toast.success('The installation is moved.');
                  onClose();
                },
                failure: PROPOSAL_FAILURES.moveFailed,
              })
            }
          >
            Move to this time
          </Button>
        </>
      }
    >
      {slots.isError ? (
        <LoadError message={PROPOSAL_FAILURES.windowsFailed} onRetry={() => slots.refetch()} />
      ) : slots.data ? (
        <SlotPicker slots={slots.data} value={start} onChange={setStart} />
      ) : (
        <p>Loading windows…</p>
      )}
    </Dialog>
  );
}
