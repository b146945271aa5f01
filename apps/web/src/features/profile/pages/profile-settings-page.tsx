import { useState } from 'react';
import { CUSTOMER_MESSAGES, PAGE_HEADINGS, type CustomerPasswordUpdateRequest } from '@shop/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { useCustomer } from '../../../lib/sessions';
import { toast } from '../../../lib/toast';
import { updateCustomerPassword } from '../api/profile';
import { CustomerProfileForm } from '../components/customer-profile-form';
import { PasswordForm } from '../components/password-form';
import { Tabs } from '../components/tabs';

type Tab = 'profile' | 'password';
const TABS: { key: Tab; label: string }[] = [
  { key: 'profile', label: 'Profile Settings' },
  { key: 'password', label: 'Change Password' },
];

export default function ProfileSettingsPage() {
  const customer = useCustomer();
  const [tab, setTab] = useState<Tab>('profile');
  return (
    <>
      <PageHeader title={PAGE_HEADINGS.profileSettings} description="Your name, phone, photo and password." />
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <Tabs label={PAGE_HEADINGS.profileSettings} tabs={TABS} active={tab} onChange={setTab}>
          {!customer ? (
            <PageSpinner />
          ) : tab === 'profile' ? (
            <CustomerProfileForm key={customer.id} user={customer} />
          ) : (
            <PasswordForm
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
          )}
        </Tabs>
      </div>
    </>
  );
}
