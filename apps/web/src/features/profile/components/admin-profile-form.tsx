import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ADMIN_MESSAGES, FILE_PICKER_ACCEPT, type Admin } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { useMessageDialogs } from '../../../components/ui/message-dialogs';
import { isApiError } from '../../../lib/api-error';
import { adminSession } from '../../../lib/sessions';
import { toast } from '../../../lib/toast';
import { updateAdminProfile } from '../api/profile';
import { PhotoField } from './photo-field';

export function AdminProfileForm({ admin }: { admin: Admin }) {
  const dialogs = useMessageDialogs();
  const [name, setName] = useState(admin.name);
  const [email, setEmail] = useState(admin.email);
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: updateAdminProfile,
    onMutate: () => setErrors({}),
    onSuccess: ({ admin: updated }) => {
      adminSession.setProfile(updated);
      setPhoto(null);
      toast.success(ADMIN_MESSAGES.profileUpdated);
    },
    onError: (error) => {
      if (isApiError(error)) setErrors(error.firstErrors());
      void dialogs.alert({
        title: ADMIN_MESSAGES.errorTitle,
        message: ADMIN_MESSAGES.profileUpdateFailed,
        tone: 'error',
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const form = new FormData();
    form.append('name', name);
    form.append('email', email);
    if (photo) form.append('photo', photo);
    save.mutate(form);
  };

  return (
    <form onSubmit={submit} noValidate className="max-w-xl space-y-5">
      <PhotoField
        currentUrl={admin.photo_url}
        file={photo}
        onChange={setPhoto}
        accept={FILE_PICKER_ACCEPT.profilePhoto}
        hint="Optional. Any image, up to 10 MB."
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
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        autoComplete="email"
      />
      <Button type="submit" loading={save.isPending} loadingText="Saving...">
        Save Changes
      </Button>
    </form>
  );
}
