import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { showFieldErrors } from '../../../components/ui/forms/field-errors';
import { bookProposal, slotsQuery, useProposalMutation } from '../api/proposals-api';
import type { BookingInput } from '../api/types';
import { SlotOrDate, useSlotOrDateForm } from './slot-or-date';
import { PROPOSAL_FAILURES } from '../messages';

/** After acceptance: pick an open window, or ask for another date with a note. */
export function InstallationBooking({ proposalId }: { proposalId: number }) {
  const slots = useQuery(slotsQuery(proposalId));
  const [slotError, setSlotError] = useState<string | undefined>();
  const book = useProposalMutation((body: BookingInput) => bookProposal(proposalId, body));
  const { mode, start, onSubmit, choice } = useSlotOrDateForm((body, setError) => {
    setSlotError(undefined);
    book.run(body, {
      onSuccess: () =>
        toast.success('slot_start' in body ? 'Your installation date is booked.' : 'Your request is sent.'),
      failure: PROPOSAL_FAILURES.bookFailed,
      onError: (e) => {
        if (e instanceof ApiError) {
          showFieldErrors(e, setError);
          setSlotError(e.errors.slot_start?.[0]);
        }
        void slots.refetch();
      },
    });
  });

  return (
    <form className="grid gap-4" noValidate aria-label="Book the installation" onSubmit={onSubmit}>
      <SlotOrDate {...choice(slots, slotError)} />
      <div>
        <Button type="submit" loading={book.isPending} disabled={mode === 'slot' && !start}>
          {mode === 'slot' ? 'Book this window' : 'Send request'}
        </Button>
      </div>
    </form>
  );
}
