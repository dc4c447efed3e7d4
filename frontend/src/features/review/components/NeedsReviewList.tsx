import { useId, useState } from 'react';
import { LoadFailed } from '@/components/LoadStates';
import { useReviewTransactions } from '@/features/review/api/useReviewTransactions';
import { REVIEW_PAGE_SIZE, type ReviewTransaction } from '@/features/review/utils/transfer';
import { LinkTransferDialog } from './LinkTransferDialog';
import { ReviewItem } from './ReviewItem';
import './review.css';

/** Transfer legs of one account flagged for review, with their reason, link and Link / Unlink actions. */
export function NeedsReviewList({ accountId }: { accountId: string }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const [linking, setLinking] = useState<ReviewTransaction | null>(null);
  const review = useReviewTransactions(accountId, page);
  const items = review.data?.transactions.items ?? [];
  const total = review.data?.transactions.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE));

  return (
    <section className="card" aria-labelledby={headingId} data-testid="needs-review">
      <header className="card__header">
        <h2 className="card__title" id={headingId}>
          Needs review <span className="card__count">{review.isSuccess ? total : ''}</span>
        </h2>
      </header>
      {review.isPending ? (
        <p className="review-list__status" aria-busy="true">
          <span className="skeleton skeleton--text" aria-hidden="true" />
          <span className="visually-hidden">Loading transactions to review</span>
        </p>
      ) : review.isError ? (
        <LoadFailed title="We couldn't load the transactions to review" onRetry={() => void review.refetch()} />
      ) : items.length === 0 ? (
        <p className="review-list__status" data-testid="needs-review-empty">
          Nothing to review: every transfer of this account is matched.
        </p>
      ) : (
        <ul className="review-list" aria-labelledby={headingId}>
          {items.map((transaction) => (
            <ReviewItem key={transaction.id} transaction={transaction} onLink={() => setLinking(transaction)} />
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label="Needs review pages">
          <button type="button" className="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className="button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </button>
        </nav>
      ) : null}
      {linking ? <LinkTransferDialog transaction={linking} onClose={() => setLinking(null)} /> : null}
    </section>
  );
}
