import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { DelayedSpinner } from '@/components/DelayedSpinner';
import { useUserInfo } from '@/lib/user';

/** Admin-only pages (spec 001 §2, §6): anyone else is sent to the dashboard. Only an admin can view as a
 * user, so a viewer keeps the pages while viewing as one. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const me = useUserInfo();
  if (me.isPending) return <DelayedSpinner />;
  const viewingAsAdmin = me.data?.me?.viewAsUserId && !me.data.me.isTaxProViewingClient;
  if (!me.data?.me?.isAdmin && !viewingAsAdmin) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
