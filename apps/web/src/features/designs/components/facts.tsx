import type { ReactNode } from 'react';
import type { DesignPreferences } from '@shop/contracts';
import { DetailCard } from '../../../components/ui/detail-card';

/**
 * Labelled values in two columns from 640 px up; an empty value shows as a dash. A value may be one long word
 * someone typed (a name, a company): `min-w-0` keeps its grid item from growing to that word's width, and
 * `wrap-anywhere` (unlike `break-words`) lets the word break where the column's width comes from its content, so
 * the value wraps in its card instead of widening the page.
 */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
          <dd className="mt-0.5 text-navy-900 wrap-anywhere">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The questionnaire's preferences of a design. */
export function PreferencesSection({ preferences }: { preferences: DesignPreferences }) {
  return (
    <DetailCard title="Design Preferences">
      <Facts
        items={[
          ['Total Number', preferences.totalNumber],
          ['Interest', preferences.interest],
          ['Options', preferences.options],
          ['Features', preferences.features.join(', ')],
        ]}
      />
    </DetailCard>
  );
}
