import { useUserInfo } from '@/lib/user';
import { menuLayout } from '@/features/broker/utils/menus';
import { useViewMode } from '@/features/broker/utils/viewMode';
import { AppShell } from './AppShell';
import { BrokerPortalLayout } from './BrokerPortalLayout';

/** The signed-in pages' frame: the broker portal for a broker in broker view, else the app shell (whose
 * sidebar is reduced in the consumer view of broker mode). */
export function PortalShell() {
  const me = useUserInfo().data?.me;
  const [mode] = useViewMode(me?.enableCbe);
  if (me && menuLayout(me, mode) === 'broker-portal') {
    return <BrokerPortalLayout user={me} email={me.email.toLowerCase()} />;
  }
  return <AppShell />;
}
