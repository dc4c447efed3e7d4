import { STOP_VIEWING_CLIENT } from '@/features/tax-pros/utils/links';
import { useUserInfo } from '@/lib/user';

/** While a tax pro works on a client's books (spec 001 §2 banners): 'Viewing as {email}' and the way
 * back, 'Back to tax pro dashboard' (a form post: the server ends the session switch). */
export function TaxProViewingBanner() {
  const me = useUserInfo().data?.me;
  if (!me?.isTaxProViewingClient) return null;
  return (
    <div className="banners" data-testid="tax-pro-viewing-banner">
      <div className="banner banner--warning" role="status">
        <span>Viewing as {me.email}</span>
        <form method="post" action={STOP_VIEWING_CLIENT}>
          <button type="submit" className="button button--ghost button--small">
            Back to tax pro dashboard
          </button>
        </form>
      </div>
    </div>
  );
}
