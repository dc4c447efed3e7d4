import { Link } from 'react-router';
import { PAGE_META } from '@/features/public-site/utils/pages';
import { PORTFOLIO_PLANS, TAX_PLANS } from '@/features/public-site/utils/plans';
import { usePageMeta } from '@/features/public-site/utils/meta';
import { Hero } from './Hero';

export function PricingPage() {
  usePageMeta(PAGE_META.pricing);
  return (
    <main className="public-page">
      <Hero title="Pricing" lead="One plan per tax year, sized by your number of transactions." />
      <div className="public-grid" data-testid="plan-cards">
        {TAX_PLANS.map((plan) => (
          <article key={plan.name} className="public-card">
            <h2>{plan.tiers.join(' / ')}</h2>
            <p>{plan.summary}</p>
            <ul>
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <Link className="button button--primary" to="/signup">
              Start for free
            </Link>
          </article>
        ))}
      </div>
      <p className="public-note">Portfolio plans: {PORTFOLIO_PLANS.join(' and ')}.</p>
    </main>
  );
}
