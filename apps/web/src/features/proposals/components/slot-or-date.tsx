import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import {
  useForm,
  useWatch,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormSetError,
} from 'react-hook-form';
import { BOOKING_NOTE_MAX_LENGTH, bookingInput, installationBookingInput } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { contractResolver } from '../api/contract-resolver';
import type { BookingInput, Slot } from '../api/types';
import { LoadError } from '../../../components/ui/lists/paged-list';
import { SlotPicker } from './slot-picker';
import { PROPOSAL_FAILURES } from '../messages';

export type SlotOrDateMode = 'slot' | 'other';

interface SlotOrDateProps {
  mode: SlotOrDateMode;
  onModeChange: (mode: SlotOrDateMode) => void;
  slots: UseQueryResult<Slot[]>;
  /** The window picked (its start), in slot mode. */
  value: string | null;
  onChange: (start: string) => void;
  /** The date and note fields of the surrounding form, in "another date" mode. */
  dateField: UseFormRegisterReturn;
  noteField: UseFormRegisterReturn;
  noteRequired?: boolean;
  errors: { slot_start?: string; requested_date?: string; note?: string };
  dateLabel?: string;
  /** The second choice's name ("Ask for another date" for the customer, "Propose a date" for the shop). */
  otherLabel?: string;
}

/**
 * The choice every booking form offers (installation, site visit, the shop's counter-proposal): an open window of
 * the next 60 days, or another date with a note. It renders inside the caller's form, which sends what is chosen.
 */
export function SlotOrDate({
  mode,
  onModeChange,
  slots,
  value,
  onChange,
  dateField,
  noteField,
  noteRequired = false,
  errors,
  dateLabel = 'Preferred date',
  otherLabel = 'Ask for another date',
}: SlotOrDateProps) {
  return (
    <>
      <div className="flex flex-wrap gap-2" role="group" aria-label="How to book">
        <Button
          size="sm"
          variant={mode === 'slot' ? 'primary' : 'outline'}
          aria-pressed={mode === 'slot'}
          onClick={() => onModeChange('slot')}
        >
          Pick a window
        </Button>
        <Button
          size="sm"
          variant={mode === 'other' ? 'primary' : 'outline'}
          aria-pressed={mode === 'other'}
          onClick={() => onModeChange('other')}
        >
          {otherLabel}
        </Button>
      </div>
      {mode === 'slot' ? (
        slots.data ? (
          <>
            {/* A failed reload keeps the windows already shown, and the one picked, in sight. */}
            {slots.isError && (
              <LoadError message={PROPOSAL_FAILURES.windowsFailed} onRetry={() => slots.refetch()} />
            )}
            <SlotPicker
              slots={slots.data}
              value={value}
              onChange={onChange}
              legend="Available windows in the next 60 days"
            />
          </>
        ) : slots.isError ? (
          <LoadError message={PROPOSAL_FAILURES.windowsFailed} onRetry={() => slots.refetch()} />
        ) : (
          <p className="text-sm text-slate-600">Loading windows…</p>
        )
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={dateLabel} type="date" required error={errors.requested_date} {...dateField} />
          <TextAreaField
            label="Note"
            rows={3}
            maxLength={BOOKING_NOTE_MAX_LENGTH}
            required={noteRequired}
            containerClassName="sm:col-span-2"
            error={errors.note}
            {...noteField}
          />
        </div>
      )}
      {mode === 'slot' && errors.slot_start && (
        <p role="alert" className="text-sm text-red-700">
          {errors.slot_start}
        </p>
      )}
    </>
  );
}

interface ChoiceValues {
  slot_start: string;
  requested_date: string;
  note: string;
  address: string;
}
interface ChoiceContext {
  mode: SlotOrDateMode;
}
/** What a form of the choice sends: a window's start, or a date with a note; the address where the form asks it. */
export type ChoiceBody = BookingInput & { address?: string | null };

/** The body the route takes: the half of the choice on screen, and the address where the form asks it. */
function choiceBody(values: ChoiceValues, mode: SlotOrDateMode, withAddress: boolean): ChoiceBody {
  const choice: BookingInput =
    mode === 'slot'
      ? { slot_start: values.slot_start }
      : { requested_date: values.requested_date, note: values.note };
  return withAddress ? { ...choice, address: values.address.trim() || null } : choice;
}

/** Checks the half of the choice on screen (and the address) with the route's schema, as the server does. */
function choiceResolver(
  schema: Parameters<typeof contractResolver>[0],
  withAddress: boolean,
): Resolver<ChoiceValues, ChoiceContext> {
  const bySlot = contractResolver<ChoiceValues>(schema, (v) => choiceBody(v, 'slot', withAddress));
  const byDate = contractResolver<ChoiceValues>(schema, (v) => choiceBody(v, 'other', withAddress));
  return (values, context, options) =>
    (context?.mode === 'other' ? byDate : bySlot)(values, context, options);
}

const proposeResolver = choiceResolver(bookingInput, false);
const installationResolver = choiceResolver(installationBookingInput, true);

/**
 * The state of a form that sends the choice by itself: the shop's counter-proposal (`bookingInput`), or the
 * installation's booking (`installationBookingInput`, which also asks where: `address`, its field and error).
 * `onSubmit` checks the half of the choice on screen with the route's schema and sends it; `send` gets the fields'
 * setError for the server's 422, whose window refusal shows under the windows.
 */
export function useSlotOrDateForm(
  send: (body: ChoiceBody, setError: UseFormSetError<ChoiceValues>) => void,
  { withAddress = false }: { withAddress?: boolean } = {},
) {
  const [mode, setMode] = useState<SlotOrDateMode>('slot');
  const { register, handleSubmit, setError, setValue, control, formState } = useForm<
    ChoiceValues,
    ChoiceContext
  >({
    resolver: withAddress ? installationResolver : proposeResolver,
    context: { mode },
    defaultValues: { slot_start: '', requested_date: '', note: '', address: '' },
  });
  const start = useWatch({ control, name: 'slot_start' }) || null;
  const onSubmit = handleSubmit((values) => send(choiceBody(values, mode, withAddress), setError));
  /** The props of the SlotOrDate inside the form. */
  const choice = (slots: UseQueryResult<Slot[]>): SlotOrDateProps => ({
    mode,
    onModeChange: setMode,
    slots,
    value: start,
    onChange: (value) => setValue('slot_start', value),
    dateField: register('requested_date'),
    noteField: register('note'),
    noteRequired: true,
    errors: {
      slot_start: formState.errors.slot_start?.message,
      requested_date: formState.errors.requested_date?.message,
      note: formState.errors.note?.message,
    },
  });
  const address = { field: register('address'), error: formState.errors.address?.message };
  return { mode, start, onSubmit, choice, address };
}
