import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { DelayedSpinner } from '@/components/DelayedSpinner';
import { useUserInfo } from '@/lib/user';
import { isBrokerMode } from '@/features/broker/utils/menus';

/** The broker demo's pages are for brokers (enableCbe with isBroker); anyone else goes to the dashboard. */
export function RequireBroker({ children }: { children: ReactNode }) {
  const me = useUserInfo();
  if (me.isPending) return <DelayedSpinner />;
  if (!isBrokerMode(me.data?.me) || me.data?.me?.viewAsUserId) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
