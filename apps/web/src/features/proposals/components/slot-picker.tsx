import { useId } from 'react';
import { cx } from '../../../components/ui/cx';
import type { Slot } from '../api/types';
import { shopDates } from '../../../lib/shop-dates';

interface SlotPickerProps {
  slots: readonly Slot[];
  value: string | null;
  onChange: (start: string) => void;
  legend?: string;
}

/** The windows by their day in the shop's timezone. */
function groupByDay(slots: readonly Slot[], dayKey: (iso: string) => string): [string, Slot[]][] {
  const days = new Map<string, Slot[]>();
  for (const slot of slots) {
    const key = dayKey(slot.start);
    days.set(key, [...(days.get(key) ?? []), slot]);
  }
  return [...days.entries()];
}

/** The open windows of the next weeks, grouped by day, as one radio group; full windows are shown disabled. */
export function SlotPicker({ slots, value, onChange, legend = 'Choose a time' }: SlotPickerProps) {
  const name = useId();
  const { formatDay, formatLongDay, formatTime, zoneName, dayKey } = shopDates();
  if (slots.length === 0)
    return (
      <p className="text-sm text-slate-600">No windows are open in the next 60 days. Ask for another date.</p>
    );
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-navy-900">{legend}</legend>
      <div className="mt-2 grid max-h-96 gap-3 overflow-y-auto pr-1">
        {groupByDay(slots, dayKey).map(([day, daySlots]) => (
          <div key={day} role="group" aria-label={formatLongDay(daySlots[0]!.start)}>
            <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase" aria-hidden="true">
              {formatDay(daySlots[0]!.start)}
            </p>
            <div className="mt-1 flex flex-wrap gap-2">
              {daySlots.map((slot) => (
                <label
                  key={slot.start}
                  className={cx(
                    'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-navy-500',
                    value === slot.start
                      ? 'border-navy-800 bg-navy-50 font-semibold text-navy-900'
                      : 'border-slate-300',
                    !slot.available && 'cursor-not-allowed bg-slate-100 text-slate-600 line-through',
                  )}
                >
                  <input
                    type="radio"
                    name={name}
                    value={slot.start}
                    checked={value === slot.start}
                    disabled={!slot.available}
                    onChange={() => onChange(slot.start)}
                    className="accent-navy-800"
                  />
                  {formatTime(slot.start)} – {formatTime(slot.end)} {zoneName(slot.start)}
                  {!slot.available && <span className="sr-only"> (full)</span>}
                </label>
              ))}
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
