import { DeleteAccount } from '@/features/account-deletion/components/DeleteAccount';
import { useSignOut } from '@/features/auth/api/useSignOut';
import { HomePageSetting } from '@/features/onboarding/components/HomePageSetting';
import { SecuritySettings } from '@/features/security/components/SecuritySettings';
import { MethodCalendar } from '@/features/settings/components/MethodCalendar';
import { ProfileSettings } from '@/features/settings/components/ProfileSettings';
import { TaxSettings } from '@/features/settings/components/TaxSettings';
import { DebugPermission } from '@/features/view-as/components/DebugPermission';

/** /user/profile, /user/profile/tax and /cost-basis-method-calendar. */
export default function SettingsRoute({ page }: { page: 'profile' | 'tax' | 'calendar' }) {
  if (page === 'tax') return <TaxSettings />;
  if (page === 'calendar') return <MethodCalendar />;
  return (
    <ProfileSettings>
      <HomePageSetting />
      <SecuritySettings />
      <DebugPermission />
      <AccountDeletion />
    </ProfileSettings>
  );
}

/** Delete account, then signed out like any sign-out. */
function AccountDeletion() {
  const signOut = useSignOut();
  return <DeleteAccount onDeleted={() => void signOut()} />;
}
