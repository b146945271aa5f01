import { SEARCH_MAX_LENGTH } from '@shop/contracts';
import { TextField } from '../form-field';
import { cx } from '../cx';

interface SearchBoxProps {
  /** Read by screen readers (the visible cue is the placeholder). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** The box's width; a list's search box is at most 20 rem wide from 640 px up. */
  className?: string;
  /** The longest text it takes: a back-office list's search by default, the most the server takes. */
  maxLength?: number;
}

/** A list's search field: a labelled `type="search"` input without browser suggestions. */
export function SearchBox({
  label,
  value,
  onChange,
  placeholder,
  className,
  maxLength = SEARCH_MAX_LENGTH.list,
}: SearchBoxProps) {
  return (
    <TextField
      type="search"
      label={label}
      hideLabel
      value={value}
      placeholder={placeholder ?? label}
      onChange={(event) => onChange(event.target.value)}
      containerClassName={cx('w-full', className ?? 'sm:max-w-xs')}
      autoComplete="off"
      maxLength={maxLength}
    />
  );
}
