import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DelayedSpinner } from '@/components/DelayedSpinner';
import { useUserInfo } from '@/lib/user';

/** The tax-pro pages are for registered tax professionals; anyone else is shown where to register. */
export function RequireTaxPro({ children }: { children: ReactNode }) {
  const me = useUserInfo();
  if (me.isPending) return <DelayedSpinner />;
  if (!me.data?.me?.registeredAsTaxPro || me.data.me.isTaxProViewingClient) {
    return (
      <div className="page">
        <div className="empty-state" data-testid="not-a-tax-pro">
          <p className="empty-state__title">This area is for tax professionals</p>
          <p className="empty-state__text">
            <Link to="/tax-professionals">Register as a tax professional</Link> to work on your clients' books.
          </p>
        </div>
      </div>
    );
  }
  return <>{children}</>;
}
