import { TextField } from '../../../components/ui/form-field';

interface SearchBoxProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}

export function SearchBox({ label, value, onChange, placeholder }: SearchBoxProps) {
  return (
    <TextField
      type="search"
      label={label}
      hideLabel
      value={value}
      placeholder={placeholder ?? label}
      onChange={(event) => onChange(event.target.value)}
      containerClassName="w-full sm:max-w-xs"
      autoComplete="off"
    />
  );
}
