import { useId } from 'react';
import { SubmitButton } from '@/components/SubmitButton';
import { formatPercent } from '@/lib/format';
import { useTransferMutation } from '@/features/review/api/useTransferMutation';
import { transferPair, type ReviewTransaction } from '@/features/review/utils/transfer';
import { TransactionSummary } from './TransactionSummary';

/** One flagged leg: its summary, reason and link, with Link or Unlink. */
export function ReviewItem({ transaction, onLink }: { transaction: ReviewTransaction; onLink: () => void }) {
  const unlink = useTransferMutation('unlink');
  const textId = useId();
  const linkedId = transaction.linkedTransactionId;
  return (
    <li className="review-item" data-testid="review-item" data-transaction-id={transaction.id}>
      <div className="review-item__text" id={textId}>
        <TransactionSummary transaction={transaction} />
        {transaction.reviewReason ? (
          <p className="review-item__reason" data-testid="review-reason">
            {transaction.reviewReason}
          </p>
        ) : null}
        {linkedId ? (
          <p className="review-item__link" data-testid="review-linked">
            Linked to transaction {linkedId}
            {transaction.linkConfidence !== null ? ` · Confidence ${formatPercent(transaction.linkConfidence)}` : ''}
          </p>
        ) : null}
      </div>
      {linkedId ? (
        <SubmitButton
          type="button"
          className="button"
          data-testid="review-unlink"
          aria-describedby={textId}
          pending={unlink.isPending}
          onClick={() => unlink.mutate(transferPair(transaction, linkedId))}
        >
          Unlink
        </SubmitButton>
      ) : (
        <button type="button" className="button" data-testid="review-link" aria-describedby={textId} onClick={onLink}>
          Link
        </button>
      )}
    </li>
  );
}
