import type { ReactNode } from 'react';
import { LoadFailed } from '@/components/LoadStates';
import { formatFiat, sumDecimals } from '@/lib/format';
import { PAGE_SIZE } from '@/features/wallets/api/pageSize';

/** One paginated account list in a card: title with count and total value, loading and error states. */
export function AccountSection({
  id,
  title,
  total,
  items,
  currency,
  pending,
  failed,
  onRetry,
  page,
  onPage,
  children,
}: {
  id: string;
  title: string;
  total: number | undefined;
  items: readonly { value: string | null }[];
  currency: string;
  pending: boolean;
  failed: boolean;
  onRetry: () => void;
  page: number;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  const pages = Math.max(1, Math.ceil((total ?? 0) / PAGE_SIZE));
  const totalValue = items.some((item) => item.value !== null) ? sumDecimals(items.map((item) => item.value)) : null;
  return (
    <section className="card" aria-labelledby={`${id}-heading`} data-testid={`${id}-section`}>
      <header className="card__header">
        <h2 className="card__title" id={`${id}-heading`}>
          {title} <span className="card__count">{total ?? ''}</span>
        </h2>
        {totalValue !== null ? (
          <span className="card__aside" data-testid={`${id}-total`}>
            {formatFiat(totalValue, currency)}
          </span>
        ) : null}
      </header>
      {pending ? (
        <ul className="account-list" aria-busy="true" aria-label={`Loading ${title.toLowerCase()}`}>
          {[0, 1, 2].map((index) => (
            <li key={index} className="account-row account-row--skeleton" aria-hidden="true">
              <span className="skeleton skeleton--icon" />
              <span className="skeleton skeleton--text" />
            </li>
          ))}
        </ul>
      ) : failed ? (
        <LoadFailed title={`We couldn't load your ${title.toLowerCase()}`} onRetry={onRetry} />
      ) : (
        children
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label={`${title} pages`}>
          <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </button>
        </nav>
      ) : null}
    </section>
  );
}
