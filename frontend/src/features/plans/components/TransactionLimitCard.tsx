import { Link } from 'react-router';
import { useUnifiedSubscription } from '@/features/plans/api/usePlans';
import { barWidth } from '@/features/plans/utils/plans';
import { EVENTS, trackEvent } from '@/lib/analytics';
import { formatCount } from '@/lib/format';
import './plans.css';

/**
 * The sidebar's transaction-limit card (spec 001 §2, §9): shown once the net transaction count is above
 * the plan's limit, with the count over the limit, a bar capped at 100 % and the paid or free message.
 */
export function TransactionLimitCard({ expanded }: { expanded: boolean }) {
  const { data } = useUnifiedSubscription();
  const subscription = data?.unifiedSubscription;
  if (!expanded || !subscription?.exceedsLimit || subscription.transactionLimit === null) return null;
  const paid = subscription.isPaid;
  const net = subscription.transactionCounts.netTransactionCount;
  return (
    <aside className={`limit-card limit-card--${paid ? 'paid' : 'free'}`} aria-label="Transaction limit" data-testid="transaction-limit-card">
      <p className="limit-card__head">
        <span className="limit-card__title">Transaction limit</span>
        <span className="limit-card__badge">{subscription.subscriptionPlan.name}</span>
      </p>
      <p className="limit-card__count">
        {formatCount(net)} / {formatCount(subscription.transactionLimit)} transactions
      </p>
      <div
        className="limit-card__bar"
        role="progressbar"
        aria-label="Transactions used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Number(subscription.progressPercent)}
      >
        <span style={{ width: barWidth(subscription.progressPercent) }} />
      </div>
      <p className="limit-card__message">{subscription.tooManyTransactionsMessage}</p>
      <Link className="button button--primary limit-card__action" to="/plans" onClick={() => trackEvent(EVENTS.transactionLimitCardClicked)}>
        {paid ? 'See plans' : 'Upgrade plan'}
      </Link>
    </aside>
  );
}
