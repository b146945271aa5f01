import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useFieldArray,
  useForm,
  useWatch,
  type FieldErrors,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { Link } from 'react-router';
import { schedule as scheduleSchema, SCHEDULING_MESSAGES } from '@shop/contracts';
import { formatDate } from '../../../lib/dates';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { placeFieldErrors } from '../../../components/ui/forms/field-errors';
import { ApiError } from '../../../lib/api-error';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast';
import { contractResolver } from '../api/contract-resolver';
import { proposalKeys, saveSchedule, scheduleQuery, useProposalMutation } from '../api/proposals-api';
import type { Schedule } from '../api/types';
import { DetailCard } from '../../../components/ui/detail-card';
import { LoadError } from '../../../components/ui/lists/paged-list';
import { PROPOSAL_FAILURES } from '../messages';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface ScheduleValues {
  weekly: { weekday: number; start: string; end: string; capacity: number }[];
  blackout: { date: string }[];
}

/** The rows whose dates are sent, in order: a row left empty is not, so blackout_dates.N need not be row N. */
const dateRows = (v: ScheduleValues) => v.blackout.flatMap((b, row) => (b.date ? [row] : []));

const toSchedule = (v: ScheduleValues): Schedule => ({
  weekly: v.weekly.map((w) => ({ ...w, weekday: Number(w.weekday) })),
  blackout_dates: dateRows(v).map((row) => v.blackout[row]!.date),
});

const checkSchedule = contractResolver<ScheduleValues>(scheduleSchema, toSchedule);

/**
 * The contract names a refused blackout date by its place in blackout_dates; the form shows it under that row's
 * own field (blackout.N.date), without which the save would stop and say nothing.
 */
const resolver: Resolver<ScheduleValues> = async (values, context, options) => {
  const result = await checkSchedule(values, context, options);
  const { blackout_dates: dates, ...errors } = result.errors as Record<string, unknown>;
  if (!Array.isArray(dates)) return result;
  const rows = dateRows(values);
  const blackout: { date: unknown }[] = [];
  dates.forEach((error: unknown, n) => {
    blackout[rows[n]!] = { date: error };
  });
  return { values: {}, errors: { ...errors, blackout } as FieldErrors<ScheduleValues> };
};

/**
 * The field on screen of a field the server names ('weekly.10.start', 'blackout_dates.2') in the body made of
 * `sent`, or undefined when the form shows none (the weekday's select has no error line). Every window is sent, in
 * the form's order, so weekly.N is row N; the dates are mapped to their rows past the empty ones. The rows stay
 * where they were while the save is out: none can be removed meanwhile, and one added goes after them.
 */
function fieldOnScreen(field: string, sent: ScheduleValues): Path<ScheduleValues> | undefined {
  const window = /^weekly\.(\d+)\.(start|end|capacity)$/.exec(field);
  if (window) {
    const row = Number(window[1]);
    return row < sent.weekly.length ? (`weekly.${row}.${window[2]}` as Path<ScheduleValues>) : undefined;
  }
  const date = /^blackout_dates\.(\d+)$/.exec(field);
  const row = date ? dateRows(sent)[Number(date[1])] : undefined;
  return row === undefined ? undefined : `blackout.${row}.date`;
}

const selectClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 focus:border-navy-500 focus:ring-2 focus:ring-navy-500/20 focus:outline-none';

