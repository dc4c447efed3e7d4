import { useUserInfo } from '@/lib/user';

export const NO_DEBUG_PERMISSION = 'No permission to debug this account!';

/** While an admin views as a user (spec 001 §2 banners): who, their id, whether they may change anything,
 * and the way back to the admin's own account. */
export function ViewAsBanner() {
  const me = useUserInfo().data?.me;
  if (!me?.viewAsUserId || me.isTaxProViewingClient) return null; // a tax pro has their own banner
  return (
    <div className="banners" data-testid="view-as-banner">
      <div className="banner banner--warning" role="status">
        <span>
          Viewing as {me.email} ID: {me.viewAsUserId}
        </span>
        <form method="post" action="/user/view-as/stop">
          <button type="submit" className="button button--ghost button--small">
            Stop viewing
          </button>
        </form>
      </div>
      {me.debugPermission ? null : (
        <div className="banner banner--error" role="alert">
          {NO_DEBUG_PERMISSION}
        </div>
      )}
    </div>
  );
}
