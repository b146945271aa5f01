import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CUSTOMER_MESSAGES, FILE_PICKER_ACCEPT, type User } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { isApiError } from '../../../lib/api-error';
import { customerSession } from '../../../lib/sessions';
import { toast } from '../../../lib/toast';
import { updateCustomerProfile } from '../api/profile';
import { PhotoField } from './photo-field';

export function CustomerProfileForm({ user }: { user: User }) {
  const [name, setName] = useState(user.name);
  const [phone, setPhone] = useState(user.phone ?? '');
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: updateCustomerProfile,
    onMutate: () => setErrors({}),
    onSuccess: ({ user: updated, message }) => {
      customerSession.setProfile(updated);
      setPhoto(null);
      toast.success(message);
    },
    onError: (error) => {
      if (isApiError(error)) setErrors(error.firstErrors());
      toast.error(CUSTOMER_MESSAGES.profileUpdateFailed);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const form = new FormData();
    form.append('name', name);
    form.append('phone', phone);
    if (photo) form.append('photo', photo);
    save.mutate(form);
  };

  return (
    <form onSubmit={submit} noValidate className="max-w-xl space-y-5">
      <PhotoField
        currentUrl={user.photo_url}
        file={photo}
        onChange={setPhoto}
        accept={FILE_PICKER_ACCEPT.profilePhoto}
        hint="Any image: PNG, JPEG, WEBP, GIF or AVIF, up to 10 MB."
        error={errors.photo}
      />
      <TextField
        label="Name"
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        autoComplete="name"
      />
      <TextField
        label="E-mail"
        type="email"
        value={user.email}
        readOnly
        disabled
        hint="Your e-mail is your sign-in and cannot be changed here."
      />
      <TextField
        label="Phone"
        type="tel"
        required
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        error={errors.phone}
        autoComplete="tel"
      />
      <Button type="submit" loading={save.isPending} loadingText="Saving...">
        Save Changes
      </Button>
    </form>
  );
}
