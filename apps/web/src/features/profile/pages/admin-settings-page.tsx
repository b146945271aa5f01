import {
  ADMIN_MESSAGES,
  PAGE_HEADINGS,
  adminPasswordUpdateRequest,
  type AdminPasswordUpdateRequest,
} from '@shop/contracts';
import { useMessageDialogs } from '../../../components/ui/message-dialogs';
import { useAdmin } from '../../../lib/sessions';
import { toast } from '../../../lib/toast';
import { updateAdminPassword } from '../api/profile-api';
import { AdminProfileForm } from '../components/admin-profile-form';
import { PasswordForm } from '../components/password-form';
import { SettingsTabs } from '../components/settings-tabs';

export default function AdminSettingsPage() {
  const admin = useAdmin();
  const dialogs = useMessageDialogs();
  return (
    <SettingsTabs
      heading={PAGE_HEADINGS.accountSettings}
      description="Your admin profile and password."
      profileLabel="Profile Information"
      profileForm={admin ? <AdminProfileForm key={admin.id} admin={admin} /> : null}
      passwordForm={
        <PasswordForm
          owner={{ email: admin?.email, name: admin?.name }}
          schema={adminPasswordUpdateRequest}
          names={{ current: 'current_password', next: 'password', confirmation: 'password_confirmation' }}
          save={(body) => updateAdminPassword(body as AdminPasswordUpdateRequest)}
          onSaved={() => toast.success(ADMIN_MESSAGES.passwordUpdated)}
          onFailed={() =>
            void dialogs.alert({
              title: ADMIN_MESSAGES.errorTitle,
              message: ADMIN_MESSAGES.passwordUpdateFailed,
              tone: 'error',
            })
          }
        />
      }
    />
  );
}
