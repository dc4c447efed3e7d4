import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DelayedSpinner } from '@/components/DelayedSpinner';
import { useUserInfo, VIEW_AS_FORBIDDEN } from '@/lib/user';

/** A page closed to a professional or admin viewing as a user (spec 000 §2, §6: the file-import routes). */
export function ForbidViewAs({ children }: { children: ReactNode }) {
  const me = useUserInfo();
  if (me.isPending) return <DelayedSpinner />;
  if (me.data?.me?.viewAsUserId) {
    return (
      <div className="page">
        <div className="card empty-state" role="alert" data-testid="view-as-forbidden">
          <p className="empty-state__title">{VIEW_AS_FORBIDDEN}</p>
          <Link className="button" to="/wallets">
            Back to wallets
          </Link>
        </div>
      </div>
    );
  }
  return <>{children}</>;
}
