import { ADMIN_MESSAGES, adminProfileUpdateRequest, PROFILE_MESSAGES, type Admin } from '@shop/contracts';
import { TextField } from '../../../components/ui/form-field';
import { useMessageDialogs } from '../../../components/ui/message-dialogs';
import { queryClient } from '../../../lib/query-client';
import { adminSession, profileQuery } from '../../../lib/sessions';
import { toast } from '../../../lib/toast';
import { updateAdminProfile } from '../api/profile-api';
import { ProfileForm } from './profile-form';

export function AdminProfileForm({ admin }: { admin: Admin }) {
  const dialogs = useMessageDialogs();
  return (
    <ProfileForm
      schema={adminProfileUpdateRequest}
      photoUrl={admin.photo_url}
      photoHint={`Optional. ${PROFILE_MESSAGES.photoHint}`}
      values={{ name: admin.name, email: admin.email }}
      save={updateAdminProfile}
      onSaved={({ admin: updated }) => {
        queryClient.setQueryData(profileQuery('admin', adminSession.getState().token).queryKey, updated);
        toast.success(ADMIN_MESSAGES.profileUpdated);
      }}
      onFailed={() =>
        void dialogs.alert({
          title: ADMIN_MESSAGES.errorTitle,
          message: ADMIN_MESSAGES.profileUpdateFailed,
          tone: 'error',
        })
      }
    >
      {(register, errors) => (
        <TextField
          label="E-mail"
          type="email"
          required
          error={errors.email}
          autoComplete="email"
          {...register('email')}
        />
      )}
    </ProfileForm>
  );
}
