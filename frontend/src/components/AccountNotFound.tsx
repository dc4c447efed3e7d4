import { Link } from 'react-router';

/** An account id that isn't the user's (or isn't of the page's kind). */
export function AccountNotFound() {
  return (
    <div className="page">
      <div className="card empty-state" data-testid="account-not-found">
        <p className="empty-state__title">Account not found</p>
        <p className="empty-state__text">This account doesn't exist or was deleted.</p>
        <Link className="button" to="/wallets">
          Back to wallets
        </Link>
      </div>
    </div>
  );
}
