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
      <DebugPermission />
    </ProfileSettings>
  );
}
