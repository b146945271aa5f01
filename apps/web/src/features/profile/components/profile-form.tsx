import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch, type UseFormRegister } from 'react-hook-form';
import type { ReactNode } from 'react';
import { FILE_PICKER_ACCEPT } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { contractResolver } from '../../../components/ui/forms/contract-resolver';
import { FILE_RULES } from '../../../components/ui/forms/file-check';
import { showFieldErrors } from '../../../components/ui/forms/field-errors';
import { isApiError } from '../../../lib/api-error';
import { PhotoField } from './photo-field';

/** The text fields by their request names, and `photo`: the picked file or null. */
export type ProfileValues = Record<string, string | File | null>;

interface ProfileFormProps<Result> {
  /** The route's request schema (customerProfileUpdateRequest or adminProfileUpdateRequest). */
  schema: Parameters<typeof contractResolver>[0];
  photoUrl: string | null;
  photoHint: string;
  /** The text fields the form starts with, by their request names (the name first). */
  values: Record<string, string>;
  save: (form: FormData) => Promise<Result>;
  onSaved: (result: Result) => void;
  /** The update call failed (refused or not answered); a form the browser refuses sends nothing and says it here. */
  onFailed: () => void;
  /** The fields after the name. */
  children: (
    register: UseFormRegister<ProfileValues>,
    errors: Record<string, string | undefined>,
  ) => ReactNode;
}

const withoutPhoto = ({ photo: _photo, ...fields }: ProfileValues) => fields;

/**
 * A profile's photo, name and other fields on react-hook-form, checked with the route's schema and the profile
 * photo rule, sent as one multipart form; 422 errors and an upload's refusal stand under their fields. After a
 * save the picker is emptied.
 */
export function ProfileForm<Result>({
  schema,
  photoUrl,
  photoHint,
  values,
  save,
  onSaved,
  onFailed,
  children,
}: ProfileFormProps<Result>) {
  const { register, control, handleSubmit, setError, reset, trigger, setValue, formState } =
    useForm<ProfileValues>({
      resolver: contractResolver<ProfileValues>(schema, withoutPhoto, { photo: FILE_RULES.profilePhoto }),
      defaultValues: { ...values, photo: null },
    });
  const picked = useWatch({ control, name: 'photo' });
  const photo = picked instanceof File ? picked : null;
  const errors = Object.fromEntries(
    Object.entries(formState.errors).map(([name, error]) => [name, error?.message as string | undefined]),
  );

  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (result) => onSaved(result),
    onError: (error) => {
      // A refused photo (too large, disk full, too much uploaded lately) shows the server's reason under it.
      if (isApiError(error)) showFieldErrors(error, setError, 'photo');
      onFailed();
    },
  });

  const onSubmit = handleSubmit((submitted) => {
    if (mutation.isPending) return;
    const form = new FormData();
    for (const [name, value] of Object.entries(withoutPhoto(submitted)))
      form.append(name, String(value ?? ''));
    if (submitted.photo instanceof File) form.append('photo', submitted.photo);
    // Saved: the values become the form's new start, and the picker is emptied.
    mutation.mutate(form, { onSuccess: () => reset({ ...withoutPhoto(submitted), photo: null }) });
    // Refused in the browser, nothing is sent: the reasons stand under the fields, and no failure is said, as none
    // happened (the update's failure message would tell of a call that was never made).
  });

  const pick = (file: File | null) => {
    setValue('photo', file, { shouldDirty: true });
    void trigger('photo');
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="max-w-xl space-y-5">
      <PhotoField
        currentUrl={photoUrl}
        name={values.name}
        file={photo}
        onChange={pick}
        accept={FILE_PICKER_ACCEPT.profilePhoto}
        hint={photoHint}
        error={errors.photo}
      />
      <TextField label="Name" required error={errors.name} autoComplete="name" {...register('name')} />
      {children(register, errors)}
      <Button type="submit" loading={mutation.isPending} loadingText="Saving...">
        Save Changes
      </Button>
    </form>
  );
}
