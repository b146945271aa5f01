import { useState, type ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';

type Tab = 'profile' | 'password';

interface SettingsTabsProps {
  heading: string;
  description: string;
  /** The first tab's label. */
  profileLabel: string;
  /** The profile form; null while the signed-in account is not known yet. */
  profileForm: ReactNode | null;
  passwordForm: ReactNode;
}

/** An account's settings page: its profile and its password, on two tabs. */
export function SettingsTabs({
  heading,
  description,
  profileLabel,
  profileForm,
  passwordForm,
}: SettingsTabsProps) {
  const [tab, setTab] = useState<Tab>('profile');
  const tabs: { key: Tab; label: string }[] = [
    { key: 'profile', label: profileLabel },
    { key: 'password', label: 'Change Password' },
  ];
  return (
    <>
      <PageHeader title={heading} description={description} />
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <Tabs label={heading} tabs={tabs} active={tab} onChange={setTab}>
          {profileForm === null ? <PageSpinner /> : tab === 'profile' ? profileForm : passwordForm}
        </Tabs>
      </div>
    </>
  );
}
