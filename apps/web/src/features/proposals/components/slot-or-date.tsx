import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useForm, type UseFormRegisterReturn, type UseFormSetError } from 'react-hook-form';
import { BOOKING_NOTE_MAX_LENGTH, requestedDateInput, type RequestedDateInput } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { contractResolver } from '../api/contract-resolver';
import type { BookingInput, Slot } from '../api/types';
import { LoadError } from '../../../components/ui/lists/paged-list';
import { SlotPicker } from './slot-picker';
import { PROPOSAL_FAILURES } from '../messages';

export type SlotOrDateMode = 'slot' | 'other';

/** The date-and-note half of the choice, checked with the contract's schema. */
const dateResolver = contractResolver<RequestedDateInput>(requestedDateInput, (v) => v);

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

/**
 * The state of a form that sends the choice by itself (the installation booking, the shop's counter-proposal):
 * the mode, the window picked and the date-and-note fields; `onSubmit` sends the window, or the checked date and
 * note. `send` gets the fields' setError for the server's 422.
 */
export function useSlotOrDateForm(
  send: (body: BookingInput, setError: UseFormSetError<RequestedDateInput>) => void,
) {
  const [mode, setMode] = useState<SlotOrDateMode>('slot');
  const [start, setStart] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<RequestedDateInput>({
    resolver: dateResolver,
    defaultValues: { requested_date: '', note: '' },
  });
  const sendDate = handleSubmit((values) => send(values, setError));
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (mode === 'other') return void sendDate(e);
    e.preventDefault();
    if (start) send({ slot_start: start }, setError);
  };
  /** The props of the SlotOrDate inside the form. */
  const choice = (slots: UseQueryResult<Slot[]>, slotError?: string): SlotOrDateProps => ({
    mode,
    onModeChange: setMode,
    slots,
    value: start,
    onChange: setStart,
    dateField: register('requested_date'),
    noteField: register('note'),
    noteRequired: true,
    errors: {
      slot_start: slotError,
      requested_date: formState.errors.requested_date?.message,
      note: formState.errors.note?.message,
    },
  });
  return { mode, start, onSubmit, choice };
}
