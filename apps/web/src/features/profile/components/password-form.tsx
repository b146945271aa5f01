import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { PASSWORD_HINT, type PasswordOwner } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/form-field';
import { contractResolver } from '../../../components/ui/forms/contract-resolver';
import { showFieldErrors } from '../../../components/ui/forms/field-errors';
import { isApiError } from '../../../lib/api-error';
import { assertPasswordAccepted, preloadPasswordCheck } from '../../../lib/password/password-check';

export interface PasswordFieldNames {
  current: string;
  next: string;
  confirmation: string;
}

type PasswordValues = Record<string, string>;

interface PasswordFormProps {
  /** The request's field names: the admin and the customer APIs name the new password differently. */
  names: PasswordFieldNames;
  /** The route's request schema (customerPasswordUpdateRequest or adminPasswordUpdateRequest). */
  schema: Parameters<typeof contractResolver>[0];
  /** The signed-in account: the server refuses a password built on its own e-mail or name, so the browser does too. */
  owner: PasswordOwner;
  save: (body: PasswordValues) => Promise<unknown>;
  onSaved: () => void;
  /** The update call failed (refused or not answered); a form the browser refuses sends nothing and says it here. */
  onFailed: () => void;
}

/**
 * Current password, new password and its confirmation on react-hook-form, checked with the route's schema (the
 * mismatch goes as soon as the two match) and the password rules before sending; per-field 422 errors; cleared
 * after a change.
 */
export function PasswordForm({ names, schema, owner, save, onSaved, onFailed }: PasswordFormProps) {
  const empty = { [names.current]: '', [names.next]: '', [names.confirmation]: '' };
  const { register, handleSubmit, setError, reset, formState } = useForm<PasswordValues>({
    resolver: contractResolver<PasswordValues>(schema),
    defaultValues: empty,
  });
  const errors = formState.errors;

  const mutation = useMutation({
    mutationFn: save,
    onSuccess: () => {
      reset(empty);
      onSaved();
    },
    onError: (error) => {
      if (isApiError(error)) showFieldErrors(error, setError);
      onFailed();
    },
  });
  // Refused in the browser (the schema, then the password rules), nothing is sent: the reasons stand under the
  // fields, and no failure is said, as none happened. The button is busy while the rules' estimator loads.
  const onSubmit = handleSubmit(async (values) => {
    if (mutation.isPending) return;
    try {
      await assertPasswordAccepted(values[names.next] ?? '', owner, names.next);
    } catch (error) {
      if (isApiError(error)) showFieldErrors(error, setError);
      return;
    }
    mutation.mutate(values);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="max-w-xl space-y-5">
      <PasswordField
        label="Current password"
        required
        error={errors[names.current]?.message}
        autoComplete="current-password"
        {...register(names.current)}
      />
      <PasswordField
        label="New password"
        required
        error={errors[names.next]?.message}
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        onFocus={preloadPasswordCheck}
        {...register(names.next, { deps: [names.confirmation] })}
      />
      <PasswordField
        label="Confirm new password"
        required
        error={errors[names.confirmation]?.message}
        autoComplete="new-password"
        {...register(names.confirmation)}
      />
      <Button type="submit" loading={mutation.isPending || formState.isSubmitting} loadingText="Updating...">
        Update Password
      </Button>
    </form>
  );
}
