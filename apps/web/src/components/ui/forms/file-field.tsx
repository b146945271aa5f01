import { useEffect, useRef, type ReactNode } from 'react';
import { cx } from '../cx';
import { FieldShell, useControl } from '../form-field';

interface FileFieldProps {
  label: ReactNode;
  /** The accepted types and the size limit, in words. */
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  accept: string;
  /** The file the form holds (single picker): null clears the input, so a saved or removed file is not shown. */
  file?: File | null;
  multiple?: boolean;
  onPick: (files: File[]) => void;
  /** Single picker: offered while a file is held, refused or not. */
  onRemove?: () => void;
  id?: string;
  className?: string;
  /** Previews or a drop zone's look around the input. */
  children?: ReactNode;
  framed?: boolean;
}

const inputLook =
  'block w-full max-w-xs text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-navy-50 file:px-3 ' +
  'file:py-2 file:font-semibold file:text-navy-800 hover:file:bg-navy-100';

/**
 * A file picker in the field shell. The form checks what is picked (`checkFile` through its resolver) and keeps a
 * refused file, named with its reason, until it is removed or replaced; a multiple picker adds its files to the
 * form's list and empties itself.
 */
export function FileField({
  label,
  hint,
  error,
  required,
  accept,
  file,
  multiple,
  onPick,
  onRemove,
  id,
  className,
  children,
  framed,
}: FileFieldProps) {
  const control = useControl(id, error, hint);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!multiple && !file && input.current) input.current.value = '';
  }, [file, multiple]);
  return (
    <FieldShell
      id={control.id}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={className}
    >
      <div
        className={cx(
          framed &&
            'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center',
          framed && (error ? 'border-red-600' : 'border-slate-300'),
        )}
      >
        {children}
        <input
          ref={input}
          type="file"
          {...control}
          required={required}
          accept={accept}
          multiple={multiple}
          onChange={(event) => {
            const picked = Array.from(event.target.files ?? []);
            if (multiple) event.target.value = '';
            if (picked.length || !multiple) onPick(picked);
          }}
          className={inputLook}
        />
        {!multiple && file && (
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-navy-900">
            <span>
              Selected: <span className="font-medium break-all">{file.name}</span>
            </span>
            {onRemove && (
              <button
                type="button"
                onClick={onRemove}
                aria-label={`Remove ${file.name}`}
                className="rounded-md px-1.5 py-0.5 text-sm font-semibold text-red-700 underline hover:bg-red-50"
              >
                Remove
              </button>
            )}
          </p>
        )}
      </div>
    </FieldShell>
  );
}
