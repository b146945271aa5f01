import {
  CUSTOMER_MESSAGES,
  customerProfileUpdateRequest,
  PROFILE_MESSAGES,
  type User,
} from '@shop/contracts';
import { TextField } from '../../../components/ui/form-field';
import { queryClient } from '../../../lib/query-client';
import { customerSession, profileQuery } from '../../../lib/sessions';
import { toast } from '../../../lib/toast';
import { updateCustomerProfile } from '../api/profile-api';
import { ProfileForm } from './profile-form';

export function CustomerProfileForm({ user }: { user: User }) {
  return (
    <ProfileForm
      schema={customerProfileUpdateRequest}
      photoUrl={user.photo_url}
      photoHint={PROFILE_MESSAGES.photoHint}
      values={{ name: user.name, phone: user.phone ?? '' }}
      save={updateCustomerProfile}
      onSaved={({ user: updated, message }) => {
        queryClient.setQueryData(
          profileQuery('customer', customerSession.getState().token).queryKey,
          updated,
        );
        toast.success(message);
      }}
      onFailed={() => toast.error(CUSTOMER_MESSAGES.profileUpdateFailed)}
    >
      {(register, errors) => (
        <>
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
            error={errors.phone}
            autoComplete="tel"
            {...register('phone')}
          />
        </>
      )}
    </ProfileForm>
  );
}
