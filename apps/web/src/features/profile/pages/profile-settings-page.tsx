import {
  CUSTOMER_MESSAGES,
  PAGE_HEADINGS,
  customerPasswordUpdateRequest,
  type CustomerPasswordUpdateRequest,
} from '@shop/contracts';
import { useCustomer } from '../../../lib/sessions';
import { toast } from '../../../lib/toast';
import { updateCustomerPassword } from '../api/profile-api';
import { CustomerProfileForm } from '../components/customer-profile-form';
import { PasswordForm } from '../components/password-form';
import { SettingsTabs } from '../components/settings-tabs';

export default function ProfileSettingsPage() {
  const customer = useCustomer();
  return (
    <SettingsTabs
      heading={PAGE_HEADINGS.profileSettings}
      description="Your name, phone, photo and password."
      profileLabel="Profile Settings"
      profileForm={customer ? <CustomerProfileForm key={customer.id} user={customer} /> : null}
      passwordForm={
        <PasswordForm
          owner={{ email: customer?.email, name: customer?.name }}
          schema={customerPasswordUpdateRequest}
          names={{
            current: 'current_password',
            next: 'new_password',
            confirmation: 'new_password_confirmation',
          }}
          save={async (body) => {
            const { message } = await updateCustomerPassword(body as CustomerPasswordUpdateRequest);
            toast.success(message);
          }}
          onSaved={() => undefined}
          onFailed={() => toast.error(CUSTOMER_MESSAGES.passwordUpdateFailed)}
        />
      }
    />
  );
}
