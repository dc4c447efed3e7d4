import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/LoadStates';
import { useCredits, useRedeemCoupon, useSubscriptionPlans, useUnifiedSubscription } from '@/features/plans/api/usePlans';
import { barWidth, checkoutPath, planPrice, transactionLimit } from '@/features/plans/utils/plans';
import { formatCount, formatDate, formatFiat } from '@/lib/format';
import './plans.css';

/** /subscription/manage: the plan held and its usage, every plan to move to, coupon codes and credits. */
export function ManageSubscriptionPage() {
  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1 className="page__title">Subscription plans</h1>
          <p className="page__subtitle">One plan per tax year, sized by your number of transactions.</p>
        </div>
      </header>
      <CurrentPlan />
      <PlanChoices />
      <Coupon />
      <Credits />
    </div>
  );
}

function CurrentPlan() {
  const query = useUnifiedSubscription();
  const subscription = query.data?.unifiedSubscription;
  const portfolio = query.data?.portfolioSubscription;
  return (
    <section className="card card--padded" aria-labelledby="current-plan-title">
      <h2 id="current-plan-title" className="card__title">
        Your plan
      </h2>
      {subscription && portfolio ? (
        <div className="plan-usage" data-testid="current-plan">
          <p>
            Tax plan: <strong>{subscription.subscriptionPlan.name}</strong>
            {subscription.paymentState !== 'PAID' ? ` (payment ${subscription.paymentState.toLowerCase().replace('_', ' ')})` : null}
            {subscription.coversThroughTaxYear !== null ? `, covering tax years through ${subscription.coversThroughTaxYear}` : null}
          </p>
          <p>
            {formatCount(subscription.transactionCounts.netTransactionCount)} net transactions ·{' '}
            {transactionLimit(subscription.transactionLimit)}
          </p>
          {subscription.transactionLimit !== null ? (
            <div className="limit-card__bar" role="progressbar" aria-label="Transactions used" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Number(subscription.progressPercent)}>
              <span style={{ width: barWidth(subscription.progressPercent) }} />
            </div>
          ) : null}
          {subscription.tooManyTransactionsMessage ? (
            <p className="notice notice--warning">{subscription.tooManyTransactionsMessage}</p>
          ) : null}
          <p>
            Recommended for your taxes: <strong>{subscription.recommendedPlanForTax.name}</strong>,{' '}
            {planPrice(subscription.recommendedPlanForTax.price.final)}
            {subscription.recommendedPlanForTax.price.discountReason
              ? ` (${formatFiat(subscription.recommendedPlanForTax.price.discount, 'USD')} off: ${subscription.recommendedPlanForTax.price.discountReason})`
              : null}
          </p>
          <p>
            Portfolio plan: <strong>{portfolio.subscriptionPlan.name}</strong>
            {portfolio.trialEndDate ? `, trial until ${formatDate(portfolio.trialEndDate)}` : null}
          </p>
        </div>
      ) : (
        <Loading failed={query.isError} title="Your plan could not be loaded." onRetry={() => void query.refetch()} />
      )}
    </section>
  );
}

function PlanChoices() {
  const plans = useSubscriptionPlans();
  const current = useUnifiedSubscription().data?.unifiedSubscription.subscriptionPlan.internalName;
  return (
    <section className="card card--padded" aria-labelledby="plan-choices-title">
      <h2 id="plan-choices-title" className="card__title">
        Plans
      </h2>
      {plans.data ? (
        <div className="plans-grid">
          {plans.data.map((plan) => (
            <article key={plan.internalName} className={`card card--padded plan-card${plan.internalName === current ? ' plan-card--current' : ''}`}>
              <h3>{plan.name}</h3>
              <p>{planPrice(plan.price.original)}</p>
              <p>{transactionLimit(plan.transactionLimit)}</p>
              <ul>
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              {plan.internalName === current ? (
                <span>Your plan</span>
              ) : Number(plan.price.original) > 0 ? (
                <Link className="button button--primary" to={checkoutPath(plan.internalName)}>
                  Choose {plan.name}
                </Link>
              ) : null}
            </article>
          ))}
        </div>
      ) : (
        <Loading failed={plans.isError} title="The plans could not be loaded." onRetry={() => void plans.refetch()} />
      )}
    </section>
  );
}

function Coupon() {
  const [code, setCode] = useState('');
  const redeem = useRedeemCoupon();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    redeem.mutate(code);
  };
  const answer = redeem.data;
  return (
    <section className="card card--padded" aria-labelledby="coupon-title">
      <h2 id="coupon-title" className="card__title">
        Coupon code
      </h2>
      <form className="coupon-form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">Code</span>
          <input className="input" value={code} maxLength={64} onChange={(event) => setCode(event.target.value)} />
        </label>
        <button type="submit" className="button" disabled={redeem.isPending}>
          Redeem
        </button>
      </form>
      {answer ? (
        <p className={`notice ${answer.success ? 'notice--success' : 'notice--warning'}`} role="status">
          {answer.success ? 'Code redeemed.' : answer.message}
        </p>
      ) : null}
    </section>
  );
}

function Credits() {
  const credits = useCredits();
  if (!credits.data?.length) return null;
  return (
    <section className="card card--padded" aria-labelledby="credits-title">
      <h2 id="credits-title" className="card__title">
        Credits
      </h2>
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Credit</th>
              <th scope="col">From</th>
              <th scope="col">Status</th>
              <th scope="col">Expires</th>
            </tr>
          </thead>
          <tbody>
            {credits.data.map((credit) => (
              <tr key={credit.id}>
                <td>{formatFiat(credit.amount, 'USD')}</td>
                <td>{credit.reason}</td>
                <td>{credit.status}</td>
                <td>{formatDate(credit.expiresAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Loading({ failed, title, onRetry }: { failed: boolean; title: string; onRetry: () => void }) {
  return failed ? <LoadFailed title={title} onRetry={onRetry} /> : <span className="skeleton skeleton--block" aria-busy="true" />;
}
