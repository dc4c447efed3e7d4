import { Link } from 'react-router';
import { usePricingPlans } from '@/features/public-site/api/usePricingPlans';
import { PAGE_META } from '@/features/public-site/utils/pages';
import { planFamilies, tierLimit, tierPrice } from '@/features/public-site/utils/plans';
import { usePageMeta } from '@/features/public-site/utils/meta';
import { formatFiat } from '@/lib/format';
import { useSignedIn } from '@/lib/session';
import { SignUpButton } from './AuthButtons';
import { Hero } from './Hero';

/** /plans: every unified tax plan from the plan table; a signed-in visitor chooses one and checks out. */
export function PricingPage() {
  usePageMeta(PAGE_META.pricing);
  const signedIn = useSignedIn();
  const { data, isError } = usePricingPlans();
  return (
    <main className="public-page">
      <Hero title="Pricing" lead="One plan per tax year, sized by your number of transactions." />
      {isError ? <p className="public-note">The plans could not be loaded. Please reload the page.</p> : null}
      <div className="public-grid" data-testid="plan-cards">
        {planFamilies(data?.unifiedPlans ?? []).map((family) => (
          <article key={family.title} className="public-card">
            <h2>{family.title}</h2>
            <p>{family.tiers[0].summary}</p>
            <ul>
              {family.tiers.map((tier) => (
                <li key={tier.internalName}>
                  <strong>{tier.name}</strong>: {tierPrice(tier)}, {tierLimit(tier).toLowerCase()}
                </li>
              ))}
            </ul>
            <ul>
              {family.tiers[family.tiers.length - 1].features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            {!signedIn ? (
              <SignUpButton section="pricing" sectionTitle={family.title} />
            ) : (
              family.tiers
                .filter((tier) => Number(tier.price.original) > 0)
                .map((tier) => (
                  <Link key={tier.internalName} className="button button--primary" to={`/subscription/checkout?plan=${tier.internalName}`}>
                    Choose {tier.name}
                  </Link>
                ))
            )}
          </article>
        ))}
      </div>
      {data ? (
        <p className="public-note">
          Portfolio plans:{' '}
          {data.portfolioPlans
            .map((plan) => `${plan.name} (${Number(plan.price) === 0 ? 'free' : `${formatFiat(plan.price, 'USD')} a month, ${plan.trialDays}-day trial`})`)
            .join(' and ')}
          .
        </p>
      ) : null}
    </main>
  );
}
