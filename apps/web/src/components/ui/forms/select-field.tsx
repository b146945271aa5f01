import type { ComponentProps } from 'react';
import { cx } from '../cx';
import { FieldShell, borderOf, inputClasses, useField, type FieldProps } from '../form-field';

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id'> & FieldProps;

/** A labelled select with its error text tied to it, like TextField. */
export function SelectField({ className, children, ...props }: SelectFieldProps) {
  const { shell, control, rest } = useField(props);
  return (
    <FieldShell {...shell}>
      <select {...control} className={cx(inputClasses, borderOf(shell.error), className)} {...rest}>
        {children}
      </select>
    </FieldShell>
  );
}
