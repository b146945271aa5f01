import { useState } from 'react';
import { ADMIN_MESSAGES, PAGE_HEADINGS, type AdminPasswordUpdateRequest } from '@shop/contracts';
import { useMessageDialogs } from '../../../components/ui/message-dialogs';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { useAdmin } from '../../../lib/sessions';
import { toast } from '../../../lib/toast';
import { updateAdminPassword } from '../api/profile';
import { AdminProfileForm } from '../components/admin-profile-form';
import { PasswordForm } from '../components/password-form';
import { Tabs } from '../components/tabs';

type Tab = 'profile' | 'password';
const TABS: { key: Tab; label: string }[] = [
  { key: 'profile', label: 'Profile Information' },
  { key: 'password', label: 'Change Password' },
];

export default function AdminSettingsPage() {
  const admin = useAdmin();
  const dialogs = useMessageDialogs();
  const [tab, setTab] = useState<Tab>('profile');
  return (
    <>
      <PageHeader title={PAGE_HEADINGS.accountSettings} description="Your admin profile and password." />
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <Tabs label={PAGE_HEADINGS.accountSettings} tabs={TABS} active={tab} onChange={setTab}>
          {!admin ? (
            <PageSpinner />
          ) : tab === 'profile' ? (
            <AdminProfileForm key={admin.id} admin={admin} />
          ) : (
            <PasswordForm
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
          )}
        </Tabs>
      </div>
    </>
  );
}
