import { createContext, use, useId, useState, type ComponentProps, type ReactNode } from 'react';
import { cx } from './cx';
import { EyeIcon, EyeOffIcon } from './icons';
import { inputClasses } from './input-classes';

export { inputClasses };

// Whether the group (FieldShell `group`) around a GroupInput shows an error.
const GroupInvalid = createContext(false);

export interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** Visually hidden label (still read by screen readers), for inputs whose purpose is obvious from context. */
  hideLabel?: boolean;
  labelAside?: ReactNode;
  className?: string;
  /** A group of controls (radios, checkboxes): a fieldset named by its legend instead of a label. */
  group?: boolean;
  children: ReactNode;
}

/**
 * The one frame of every form field: its label (or a group's legend) with the required mark, the control, then
 * the hint or the error, whose ids the control names in aria-describedby (`useControl`).
 */
export function FieldShell({
  id,
  label,
  error,
  hint,
  required,
  hideLabel,
  labelAside,
  className,
  group,
  children,
}: FieldShellProps) {
  // A group is a fieldset named by its legend; its hint and error describe the whole group.
  const Frame = group ? 'fieldset' : 'div';
  const Name = group ? 'legend' : 'label';
  const name = (
    <Name
      htmlFor={group ? undefined : id}
      className={cx('text-sm font-medium text-navy-900', group && 'mb-2', group && hideLabel && 'sr-only')}
    >
      {label}
      {required && (
        <span className="text-red-700" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </Name>
  );
  return (
    <Frame className={className} {...(group && { id, 'aria-describedby': describedBy(id, error, hint) })}>
      {group ? (
        name
      ) : (
        <div className={cx('mb-1.5 flex items-baseline justify-between gap-2', hideLabel && 'sr-only')}>
          {name}
          {labelAside}
        </div>
      )}
      {group ? <GroupInvalid value={!!error}>{children}</GroupInvalid> : children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </Frame>
  );
}

/**
 * A radio or checkbox of a group (FieldShell `group`): the group's error describes the fieldset, and each of its
 * inputs is aria-invalid while there is one, as a single control is.
 */
export function GroupInput(props: ComponentProps<'input'>) {
  return <input aria-invalid={use(GroupInvalid) || undefined} {...props} />;
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

/** The id and ARIA attributes that tie a control to its label, its hint and its error. */
export function useControl(id: string | undefined, error?: string, hint?: ReactNode) {
  const autoId = useId();
  const controlId = id ?? autoId;
  return {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(controlId, error, hint),
  } as const;
}

export const borderOf = (error?: string) => (error ? 'border-red-600' : 'border-slate-300');

/** What every labelled control takes besides its control's own attributes. */
export interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Visually hidden label (still read by screen readers). */
  hideLabel?: boolean;
  labelAside?: ReactNode;
  containerClassName?: string;
  id?: string;
  required?: boolean;
}

/**
 * A field's props split between its shell (label, hint, error, frame) and its control: the id and ARIA attributes
 * that tie the control to the shell, `required`, and every other attribute it was given (`rest`).
 */
export function useField<P extends FieldProps>(props: P) {
  const { label, error, hint, hideLabel, labelAside, containerClassName, id, required, ...rest } = props;
  const control = useControl(id, error, hint);
  const shell = { label, error, hint, hideLabel, labelAside, required };
  return {
    shell: { ...shell, id: control.id, className: containerClassName },
    control: { ...control, required },
    rest,
  };
}

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'>, FieldProps {
  /** A control inside the input's right edge (e.g. show password). */
  endAdornment?: ReactNode;
}

/** A labelled input with its error text tied to it (aria-invalid, aria-describedby). */
export function TextField({ className, endAdornment, ...props }: TextFieldProps) {
  const { shell, control, rest } = useField(props);
  return (
    <FieldShell {...shell}>
      <div className="relative">
        <input
          {...control}
          className={cx(inputClasses, borderOf(shell.error), endAdornment ? 'pr-11' : undefined, className)}
          {...rest}
        />
        {endAdornment && <div className="absolute inset-y-0 right-1.5 flex items-center">{endAdornment}</div>}
      </div>
    </FieldShell>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'endAdornment'>) {
  const [visible, setVisible] = useState(false);
  const autoId = useId();
  const inputId = props.id ?? autoId;
  return (
    <TextField
      {...props}
      id={inputId}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          className="rounded-md p-1.5 text-slate-500 hover:text-navy-800"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-controls={inputId}
          aria-pressed={visible}
        >
          {visible ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
        </button>
      }
    />
  );
}

type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'id'> & FieldProps;

/** A labelled multi-line input with its error text tied to it, like TextField. */
export function TextAreaField({ className, ...props }: TextAreaFieldProps) {
  const { shell, control, rest } = useField(props);
  return (
    <FieldShell {...shell}>
      <textarea {...control} className={cx(inputClasses, borderOf(shell.error), className)} {...rest} />
    </FieldShell>
  );
}

interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type' | 'id'> {
  label: ReactNode;
  error?: string;
  id?: string;
  containerClassName?: string;
}

export function CheckboxField({
  label,
  error,
  id,
  containerClassName,
  className,
  ...props
}: CheckboxFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={containerClassName}>
      <div className="flex items-start gap-2.5">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={cx(
            'mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-navy-800 focus-visible:outline-2',
            className,
          )}
          {...props}
        />
        <label htmlFor={inputId} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${inputId}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
