import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { capitalize } from '../../../lib/text';

const selectClasses =
  'rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 focus:border-navy-500 focus:ring-2 focus:ring-navy-500/20 focus:outline-none';

/** A labelled select of a back-office list: 'All' (the value ''), then each option. */
export function SelectFilter({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly (readonly [value: string, label: string])[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-navy-900">
      {label}
      <select className={selectClasses} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All</option>
        {options.map(([option, name]) => (
          <option key={option} value={option}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The labelled 'Status' select of a back-office list: 'All', then each status, capitalized. */
export function StatusFilter({
  statuses,
  value,
  onChange,
}: {
  statuses: readonly string[];
  value: string;
  onChange: (status: string) => void;
}) {
  return (
    <SelectFilter
      label="Status"
      options={statuses.map((s) => [s, capitalize(s)] as const)}
      value={value}
      onChange={onChange}
    />
  );
}

/**
 * The labelled 'Day' date field of a back-office list: a calendar day ("YYYY-MM-DD"), or '' for every day. While a
 * day is chosen, 'Every day' clears it and gives the field the focus, so the keyboard does not lose its place.
 */
export function DayFilter({ value, onChange }: { value: string; onChange: (day: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex items-center gap-2">
      <label className="flex items-center gap-2 text-sm text-navy-900">
        Day
        <input
          ref={input}
          type="date"
          className={selectClasses}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      {value && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            onChange('');
            input.current?.focus();
          }}
        >
          Every day
        </Button>
      )}
    </div>
  );
}
