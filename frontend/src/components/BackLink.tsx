import { Link } from 'react-router';
import './back-link.css';

/** "← Wallets" above a page title; read as "Back to Wallets". */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link className="back-link" to={to} data-testid="back-link">
      <span aria-hidden="true">← </span>
      <span className="visually-hidden">Back to </span>
      {label}
    </Link>
  );
}
