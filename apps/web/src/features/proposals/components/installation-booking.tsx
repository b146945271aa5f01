import { useQuery } from '@tanstack/react-query';
import { BOOKING_ADDRESS_MAX_LENGTH } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { showFieldErrors } from '../../../components/ui/forms/field-errors';
import { bookProposal, slotsQuery, useProposalMutation } from '../api/proposals-api';
import { SlotOrDate, useSlotOrDateForm, type ChoiceBody } from './slot-or-date';
import { PROPOSAL_FAILURES } from '../messages';

/** After acceptance: pick an open window, or ask for another date with a note; and say where to install. */
export function InstallationBooking({ proposalId }: { proposalId: number }) {
  const slots = useQuery(slotsQuery(proposalId));
  const book = useProposalMutation((body: ChoiceBody) => bookProposal(proposalId, body));
  const { mode, start, onSubmit, choice, address } = useSlotOrDateForm(
    (body, setError) =>
      book.run(body, {
        onSuccess: () =>
          toast.success('slot_start' in body ? 'Your installation date is booked.' : 'Your request is sent.'),
        failure: PROPOSAL_FAILURES.bookFailed,
        onError: (e) => {
          if (e instanceof ApiError) showFieldErrors(e, setError);
          void slots.refetch();
        },
      }),
    { withAddress: true },
  );

  return (
    <form className="grid gap-4" noValidate aria-label="Book the installation" onSubmit={onSubmit}>
      <SlotOrDate {...choice(slots)} />
      <TextAreaField
        label="Installation address"
        hint="Where we install: street, city and ZIP code, and the floor or suite."
        rows={2}
        maxLength={BOOKING_ADDRESS_MAX_LENGTH}
        autoComplete="street-address"
        error={address.error}
        {...address.field}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={book.isPending} disabled={mode === 'slot' && !start}>
          {mode === 'slot' ? 'Book this window' : 'Send request'}
        </Button>
        {mode === 'slot' && !start && (
          <p className="text-sm text-slate-600">Choose a time above to book it.</p>
        )}
      </div>
    </form>
  );
}
