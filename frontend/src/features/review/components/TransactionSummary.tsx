import { formatDateTime } from '@/lib/format';
import { flowsText, type ReviewTransaction } from '@/features/review/utils/transfer';
import './review.css';

/** When, where and what: date, account, type and flows. */
export function TransactionSummary({ transaction }: { transaction: ReviewTransaction }) {
  return (
    <span className="transaction-summary">
      <span className="transaction-summary__flows">{flowsText(transaction)}</span>
      <span className="transaction-summary__meta">
        <time dateTime={transaction.timestamp}>{formatDateTime(transaction.timestamp) ?? transaction.timestamp}</time> ·{' '}
        {transaction.accountName} · {transaction.type}
      </span>
    </span>
  );
}