function ScheduleForm({ initial }: { initial: Schedule }) {
  const client = useQueryClient();
  const form = useForm<ScheduleValues>({
    resolver,
    defaultValues: {
      weekly: initial.weekly,
      blackout: initial.blackout_dates.map((date) => ({ date })),
    },
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const weekly = useFieldArray({ control, name: 'weekly' });
  const blackout = useFieldArray({ control, name: 'blackout' });
  const dates = useWatch({ control, name: 'blackout' });
  const save = useProposalMutation((values: ScheduleValues) => saveSchedule(toSchedule(values)));
  const err = (i: number, f: 'start' | 'end' | 'capacity' | 'weekday') =>
    formState.errors.weekly?.[i]?.[f]?.message;

  return (
    <form
      noValidate
      aria-label="Availability"
      onSubmit={handleSubmit((values) =>
        save.run(values, {
          onSuccess: (saved) => {
            client.setQueryData(proposalKeys.schedule, saved);
            toast.success('Availability saved.');
          },
          failure: PROPOSAL_FAILURES.availabilityFailed,
          onError: (error) => {
            if (!(error instanceof ApiError)) return;
            const { placed, left } = placeFieldErrors<ScheduleValues>(
              error,
              (field, fieldError, options) => setError(fieldOnScreen(field, values)!, fieldError, options),
              { shows: (field) => fieldOnScreen(field, values) !== undefined },
            );
            // A refusal the fields show in full is not said again in a toast; what they cannot show is.
            if (error.status !== 422 || (!placed && !left.length)) return;
            return left.length ? left.map(([, message]) => message).join(' ') : null;
          },
        }),
      )}
      className="grid max-w-4xl gap-5"
    >
      <DetailCard title="Weekly windows">
        {weekly.fields.length === 0 && (
          <p className="text-sm text-slate-600">No windows: nothing can be booked.</p>
        )}
        {/* One line per window where the card has room (its own width, not the window's: beside the sidebar a
            1024 px window leaves it less than a phone turned sideways), two fields to a line where it has not. */}
        <ol className="@container grid gap-3">
          {weekly.fields.map((field, i) => (
            <li
              key={field.id}
              className="grid grid-cols-2 items-end gap-3 rounded-xl border border-slate-200 p-3 @min-[40rem]:grid-cols-[minmax(8rem,1fr)_8rem_8rem_5rem_auto]"
            >
              <div>
                <label htmlFor={`weekday-${i}`} className="mb-1.5 block text-sm font-medium text-navy-900">
                  Weekday
                </label>
                <select
                  id={`weekday-${i}`}
                  className={selectClasses}
                  {...register(`weekly.${i}.weekday`, { valueAsNumber: true })}
                >
                  {WEEKDAYS.map((name, day) => (
                    <option key={name} value={day}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
              <TextField
                label="Start"
                type="time"
                error={err(i, 'start')}
                {...register(`weekly.${i}.start`)}
              />
              <TextField label="End" type="time" error={err(i, 'end')} {...register(`weekly.${i}.end`)} />
              <TextField
                label="Capacity"
                type="number"
                min={1}
                error={err(i, 'capacity')}
                {...register(`weekly.${i}.capacity`, { valueAsNumber: true })}
              />
              {/* Not while a save is out: the server names a window by its place in what was sent. */}
              <Button
                size="sm"
                variant="ghost"
                disabled={save.isPending}
                onClick={() => weekly.remove(i)}
                aria-label={`Remove window ${i + 1}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ol>
        <Button
          className="mt-3"
          size="sm"
          variant="outline"
          onClick={() => weekly.append({ weekday: 1, start: '09:00', end: '12:00', capacity: 1 })}
        >
          Add a window
        </Button>
      </DetailCard>
      <DetailCard title="Blackout dates">
        {blackout.fields.length === 0 && (
          <p className="text-sm text-slate-600">No blackout dates: every weekly window can be booked.</p>
        )}
        <ul className="grid gap-2">
          {blackout.fields.map((field, i) => {
            const error = formState.errors.blackout?.[i]?.date?.message;
            const day = dates[i]?.date;
            return (
              <li key={field.id}>
                <div className="flex items-end gap-2">
                  <TextField
                    label={`Blackout date ${i + 1}`}
                    type="date"
                    containerClassName="flex-1"
                    error={error}
                    {...register(`blackout.${i}.date`)}
                  />
                  {/* Nor a date: the server names it by its place among the dates sent. */}
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={save.isPending}
                    onClick={() => blackout.remove(i)}
                    aria-label={`Remove blackout date ${i + 1}`}
                  >
                    Remove
                  </Button>
                </div>
                {/* The day's open bookings are what keeps it open: one link away, to move or cancel them. */}
                {error === SCHEDULING_MESSAGES.blackoutBooked && day && (
                  <Link
                    to={`/admin/bookings?date=${day}`}
                    className="mt-1 inline-block text-sm text-navy-700 underline"
                  >
                    See the bookings of {formatDate(day)}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
        <Button className="mt-3" size="sm" variant="outline" onClick={() => blackout.append({ date: '' })}>
          Add a blackout date
        </Button>
      </DetailCard>
      <div>
        <Button type="submit" loading={save.isPending}>
          Save availability
        </Button>
      </div>
    </form>
  );
}

/** /admin/schedule: the installation team's weekly windows and blackout dates. */
export default function AdminSchedulePage() {
  const { data, isPending, isError, refetch } = useQuery(scheduleQuery());
  return (
    <>
      <PageHeader
        title="Schedule"
        description="When the installation team can be booked: weekly windows with a capacity, and days off."
      />
      {isPending ? (
        <PageSpinner />
      ) : isError ? (
        <LoadError message={PROPOSAL_FAILURES.scheduleFailed} onRetry={() => void refetch()} />
      ) : (
        <ScheduleForm initial={data} />
      )}
    </>
  );
}
