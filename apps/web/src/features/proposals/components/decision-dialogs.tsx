import { useForm, useWatch } from 'react-hook-form';
import { acceptProposalInput, declineProposalInput, PROPOSAL_LIMITS } from '@shop/contracts';
import { CheckboxField, TextAreaField } from '../../../components/ui/form-field';
import { formatMoneyIn } from '../../../lib/money-in';
import { toast } from '../../../lib/toast';
import { contractResolver } from '../api/contract-resolver';
import { acceptProposal, declineProposal, useProposalMutation } from '../api/proposals-api';
import { computeTotals } from '../api/totals';
import type { Proposal } from '../api/types';
import { FormDialog } from './form-dialog';
import { PROPOSAL_FAILURES } from '../messages';

interface AcceptValues {
  comment: string;
  /** The ids of the lines the customer does not want, as the checkboxes' values. */
  declined: string[];
}

/** One checkbox answers its value or false, several answer an array of the ticked values. */
const ticked = (declined: unknown): string[] =>
  Array.isArray(declined) ? declined.map(String) : typeof declined === 'string' && declined ? [declined] : [];

const toAccept = (v: AcceptValues) => ({
  comment: v.comment.trim() || undefined,
  declined_line_ids: ticked(v.declined).map(Number),
});
const acceptResolver = contractResolver<AcceptValues>(acceptProposalInput, toAccept);

interface DialogProps {
  proposal: Proposal;
  open: boolean;
  onClose: () => void;
  onDone?: (proposal: Proposal) => void;
  /** Where the focus goes when the dialog closes, instead of back to the button that opened it. */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/** Accepts a sent proposal, optionally without some of its lines, with an optional comment. */
export function AcceptDialog({ proposal, open, onClose, onDone, returnFocusTo }: DialogProps) {
  const { register, handleSubmit, control, formState } = useForm<AcceptValues>({
    resolver: acceptResolver,
    defaultValues: { comment: '', declined: [] },
  });
  const declined = ticked(useWatch({ control, name: 'declined' }));
  const accept = useProposalMutation((v: AcceptValues) => acceptProposal(proposal.id, toAccept(v)));
  const estimate = computeTotals(
    proposal.lines.map((l) => ({
      quantity: l.quantity,
      unit_price: l.unit_price,
      discount: l.discount,
      declined: declined.includes(String(l.id)),
    })),
    proposal.tax_rate,
  );
  const onSubmit = handleSubmit((values) =>
    accept.run(values, {
      onSuccess: (saved) => {
        toast.success('Thank you: the proposal is accepted.');
        onClose();
        onDone?.(saved);
      },
      failure: PROPOSAL_FAILURES.acceptFailed,
    }),
  );
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      size="lg"
      title={`Accept proposal ${proposal.number}`}
      description="Leave every box empty to accept all lines, or tick the lines you do not want."
      onSubmit={onSubmit}
      submitLabel="Accept proposal"
      loading={accept.isPending}
      formClassName="grid gap-4"
    >
      <fieldset>
        <legend className="text-sm font-semibold text-navy-900">Lines to leave out</legend>
        {/* wrap-anywhere: a product name of one long word wraps in its checkbox's label, inside the dialog. */}
        <div className="mt-2 grid gap-2 wrap-anywhere">
          {proposal.lines.map((line) => (
            <CheckboxField
              key={line.id}
              value={String(line.id)}
              label={`Decline ${line.name} (${line.quantity} × ${formatMoneyIn(line.unit_price, proposal.currency)})`}
              {...register('declined')}
            />
          ))}
        </div>
      </fieldset>
      <p className="text-sm" aria-live="polite" data-testid="accept-total">
        Total of what you accept: <strong>{formatMoneyIn(estimate.total, proposal.currency)}</strong>
      </p>
      <TextAreaField
        label="Comment (optional)"
        rows={3}
        maxLength={PROPOSAL_LIMITS.comment}
        error={formState.errors.comment?.message}
        {...register('comment')}
      />
    </FormDialog>
  );
}

interface DeclineValues {
  comment: string;
}

/** Declines a sent proposal; the comment says why. */
export function DeclineDialog({ proposal, open, onClose, onDone, returnFocusTo }: DialogProps) {
  const { register, handleSubmit, formState } = useForm<DeclineValues>({
    resolver: contractResolver<DeclineValues>(declineProposalInput, (v) => v),
    defaultValues: { comment: '' },
  });
  const decline = useProposalMutation((v: DeclineValues) =>
    declineProposal(proposal.id, { comment: v.comment }),
  );
  const onSubmit = handleSubmit((values) =>
    decline.run(values, {
      onSuccess: (saved) => {
        toast.success('The proposal is declined.');
        onClose();
        onDone?.(saved);
      },
      failure: PROPOSAL_FAILURES.declineFailed,
    }),
  );
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      title={`Decline proposal ${proposal.number}`}
      description="Tell us why, so we can do better."
      onSubmit={onSubmit}
      submitLabel="Decline proposal"
      submitVariant="danger"
      loading={decline.isPending}
    >
      <TextAreaField
        label="Comment"
        required
        rows={4}
        maxLength={PROPOSAL_LIMITS.comment}
        error={formState.errors.comment?.message}
        {...register('comment')}
      />
    </FormDialog>
  );
}
