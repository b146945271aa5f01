import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import {
  guestSiteVisitInput,
  requiredFieldMessage,
  BOOKING_ADDRESS_MAX_LENGTH,
  siteVisitInput,
  type Booking,
} from '@shop/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-error';
import { useCustomer } from '../../../lib/sessions';
import { toast } from '../../../lib/toast';
import { contractResolver } from '../api/contract-resolver';
import { showFieldErrors } from '../../../components/ui/forms/field-errors';
import { bookSiteVisit, siteVisitSlotsQuery, useProposalMutation } from '../api/proposals-api';
import { BookingSummary } from '../components/booking-summary';
import { SlotOrDate, type SlotOrDateMode } from '../components/slot-or-date';
import { PROPOSAL_FAILURES } from '../messages';

interface VisitValues {
  name: string;
  email: string;
  phone: string;
  company_name: string;
  address: string;
  slot_start: string;
  requested_date: string;
  note: string;
}

const opt = (v: string) => v.trim() || undefined;
const toInput = (v: VisitValues) => ({
  name: opt(v.name),
  email: opt(v.email),
  phone: opt(v.phone),
  company_name: opt(v.company_name),
  address: opt(v.address),
  slot_start: opt(v.slot_start),
  requested_date: opt(v.requested_date),
  note: opt(v.note),
});

interface VisitContext {
  mode: SlotOrDateMode;
}

/**
 * The route's schema, and the half of the choice on screen: the schema takes a window or a date, so in "another
 * date" mode an empty date is named under its own field here, before anything is sent.
 */
function visitResolver(schema: Parameters<typeof contractResolver>[0]): Resolver<VisitValues, VisitContext> {
  const check = contractResolver<VisitValues>(schema, toInput);
  return async (values, context, options) => {
    const result = await check(values, context, options);
    if (context?.mode !== 'other' || values.requested_date.trim()) return result;
    return {
      values: {},
      errors: {
        ...result.errors,
        requested_date: { type: 'required', message: requiredFieldMessage('requested date') },
      },
    };
  };
}

// The route's schemas: a guest gives name, e-mail and phone; a customer's come from the account when left out.
const customerResolver = visitResolver(siteVisitInput);
const guestResolver = visitResolver(guestSiteVisitInput);

/** /site-visit: book a visit of our designers at your premises; guests give their contact details. */
export default function SiteVisitPage() {
  const customer = useCustomer();
  const slots = useQuery(siteVisitSlotsQuery());
  const [mode, setMode] = useState<SlotOrDateMode>('slot');
  const [booked, setBooked] = useState<Booking | null>(null);
  const { register, handleSubmit, setValue, control, setError, formState } = useForm<
    VisitValues,
    VisitContext
  >({
    resolver: customer ? customerResolver : guestResolver,
    context: { mode },
    values: {
      name: customer?.name ?? '',
      email: customer?.email ?? '',
      phone: customer?.phone ?? '',
      company_name: '',
      address: '',
      slot_start: '',
      requested_date: '',
      note: '',
    },
    resetOptions: { keepDirtyValues: true },
  });
  const slotStart = useWatch({ control, name: 'slot_start' });
  const book = useProposalMutation((v: VisitValues) =>
    bookSiteVisit(
      mode === 'slot'
        ? { ...toInput(v), requested_date: undefined }
        : { ...toInput(v), slot_start: undefined },
    ),
  );
  const onSubmit = handleSubmit((values) =>
    book.run(values, {
      onSuccess: (b) => {
        setBooked(b);
        toast.success('Your site visit is requested.');
      },
      failure: PROPOSAL_FAILURES.visitFailed,
      onError: (e) => {
        if (e instanceof ApiError) showFieldErrors(e, setError);
        void slots.refetch();
      },
    }),
  );

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-navy-900">Book a Site Visit</h1>
      <p className="mt-3 text-slate-700">
        Our designer comes to measure your space and talk through your needs, free of charge.
      </p>
      {booked ? (
        <section className="mt-8 rounded-2xl border border-emerald-200 bg-emerald-50 p-5" aria-live="polite">
          <h2 className="text-lg font-semibold text-navy-900">Thank you, your visit is requested.</h2>
          <div className="mt-2">
            <BookingSummary booking={booked} area="customer" />
          </div>
          <p className="mt-2 text-sm text-slate-700">We confirm it by e-mail.</p>
          <Link to="/" className={buttonClasses('outline', 'sm', 'mt-4')}>
            Back to the home page
          </Link>
        </section>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-8 grid gap-6" aria-label="Site visit">
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold text-navy-900">Your contact details</legend>
            <TextField
              label="Name"
              required
              autoComplete="name"
              error={formState.errors.name?.message}
              {...register('name')}
            />
            <TextField
              label="E-mail"
              type="email"
              required
              autoComplete="email"
              error={formState.errors.email?.message}
              {...register('email')}
            />
            <TextField
              label="Phone"
              type="tel"
              required={!customer}
              autoComplete="tel"
              error={formState.errors.phone?.message}
              {...register('phone')}
            />
            <TextField
              label="Company"
              autoComplete="organization"
              error={formState.errors.company_name?.message}
              {...register('company_name')}
            />
            <TextAreaField
              label="Site address"
              hint="Where we come to measure: street, city and ZIP code."
              rows={2}
              maxLength={BOOKING_ADDRESS_MAX_LENGTH}
              autoComplete="street-address"
              containerClassName="sm:col-span-2"
              error={formState.errors.address?.message}
              {...register('address')}
            />
          </fieldset>
          <SlotOrDate
            mode={mode}
            onModeChange={setMode}
            slots={slots}
            value={slotStart || null}
            onChange={(start) => setValue('slot_start', start)}
            dateField={register('requested_date')}
            noteField={register('note')}
            errors={{
              slot_start: formState.errors.slot_start?.message,
              requested_date: formState.errors.requested_date?.message,
              note: formState.errors.note?.message,
            }}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={book.isPending} disabled={mode === 'slot' && !slotStart}>
              Book the visit
            </Button>
            {/* Said, not left to a greyed-out button that the keyboard skips. */}
            {mode === 'slot' && !slotStart && (
              <p className="text-sm text-slate-600">Choose a time above to book it.</p>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
