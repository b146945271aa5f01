import type { ComponentProps } from 'react';
import { DESIGN_STATUSES } from '@shop/contracts';
import { SelectField } from '../../../components/ui/forms/select-field';
import { capitalize } from '../../../lib/text';

/** The labelled 'Status' select of the review: every design status, capitalized (a react-hook-form field). */
export function DesignStatusSelect({
  error,
  ...props
}: Omit<ComponentProps<'select'>, 'children'> & { error?: string }) {
  return (
    <SelectField label="Status" error={error} {...props}>
      {DESIGN_STATUSES.map((s) => (
        <option key={s} value={s}>
          {capitalize(s)}
        </option>
      ))}
    </SelectField>
  );
}
