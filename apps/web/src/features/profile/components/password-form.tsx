import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/form-field';
import { isApiError } from '../../../lib/api-error';

export interface PasswordFieldNames {
  current: string;
  next: string;
  confirmation: string;
}

interface PasswordFormProps {
  /** The request's field names: the admin and the customer APIs name the new password differently. */
  names: PasswordFieldNames;
  save: (body: Record<string, string>) => Promise<unknown>;
  onSaved: () => void;
  onFailed: () => void;
}

const empty = { current: '', next: '', confirmation: '' };

/** Current password, new password and its confirmation; per-field 422 errors; cleared after a change. */
export function PasswordForm({ names, save, onSaved, onFailed }: PasswordFormProps) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const mutation = useMutation({
    mutationFn: () =>
      save({
        [names.current]: values.current,
        [names.next]: values.next,
        [names.confirmation]: values.confirmation,
      }),
    onMutate: () => setErrors({}),
    onSuccess: () => {
      setValues(empty);
      onSaved();
    },
    onError: (error) => {
      if (isApiError(error)) setErrors(error.firstErrors());
      onFailed();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mutation.isPending) mutation.mutate();
  };
  const set = (key: keyof typeof empty) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  return (
    <form onSubmit={submit} noValidate className="max-w-xl space-y-5">
      <PasswordField
        label="Current password"
        name={names.current}
        required
        value={values.current}
        onChange={set('current')}
        error={errors[names.current]}
        autoComplete="current-password"
      />
      <PasswordField
        label="New password"
        name={names.next}
        required
        value={values.next}
        onChange={set('next')}
        error={errors[names.next]}
        autoComplete="new-password"
        hint="At least 8 characters."
      />
      <PasswordField
        label="Confirm new password"
        name={names.confirmation}
        required
        value={values.confirmation}
        onChange={set('confirmation')}
        error={errors[names.confirmation]}
        autoComplete="new-password"
      />
      <Button type="submit" loading={mutation.isPending} loadingText="Updating...">
        Update Password
      </Button>
    </form>
  );
}
