import type { ComponentProps, ReactNode } from 'react';
import { cx } from '../cx';
import { FieldShell, borderOf, inputClasses, useControl } from '../form-field';

interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  containerClassName?: string;
  id?: string;
}

/** A labelled select with its error text tied to it, like TextField. */
export function SelectField({
  label,
  error,
  hint,
  containerClassName,
  className,
  id,
  required,
  children,
  ...props
}: SelectFieldProps) {
  const control = useControl(id, error, hint);
  return (
    <FieldShell
      id={control.id}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={containerClassName}
    >
      <select
        {...control}
        required={required}
        className={cx(inputClasses, borderOf(error), className)}
        {...props}
      >
        {children}
      </select>
    </FieldShell>
  );
}
