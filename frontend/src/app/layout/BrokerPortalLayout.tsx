import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { DelayedSpinner } from '@/components/DelayedSpinner';
import { useAppliedTheme } from '@/lib/theme';
import { useSignOut } from '@/features/auth/api/useSignOut';
import { TaxCenterTopBar } from '@/features/broker/components/TaxCenterTopBar';
import type { CbeFlags } from '@/features/broker/utils/menus';
import { StatusPanel } from '@/features/status/components/StatusPanel';
import { Banners } from './Banners';

/** The broker portal (spec 001 §2): the Tax Center top bar over the page, no sidebar. */
export function BrokerPortalLayout({ user, email }: { user: CbeFlags; email: string }) {
  useAppliedTheme();
  const signOut = useSignOut();
  return (
    <div className="broker-portal" data-layout="broker-portal">
      <TaxCenterTopBar user={user} email={email} onSignOut={() => void signOut()} />
      <div className="app-topbar">
        <StatusPanel />
      </div>
      <Banners />
      <main className="broker-portal__main" id="main">
        <Suspense fallback={<DelayedSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
