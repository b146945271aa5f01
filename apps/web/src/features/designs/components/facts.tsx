import type { ReactNode } from 'react';
import type { DesignPreferences } from '@shop/contracts';
import { DetailCard } from '../../../components/ui/detail-card';

/** Labelled values in two columns from 640 px up; an empty value shows as a dash. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
          <dd className="mt-0.5 break-words text-navy-900">{value || '—'}</dd>
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
